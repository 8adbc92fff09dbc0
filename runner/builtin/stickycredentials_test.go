package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A card requiring the bearer token, then one requiring the API key alone:
// the reference sends the bearer token in the first task only; in a
// session, sticky-credentials keeps sending it in the second (CRED-009),
// and in one-shot mode each task's process starts empty: it is the
// reference. default-bearer-header sends it in the second task whatever
// the mode.
func TestCredentialsPerTask(t *testing.T) {
	for _, tc := range []struct {
		client string
		mode   driver.Mode
		bearer bool // in the second task
	}{
		{Reference, driver.ModeSession, false},
		{StickyCredentials, driver.ModeSession, true},
		{StickyCredentials, driver.ModeOneShot, false},
		{DefaultBearerHeader, driver.ModeSession, true},
		{DefaultBearerHeader, driver.ModeOneShot, true},
	} {
		t.Run(tc.client+"/"+string(tc.mode), func(t *testing.T) {
			peer := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer), card("A", "A", requireAPIKey)}}
			rotate := func(f *mockpeer.Farm) error { return f.Peer("A").Rotate(1) }
			outs, j := playChanges(t, tc.client, tc.mode, mockpeer.Grants{Bearer: true, APIKey: true}, []mockpeer.PeerSpec{peer}, nil, rotate)
			for _, out := range outs {
				wantOutcome(t, out, driver.OutcomeCompleted, "")
			}
			sends := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
			if !slices.Contains(sends[0].Auth.Presented, journal.CredBearer) {
				t.Errorf("the first send carried %v, want the bearer token", sends[0].Auth.Presented)
			}
			if got := slices.Contains(sends[1].Auth.Presented, journal.CredBearer); got != tc.bearer {
				t.Errorf("the second send carried %v: the bearer token %v, want %v", sends[1].Auth.Presented, got, tc.bearer)
			}
		})
	}
}
