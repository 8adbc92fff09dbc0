// Package builtin is the registry of the built-in clients of a2a-conform:
// the reference client of runner/refclient, and clients that each break
// one rule of the contract model (docs/contract-model.md) the way someone
// would plausibly ship it. A suite that cannot fail a known-bad client
// proves nothing: the self-test plays the whole catalog against each one
// and pins which requirements it fails.
//
// Each of these mutants is the reference with a decision or two replaced
// through refclient.Config's Unsafe fields, one small override per file,
// named after the client. They are reachable only by name:
//
//	client, err := builtin.Lookup("ttl-cache") // what --client builtin:ttl-cache runs
//
// Lookup gives an in-process runner.Client; PlayWith gives the bare function,
// which `a2a-conform client --policy NAME` runs under the driver contract.
//
// Names lists the reference and the mutants. Gallery lists the adversarial
// clients (gallery.go): no plausible client, but the cheapest ways to look
// conformant without doing the work (send nothing and report what the
// scenario expects, guess from the card, hard-code the endpoint). They
// exist to prove that every scenario fails them at MUST level, never for
// use. All lists both.
package builtin
