// Package examples holds the Go tests of the example driver-contract
// clients of docs/examples (Python 3 and Node.js, standard library only):
// each runs through the real driver contract, in both modes, against a
// one-peer farm and must complete plain tasks, and abort with
// binding-unsupported a card that lists no JSON-RPC interface.
package examples
