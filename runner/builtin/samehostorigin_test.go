package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A card on A points at B. With B on A's host at another port, only the
// reference sees another origin; with B on another host, both do.
func TestSameHostOrigin(t *testing.T) {
	for _, tc := range []struct {
		client, hostB string
		want          driver.Outcome
	}{
		{Reference, "127.0.0.1", untrusted},
		{SameHostOrigin, "127.0.0.1", completed},
		{Reference, "127.0.0.2", untrusted},
		{SameHostOrigin, "127.0.0.2", untrusted},
	} {
		t.Run(tc.client+"/B on "+tc.hostB, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B", requireBearer)}},
				mockpeer.PeerSpec{Name: "B", Host: tc.hostB, Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			if tc.want == untrusted {
				wantCount(t, j, "B", "", "", 0)
			}
		})
	}
}
