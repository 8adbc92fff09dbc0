package builtin

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The flood is one more request than the journal keeps whole: the least
// that fails GEN-005 anywhere.
func TestFloodExceedsTheWholeJournalByOne(t *testing.T) {
	if FloodRequests != journal.DefaultJournalLimits.Exchanges+1 {
		t.Errorf("FloodRequests = %d, want the journal's %d whole exchanges and one more", FloodRequests, journal.DefaultJournalLimits.Exchanges)
	}
}

// heads counts the flood's requests: HEADs of the card.
func heads(j *journal.Journal) int {
	return len(j.Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard && e.Method == http.MethodHead }))
}

// The flood is bounded by its count: FloodRequests card requests in the
// session's first task, none after, in either mode; the task itself is
// the reference's.
func TestFloodOncePerSession(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playChanges(t, Flood, mode, mockpeer.Grants{}, []mockpeer.PeerSpec{openPeer()}, nil, nil)
			for i, out := range outs {
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				t.Logf("task %d: %s", i+1, out.Detail)
			}
			if got := heads(j); got != FloodRequests {
				t.Errorf("%d card HEADs in the session, want %d", got, FloodRequests)
			}
		})
	}
}

// A card URL that gets no answer (the impostor's certificate, refused)
// ends that task's flood at its first request, and the next task whose
// card answers floods: one refused handshake, not a thousand.
func TestFloodWaitsForAnAnswer(t *testing.T) {
	genuine := func(f *mockpeer.Farm) error { return f.Peer("A").PresentGenuine() }
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playChanges(t, Flood, mode, mockpeer.Grants{}, []mockpeer.PeerSpec{openPeer()}, presentImpostor, genuine)
			wantOutcome(t, outs[0], driver.OutcomeFailed, driver.ReasonTransportError)
			wantOutcome(t, outs[1], driver.OutcomeCompleted, "")
			// The flood's first request and the reference's card fetch.
			if refused := j.Select(journal.Exchange.HandshakeRefusedByClient); len(refused) != 2 {
				t.Errorf("%d refused handshakes, want 2", len(refused))
			}
			if got := heads(j); got != FloodRequests {
				t.Errorf("%d card HEADs in the session, want %d", got, FloodRequests)
			}
		})
	}
}
