package builtin

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The card URL on A redirects to C's card URL, C's card pointing at C.
// card-redirect-same-host follows it when C is on A's host at another
// port, and refuses it on another host; redirect-moved-path follows it
// when C serves its card at another path, and refuses it at the
// well-known path. The reference refuses every one, and never reaches C.
func TestCrossOriginRedirectPlacement(t *testing.T) {
	const moved = "/agents/summarizer/agent-card.json"
	for _, tc := range []struct {
		client, hostC, cardPathC string
		want                     driver.Outcome
	}{
		{Reference, "127.0.0.1", "", untrusted},
		{Reference, "127.0.0.3", moved, untrusted},
		{CardRedirectSameHost, "127.0.0.1", "", completed},
		{CardRedirectSameHost, "127.0.0.3", "", untrusted},
		{CardRedirectSameHost, "127.0.0.3", moved, untrusted},
		{RedirectMovedPath, "127.0.0.3", moved, completed},
		{RedirectMovedPath, "127.0.0.3", "", untrusted},
		{RedirectMovedPath, "127.0.0.1", "", untrusted},
	} {
		t.Run(tc.client+"/C on "+tc.hostC+tc.cardPathC, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)},
					Redirect: &mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C"}},
				mockpeer.PeerSpec{Name: "C", Host: tc.hostC, CardPath: tc.cardPathC,
					Cards: []mockpeer.CardFunc{card("C", "C", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			if tc.want == untrusted {
				wantCount(t, j, "C", "", "", 0)
			}
		})
	}
}

// A card on A points at B, signed by a key B publishes (jku on B), B
// presenting A's certificate. jwks-same-host fetches B's key set when B is
// on A's host at another port, and sends there; on another host it
// refuses, as the reference does everywhere, never reaching B.
func TestJWKSSameHost(t *testing.T) {
	for _, tc := range []struct {
		client, hostB string
		want          driver.Outcome
	}{
		{Reference, "127.0.0.1", untrusted},
		{JWKSSameHost, "127.0.0.1", completed},
		{JWKSSameHost, "127.0.0.2", untrusted},
	} {
		t.Run(tc.client+"/B on "+tc.hostB, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B", requireBearer)},
					Signing: &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true, Publisher: "B"}},
				mockpeer.PeerSpec{Name: "B", Host: tc.hostB, Identity: "A", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			if tc.want == untrusted {
				wantCount(t, j, "B", "", "", 0)
			} else {
				wantCount(t, j, "B", journal.RouteA2A, wire.MethodSendMessage, 1)
			}
		})
	}
}
