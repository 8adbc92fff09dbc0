// Package refclient is the reference client of a2a-conform: an A2A v1.0
// client that implements the decision boundary of docs/contract-model.md.
//
// What the reference does, in order:
//
//  1. fetches the card (A2A-Version: 1.0), trusting only the configured
//     root, following same-origin redirects only;
//  2. picks the first interface that speaks 1.0 over JSON-RPC or HTTP+JSON
//     and for which the card is authoritative: on the card's origin, or
//     elsewhere when a signature verifies (spec §8.4) with a key the card's
//     origin publishes and the endpoint presents the card origin's TLS
//     principal, which is then pinned;
//  3. satisfies the skill's effective security requirement with the
//     credentials it holds, sending them only where the card is
//     authoritative (a token request only to the card's origin);
//  4. revalidates the card right before the send, even inside max-age, and
//     aborts if the contract hash changed (capability drift is fine);
//  5. sends, then follows the task under the frozen contract (no card
//     fetch, no cancel) in its send mode (Config.SendMode, mode.go): Poll,
//     the default, sends with returnImmediately and polls GetTask; Block
//     sends without it and gets the task terminal or interrupted; Stream
//     reads the events of SendStreamingMessage, resubscribing with
//     SubscribeToTask (then polling) when a stream ends early, and falls
//     back to Poll when the card does not declare streaming.
//
// Config.Binding prefers JSON-RPC or HTTP+JSON when the card offers it on
// an interface the client may use; by default the card's order decides.
//
// Go users call it as a library:
//
//	c, err := refclient.New(refclient.Config{CardURL: url, Skill: "summarize"})
//	if err != nil { ... }
//	defer c.Close()
//	res, err := c.Delegate(ctx, "Summarize this")
//	outcome := refclient.OutcomeOf(res, err)
//
// or step by step with FetchCard, Open, Revalidate, Session.Adopt and
// Session.Deliver (or, polling, Session.Send and Session.Await). Run plays
// one driver-contract assignment.
//
// Each decision the contract model rules on is a small interface
// (decisions.go): CardCache, Revalidator, CredentialChoice, OriginGate,
// SignatureCheck (signed.go), Protocol and TaskWatcher, the reference's
// being the default. Config.UnsafeDecisions replaces them; nothing else
// does. The clients that break a rule on purpose, which the suite must
// fail, are overrides kept in runner/builtin.
package refclient
