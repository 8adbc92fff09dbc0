package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// onlyInterface: every A2A request names tenant, the interface the client
// should have picked; a request to a path no A2A peer serves was sent to
// no interface the card lists, and fails it too (a 0.3 client's path). A
// request the peer refused before reading it (Malformed) named no
// interface it served. A tenant the journal cut was longer than any the
// card lists, so it fails.
func onlyInterface(tenant string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return pickedInterface(ev, tenant, false)
	}
}

// onlyInterfaceAt1 is onlyInterface, every request also labelled
// A2A-Version 1.0: an unlabelled one is a 0.3 request (spec §3.6.2), sent
// to the 0.3 interface whatever its tenant.
func onlyInterfaceAt1(tenant string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return pickedInterface(ev, tenant, true)
	}
}

func pickedInterface(ev *Evidence, tenant string, labelled bool) verdict.Judgement {
	calls := ev.Select(func(ex journal.Exchange) bool {
		return ex.Route == journal.RouteA2A || ex.Route == journal.RouteUnmatched
	})
	if len(calls) == 0 {
		return notApplicable("the client sent no A2A request")
	}
	want := fmt.Sprintf("every A2A request to the interface under tenant %q", tenant)
	if labelled {
		want += ", labelled A2A-Version " + wire.ProtocolVersion
	}
	for _, ex := range calls {
		switch {
		case ex.Route == journal.RouteUnmatched:
			return failed(want, fmt.Sprintf("#%d %s %s: a path no interface of the card has", ex.Seq, ex.Method, ex.Path), ex.Seq)
		case labelled && ex.A2AVersion != wire.ProtocolVersion:
			return failed(want, fmt.Sprintf("%s at #%d carried A2A-Version %q%s", opOrPath(ex), ex.Seq, clip(ex.A2AVersion, 64),
				cutNote(ex, "a2aVersion")), ex.Seq)
		case ex.Malformed != "":
			// Refused before the peer read which interface it named: GEN-001
			// and GEN-002 judge it, it reached no interface.
		case ex.Tenant != tenant:
			return failed(want, fmt.Sprintf("%s at #%d named tenant %q%s", ex.Op, ex.Seq, clip(ex.Tenant, 64), cutNote(ex, "tenant")), ex.Seq)
		}
	}
	return passed()
}
