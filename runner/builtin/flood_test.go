package builtin

import (
	"context"
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The flood is one more request than the journal keeps whole: the least
// that fails GEN-005 anywhere.
func TestFloodExceedsTheWholeJournalByOne(t *testing.T) {
	if FloodRequests != mockpeer.DefaultJournalLimits.Exchanges+1 {
		t.Errorf("FloodRequests = %d, want the journal's %d whole exchanges and one more", FloodRequests, mockpeer.DefaultJournalLimits.Exchanges)
	}
}

// playFlood plays one task per change with the flood client in mode,
// sharing one state directory as a session does, each change made to the
// farm right before its task.
func playFlood(t *testing.T, mode driver.Mode, changes ...func(*mockpeer.Farm) error) ([]driver.Outcome, *mockpeer.Journal) {
	t.Helper()
	farm, a := startFarm(t, mockpeer.Grants{}, openPeer())
	a.StateDir = t.TempDir()
	session, err := SessionWith(Flood, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var outs []driver.Outcome
	for i, change := range changes {
		if change != nil {
			if err := change(farm); err != nil {
				t.Fatal(err)
			}
		}
		do := session
		if mode == driver.ModeOneShot {
			if do, err = PlayWith(Flood, Options{}); err != nil {
				t.Fatal(err)
			}
		}
		a.Task = i + 1
		outs = append(outs, do(context.Background(), a))
	}
	return outs, closeFarm(t, farm)
}

// heads counts the flood's requests: HEADs of the card.
func heads(j *mockpeer.Journal) int {
	return len(j.Select(func(e mockpeer.Exchange) bool { return e.Route == mockpeer.RouteCard && e.Method == http.MethodHead }))
}

// The flood is bounded by its count: FloodRequests card requests in the
// session's first task, none after, in either mode; the task itself is
// the reference's.
func TestFloodOncePerSession(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playFlood(t, mode, nil, nil)
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
	impostor := func(f *mockpeer.Farm) error { return f.Peer("A").PresentImpostor() }
	genuine := func(f *mockpeer.Farm) error { return f.Peer("A").PresentGenuine() }
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playFlood(t, mode, impostor, genuine)
			wantOutcome(t, outs[0], driver.OutcomeFailed, driver.ReasonTransportError)
			wantOutcome(t, outs[1], driver.OutcomeCompleted, "")
			// The flood's first request and the reference's card fetch.
			if refused := j.Select(mockpeer.Exchange.HandshakeRefusedByClient); len(refused) != 2 {
				t.Errorf("%d refused handshakes, want 2", len(refused))
			}
			if got := heads(j); got != FloodRequests {
				t.Errorf("%d card HEADs in the session, want %d", got, FloodRequests)
			}
		})
	}
}
