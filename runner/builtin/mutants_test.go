package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestRefetchEveryTransition(t *testing.T) {
	skillMoved := func(_ mockpeer.Origins, c *wire.AgentCard) { c.Skills = c.Skills[1:] } // contract unchanged
	for _, tc := range []struct {
		client    string
		moreCards bool
		cancels   int
		outcome   driver.OutcomeKind
	}{
		{Reference, false, 0, driver.OutcomeCompleted},
		{RefetchEveryTransition, true, 1, driver.OutcomeCanceled},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{}, mockpeer.PeerSpec{
				Name:      "A",
				Cards:     []mockpeer.CardFunc{card("A", "A"), card("A", "A", skillMoved)},
				Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterSend}, To: 1}},
			})
			wantOutcome(t, out, tc.outcome, "")
			if out.TaskID == "" {
				t.Errorf("no taskId in the outcome")
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodCancelTask, tc.cancels)
			cards := at(j, "A", journal.RouteCard, "")
			if got := len(cards) > 2; got != tc.moreCards {
				t.Fatalf("%d card fetches, want fetches after the send: %v", len(cards), tc.moreCards)
			}
			if tc.moreCards && cards[2].Header.Get("If-None-Match") != "" {
				t.Errorf("fetch after the send is conditional, want an unconditional GET")
			}
		})
	}
}

func TestAbortOnAnyChange(t *testing.T) {
	drift := func(_ mockpeer.Origins, c *wire.AgentCard) { c.Version, c.Skills = "1.1.0", c.Skills[:1] }
	for _, tc := range []struct {
		client  string
		drift   bool
		sends   int
		outcome driver.OutcomeKind
		reason  driver.Reason
	}{
		{Reference, true, 1, driver.OutcomeCompleted, ""},
		{AbortOnAnyChange, true, 0, driver.OutcomeAborted, driver.ReasonContractChanged},
		{AbortOnAnyChange, false, 1, driver.OutcomeCompleted, ""},
	} {
		name := tc.client + "/unchanged"
		spec := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A")}}
		if tc.drift {
			name = tc.client + "/capability-drift"
			spec.Cards = append(spec.Cards, card("A", "A", drift))
			spec.Rotations = []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterCardResponses, N: 1}, To: 1}}
		}
		t.Run(name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{}, spec)
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteCard, "", 2)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
		})
	}
}

// Rule 6: a card on A points at B, or A redirects to C. The reference
// sends nothing there; follow-url sends everything.
func TestFollowURL(t *testing.T) {
	for _, tc := range []struct {
		client string
		want   driver.Outcome
	}{{Reference, untrusted}, {FollowURL, completed}} {
		t.Run(tc.client+"/interfaces on another origin", func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B", requireBearer)}},
				mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			wantCount(t, j, "A", journal.RouteA2A, "", 0)
			sends := at(j, "B", journal.RouteA2A, wire.MethodSendMessage)
			if tc.want == untrusted {
				wantCount(t, j, "B", "", "", 0)
				return
			}
			if len(sends) != 1 || !slices.Contains(sends[0].Auth.Presented, journal.CredBearer) {
				t.Errorf("B saw %d sends, want one carrying the bearer token", len(sends))
			}
		})
		t.Run(tc.client+"/card redirect to another origin", func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A")},
					Redirect: &mockpeer.Redirect{Status: 301, To: "C"}},
				mockpeer.PeerSpec{Name: "C", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("C", "C")}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			if tc.want == untrusted {
				wantCount(t, j, "C", "", "", 0)
				return
			}
			wantCount(t, j, "C", journal.RouteCard, "", 2)
			wantCount(t, j, "C", journal.RouteA2A, wire.MethodSendMessage, 1)
		})
	}
}

// A signs a card pointing at B (which presents A's TLS principal), but the
// key is published by B: only a client that takes keys from anywhere
// believes it.
func TestTrustAnySignature(t *testing.T) {
	for _, tc := range []struct {
		client string
		want   driver.Outcome
		atB    []string
	}{
		{Reference, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}, nil},
		{TrustAnySignature, driver.Outcome{Outcome: driver.OutcomeCompleted}, []string{journal.RouteJWKS, journal.RouteA2A}},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B", requireBearer)},
					Signing: &mockpeer.Signing{JKU: true, Publisher: "B"}},
				mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Identity: "A", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			var atB []string
			for _, e := range j.Select(func(e journal.Exchange) bool { return e.Peer == "B" && e.Route != journal.RouteConnection }) {
				atB = append(atB, e.Route)
			}
			if atB = slices.Compact(atB); !slices.Equal(atB, tc.atB) {
				t.Errorf("B saw routes %v, want %v", atB, tc.atB)
			}
		})
	}
}
