// Package builtin is the registry of the built-in clients of a2a-conform:
// the reference client of runner/refclient, and clients that each break
// one rule of the contract model (docs/contract-model.md) the way someone
// would plausibly ship it. A suite that cannot fail a known-bad client
// proves nothing: the self-test plays the whole catalog against each one
// and pins which requirements it fails.
//
// Every built-in client is the reference with a decision or two replaced
// through refclient.Config's Unsafe fields, one small override per file,
// named after the client. They are reachable only by name:
//
//	client, err := builtin.Lookup("ttl-cache") // what --client builtin:ttl-cache runs
//
// Lookup gives an in-process runner.Client; Play gives the bare function,
// which `a2a-conform client --policy NAME` runs under the driver contract.
package builtin
