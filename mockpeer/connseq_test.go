package mockpeer

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Every request names the connection record of the connection it came on
// (ConnSeq): two requests on one kept-alive connection the same record,
// a request on a fresh connection its own; a request through no listener
// none.
func TestRequestsNameTheirConnection(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	kept, fresh := httpsClient(t, f, false), httpsClient(t, f, false)
	card := p.Origin() + wire.WellKnownCardPath
	do(t, kept, http.MethodGet, card, "", nil)
	do(t, kept, http.MethodGet, card, "", nil)
	do(t, fresh, http.MethodGet, card, "", nil)
	kept.Transport.(*http.Transport).CloseIdleConnections()
	fresh.Transport.(*http.Transport).CloseIdleConnections()
	waitFor(t, "both connections journaled", func() bool {
		return len(f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteConnection })) == 2
	})
	conns := map[int64]bool{}
	for _, e := range f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteConnection }) {
		conns[e.Seq] = true
	}
	cards := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard })
	if len(cards) != 3 {
		t.Fatalf("%d card requests journaled, want 3", len(cards))
	}
	if on := []int64{cards[0].ConnSeq, cards[1].ConnSeq, cards[2].ConnSeq}; !conns[on[0]] || !conns[on[2]] || on[0] != on[1] || on[0] == on[2] {
		t.Errorf("card requests name connections %v; want the kept one twice, then the fresh one, of %v", on, conns)
	}
	rec := httptest.NewRecorder()
	p.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, card, nil))
	if direct := lastExchange(t, f, journal.RouteCard); direct.ConnSeq != 0 {
		t.Errorf("a request through no listener names connection %d, want 0", direct.ConnSeq)
	}
}
