package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// underTenant: the A2A request named tenant t.
func underTenant(t string) exOpt { return func(ex *journal.Exchange) { ex.Tenant = t } }

func onlyInterfaceAt1Cases() []checkCase {
	const want = `every A2A request to the interface under tenant "current", labelled A2A-Version 1.0`
	return []checkCase{
		{"the card only: nothing was sent", journalOf(fetch("A")), notApplicable("the client sent no A2A request")},
		{"every call under the 1.0 interface's tenant",
			journalOf(fetch("A"), send("A", underTenant("current")), call("A", wire.MethodGetTask, underTenant("current"))), passed()},
		{"the first entry of the binding taken, whatever its version",
			journalOf(fetch("A"), send("A", underTenant("legacy"), answered(http.StatusOK, wire.ErrVersionNotSupported.RPCCode))),
			failed(want, `SendMessage at #2 named tenant "legacy"`, 2)},
		{"a poll under another interface than the send's",
			journalOf(send("A", underTenant("current")), call("A", wire.MethodGetTask, underTenant("legacy"))),
			failed(want, `GetTask at #2 named tenant "legacy"`, 2)},
		{"no tenant: the client ignored the interface's",
			journalOf(send("A")), failed(want, `SendMessage at #1 named tenant ""`, 1)},
		{"refused unread for want of a version: a 0.3 request whatever it named",
			journalOf(send("A", a2aVersion(""), refusedUnread())), failed(want, `SendMessage at #1 carried A2A-Version ""`, 1)},
		{"the right tenant, spoken as 0.3 (no A2A-Version)",
			journalOf(send("A", underTenant("current"), a2aVersion(""))), failed(want, `SendMessage at #1 carried A2A-Version ""`, 1)},
		{"a 0.3 path, which no interface of the card has",
			journalOf(fetch("A"), request("A", journal.RouteUnmatched, http.MethodPost, "/v1/message:send")),
			failed(want, "#2 POST /v1/message:send: a path no interface of the card has", 2)},
	}
}

// onlyInterfaceCases: the tenant alone; the label is GEN-001's.
func onlyInterfaceCases() []checkCase {
	const want = `every A2A request to the interface under tenant "first"`
	return []checkCase{
		{"every call under the first interface's tenant, one unlabelled",
			journalOf(fetch("A"), send("A", underTenant("first"), a2aVersion("")), call("A", wire.MethodGetTask, underTenant("first"))),
			passed()},
		{"the last entry of the binding taken", journalOf(fetch("A"), send("A", underTenant("second"))),
			failed(want, `SendMessage at #2 named tenant "second"`, 2)},
		{"nothing sent", journalOf(fetch("A")), notApplicable("the client sent no A2A request")},
		{"an unlabelled request the peer refused unread, then one under the first tenant",
			journalOf(send("A", a2aVersion(""), refusedUnread()), send("A", underTenant("first"))), passed()},
		{"an unlabelled request the peer read, under the second tenant",
			journalOf(send("A", a2aVersion(""), underTenant("second"))), failed(want, `SendMessage at #1 named tenant "second"`, 1)},
	}
}

// refusedUnread: the peer refused the request before its handler read it.
func refusedUnread() exOpt {
	return func(ex *journal.Exchange) {
		ex.Malformed, ex.ErrorCode, ex.TaskID, ex.StateAfter = "no A2A-Version", wire.ErrVersionNotSupported.RPCCode, "", ""
	}
}
