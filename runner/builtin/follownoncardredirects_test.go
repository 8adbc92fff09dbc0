package builtin

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A's card points at A, whose JSON-RPC endpoint answers 307 to C's, on A's
// host at another port. The reference refuses the redirect and never
// reaches C; follow-non-card-redirects follows it, its token with it, and
// completes the task at C.
func TestFollowNonCardRedirects(t *testing.T) {
	for _, tc := range []struct {
		client string
		want   driver.Outcome
		atC    int
	}{
		{Reference, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}, 0},
		{FollowNonCardRedirects, driver.Outcome{Outcome: driver.OutcomeCompleted}, 1},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)},
					A2ARedirect: &mockpeer.Redirect{Status: http.StatusTemporaryRedirect, To: "C"}},
				mockpeer.PeerSpec{Name: "C", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("C", "C", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			sends := wantCount(t, j, "C", journal.RouteA2A, wire.MethodSendMessage, tc.atC)
			if tc.atC == 0 {
				wantCount(t, j, "C", "", "", 0)
			} else if len(sends[0].Auth.Presented) == 0 {
				t.Errorf("the send redirected to C presented no credential")
			}
		})
	}
}
