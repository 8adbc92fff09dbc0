// Package journal is the record of what the mock peers saw: the exchange
// (one request and its answer, or one connection), its routes, the bounds
// that cut it (Bound, JournalLimits) and the journal that keeps exchanges
// encoded (journal_codec.go) in arrival order, with its JSON lines, written
// (WriteJSONLines) and read back (DecodeJSONLines). The farm (mockpeer)
// redacts each exchange, bounds it and appends it here; the checks, the
// report and the live page read it. It imports no other package of the
// module but a2a/wire, so a reader of journals links no farm.
package journal
