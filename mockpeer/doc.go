// Package mockpeer is the mock peer farm: scripted A2A v1.0 agents on
// loopback, each on its own origin, that a client under test talks to over
// real HTTPS while every exchange is journaled for the checks that judge
// it afterwards.
//
// A FarmSpec says what each peer does: its card versions (built by
// CardFuncs once every port is known), how the card is cached or
// redirected, which events rotate it, how its tasks progress, which
// Hooks change its decisions, and which credentials the client is given. Start binds, freezes and serves;
// Close stops everything. Nothing fails inside a handler: a peer answers
// what its script says and records what it saw, and the scenario asserts
// on the Journal once the client is done.
//
// Every peer serves
//
//	GET  /.well-known/agent-card.json   the card in force (ETag, Last-Modified, Cache-Control, 304, redirect)
//	GET  /agents/card.json              the same, never redirected, where a same-origin redirect points (only then)
//	POST /oauth/token                   OAuth 2.0 client credentials; tokens valid farm-wide
//	GET  /.well-known/jwks.json         the keys this peer publishes for card signatures
//	POST /a2a/jsonrpc                   the JSON-RPC binding
//	     /a2a/rest/...                  the HTTP+JSON binding
//
// and journals anything else as route "unmatched" with a 404, never
// silently. Every TCP connection a peer accepts is journaled too (route
// "connection"), whatever came of it: the peer makes the TLS handshake
// itself and scans every byte the client sends, the ClientHello and any
// client certificate included, before net/http parses any of it. Secrets
// (found as sent and in every form a server decodes, by the scan that also
// says which credentials a request presented) and private keys are
// redacted, then every field is bounded (JournalLimits), before an
// exchange is stored; each connection is
// bounded in time and size (ServerLimits). The record itself, the scan
// and the redaction live in the journal leaf (mockpeer/journal), which a
// reader of journals imports without the farm; the farm mints the
// secrets, seals each exchange with them (seal.go) and appends it.
//
// The admin API (journal, card, rotate, reset, impostor, genuine) is not
// on any peer's origin: it has its own loopback listener, Farm.AdminURL,
// and answers only calls bearing Farm.AdminSecret, a secret made for the
// run that the client is never given.
//
// A worked example: a peer whose contract rotates from OAuth to mTLS right
// after its first card response, and a check that the client sent no task
// once it could have known.
//
//	card := mockpeer.NewCard("A").Skills(mockpeer.Skill("summarize", "Summarizes.", "text"))
//	oauth := card.Security(mockpeer.OAuthScheme("A", nil), wire.Require(mockpeer.SchemeOAuth))
//	mtls := card.Security(mockpeer.MTLSScheme(""), wire.Require(mockpeer.SchemeMTLS))
//
//	farm, err := mockpeer.Start(ctx, mockpeer.FarmSpec{
//		Grants: mockpeer.Grants{OAuth: true},
//		Peers: []mockpeer.PeerSpec{{
//			Name:      "A",
//			Skill:     "summarize",
//			Cards:     []mockpeer.CardFunc{oauth.Build, mtls.Version("1.1.0").Build},
//			Caching:   mockpeer.Caching{CacheControl: "max-age=300"},
//			Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterCardResponses, N: 1}, To: 1}},
//			Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
//				{State: wire.TaskStateWorking, Progress: 50},
//				{State: wire.TaskStateAuthRequired},
//			}, StepInterval: mockpeer.DefaultStepInterval},
//			Hooks:         mockpeer.Hooks{Admit: mockpeer.CancelRequiresMTLSWhenCardDoes()},
//			GraceRequests: 3,
//		}},
//	})
//	if err != nil { ... }
//	defer farm.Close()
//
//	creds := farm.Credentials(farm.Grants())
//	// ... launch the client with farm.Peer("A").CardURL(), farm.CAFile() and creds ...
//
//	late := farm.Journal().Select(func(e journal.Exchange) bool {
//		return e.TaskCreating() && e.CardVersion == 1
//	})
//	// len(late) > 0: the client sent a task after the contract changed.
//
// # Changes on the harness's schedule
//
// Rotation triggers (AfterCardResponses, AfterSend, AtTaskStep) follow
// what the client does, so a client that never fetches the card never
// meets a change keyed to its card responses. A change that must happen
// whatever the client does is put on the harness's schedule instead:
//
//   - Peer.Rotate(to) changes the card at once, e.g. between two tasks of
//     a session;
//   - Peer.Arm(to) arms a one-shot rotation that fires right after the
//     peer's next card response (200 or 304) or, if a SendMessage or
//     SendStreamingMessage comes first, right before that request is
//     judged. The send is admitted or refused under version to and
//     journaled with CardVersion to, so a client that hard-codes the
//     endpoint, or trusts a cache it never revalidates, is judged by the
//     contract it ignored.
//
// Both open a grace window exactly as a trigger does. The farm's lock
// makes each rotation atomic: a card response carries one version whole,
// and an armed rotation fires once.
//
// # Grace windows
//
// Every rotation opens a grace window for the version it replaced. While
// the window is open, an A2A request whose credentials fail the card in
// force but satisfy the replaced card's requirement for the peer's skill
// is admitted, and journaled with Auth.SatisfiesCurrent false and
// Auth.Admitted true. The window closes after the peer has admitted
// PeerSpec.GraceRequests A2A requests since the rotation (every admitted
// request counts, whatever it presented; refused ones do not), or once
// PeerSpec.GraceWindow has passed on the farm clock (FarmSpec.Now) since
// the rotation, whichever comes first, and stays closed until the next
// rotation. GraceRequests -1 lifts the count bound and GraceWindow 0 the
// time bound; GraceRequests 0 opens no window. Only the version the last
// rotation replaced is honoured, and no window applies while the
// EnforcedVersion hook overrides the version in force. A scenario states
// its window as, e.g., "the send under the old token is accepted within a
// grace window of 3 requests or 2 s after the rotation, whichever ends
// first".
//
// # Paced tasks
//
// TaskScript.StepInterval paces a task in time for the clients that wait
// on it: a blocking SendMessage, SendStreamingMessage and SubscribeToTask
// move the task one step per interval, on timers, instead of all at once.
// A blocking send answers once the task is terminal or interrupted (or at
// the script's last step); a stream ends there. A GetTask poll still moves
// the task one step at once: polling clients are paced by their polls. A
// change made meanwhile by someone else (a poll, CancelTask, a card fetch
// the OnCardFetch hook answers) is reported at once and does not restart
// the interval; Reset, or a client that goes away, ends the wait. So an
// AtTaskStep rotation lands while a streaming or blocking client watches.
// Zero keeps every step immediate; DefaultStepInterval (50 ms) is the
// interval meant for the catalog.
// FarmSpec.After replaces the timers, for tests that step tasks by hand.
//
// The stuck task of the field report is a script and a hook: steps
// [WORKING, AUTH_REQUIRED("present a client certificate")], a bounded grace
// window, and Hooks.Admit set to CancelRequiresMTLSWhenCardDoes. The send
// under the old token is accepted, a later GetTask shows the task in
// TASK_STATE_AUTH_REQUIRED, and CancelTask demands mTLS only once the mTLS
// card is in force.
//
// # Admin API
//
// The admin API drives the same peers from outside Go:
//
//	curl --cacert ca.pem -H "Authorization: Bearer $SECRET" https://127.0.0.1:ADMINPORT/_conform/journal
//	curl --cacert ca.pem -H "Authorization: Bearer $SECRET" -X POST 'https://127.0.0.1:ADMINPORT/_conform/rotate?peer=A&to=1'
package mockpeer
