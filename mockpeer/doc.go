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
//	POST /oauth/token                   OAuth 2.0 client credentials; tokens valid farm-wide
//	GET  /.well-known/jwks.json         the keys this peer publishes for card signatures
//	POST /a2a/jsonrpc                   the JSON-RPC binding
//	     /a2a/rest/...                  the HTTP+JSON binding
//
// and journals anything else as route "unmatched" with a 404, never
// silently. Secrets and private keys are redacted, then every field is
// bounded (JournalLimits), before an exchange is stored; each connection is
// bounded in time and size (ServerLimits).
//
// The admin API (journal, card, rotate, reset) is not on any peer's origin:
// it has its own loopback listener, Farm.AdminURL, and answers only calls
// bearing Farm.AdminSecret, a secret made for the run that the client is
// never given.
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
//			}},
//			Hooks:         mockpeer.Hooks{Admit: mockpeer.CancelRequiresMTLS()},
//			GraceRequests: 3,
//		}},
//	})
//	if err != nil { ... }
//	defer farm.Close()
//
//	creds := farm.Credentials(farm.Grants())
//	// ... launch the client with farm.Peer("A").CardURL(), farm.CAFile() and creds ...
//
//	late := farm.Journal().Select(func(e mockpeer.Exchange) bool {
//		return e.TaskCreating() && e.CardVersion == 1
//	})
//	// len(late) > 0: the client sent a task after the contract changed.
//
// The admin API drives the same peers from outside Go:
//
//	curl --cacert ca.pem -H "Authorization: Bearer $SECRET" https://127.0.0.1:ADMINPORT/_conform/journal
//	curl --cacert ca.pem -H "Authorization: Bearer $SECRET" -X POST 'https://127.0.0.1:ADMINPORT/_conform/rotate?peer=A&to=1'
package mockpeer
