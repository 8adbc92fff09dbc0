package builtin

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The contract changes right after the first look at the card. The
// reference's revalidation is answered 200 with the new card, and it
// aborts; the blind revalidations are answered 304, and they send.
func TestBlindRevalidations(t *testing.T) {
	for _, tc := range []struct {
		client   string
		status   int
		inm, ims bool // the revalidation carries If-None-Match, If-Modified-Since
		star     bool // its If-None-Match ends with "*"
		sends    int
		outcome  driver.OutcomeKind
		reason   driver.Reason
	}{
		{Reference, http.StatusOK, true, true, false, 0, driver.OutcomeAborted, driver.ReasonContractChanged},
		{BlindRevalidate, http.StatusNotModified, true, true, true, 1, driver.OutcomeCompleted, ""},
		{GuessNextModified, http.StatusNotModified, false, true, false, 1, driver.OutcomeCompleted, ""},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{OAuth: true}, rotatesToMTLSAfterFirstCard())
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
			reval := wantCount(t, j, "A", journal.RouteCard, "", 2)[1]
			if reval.Status != tc.status || reval.CardVersion != 1 {
				t.Errorf("revalidation answered %d under card v%d, want %d under v1", reval.Status, reval.CardVersion, tc.status)
			}
			inm, ims := reval.Header.Get("If-None-Match"), reval.Header.Get("If-Modified-Since")
			if (inm != "") != tc.inm || (ims != "") != tc.ims {
				t.Errorf("If-None-Match %q, If-Modified-Since %q: want them present %v, %v", inm, ims, tc.inm, tc.ims)
			}
			if strings.HasSuffix(inm, `", *`) != tc.star {
				t.Errorf("If-None-Match %q: want it to end with \", *\" %v", inm, tc.star)
			}
		})
	}
}
