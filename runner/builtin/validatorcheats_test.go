package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The contract changes right after the first look at a card whose only
// validator is Last-Modified. The reference revalidates with
// If-Modified-Since, is answered the new card and aborts; etag-only takes
// the card for one without validator, never asks again, and sends.
func TestETagOnly(t *testing.T) {
	for _, tc := range []struct {
		client  string
		cards   int
		sends   int
		outcome driver.OutcomeKind
		reason  driver.Reason
	}{
		{Reference, 2, 0, driver.OutcomeAborted, driver.ReasonContractChanged},
		{ETagOnly, 1, 1, driver.OutcomeCompleted, ""},
	} {
		t.Run(tc.client, func(t *testing.T) {
			a := rotatesToMTLSAfterFirstCard()
			a.Caching.NoETag = true
			out, j := play(t, tc.client, mockpeer.Grants{OAuth: true}, a)
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
			cards := wantCount(t, j, "A", journal.RouteCard, "", tc.cards)
			if tc.cards < 2 {
				return
			}
			if v := cards[1].Validators; v == nil || v.DateCount == 0 || v.TagCount > 0 || v.Unserved > 0 {
				t.Errorf("revalidation asked %+v, want the Last-Modified given and nothing else", v)
			}
		})
	}
}

// An interface declaring 1.0.1 speaks 1.0 (spec §3.6 ignores a patch
// number): the reference completes there, labelled 1.0; exact-version
// refuses it, and takes 1.0 as it is.
func TestExactVersion(t *testing.T) {
	for _, tc := range []struct {
		client, version string
		want            driver.OutcomeKind
	}{
		{Reference, "1.0.1", driver.OutcomeCompleted},
		{ExactVersion, "1.0.1", driver.OutcomeAborted},
		{ExactVersion, "1.0", driver.OutcomeCompleted},
	} {
		t.Run(tc.client+"/"+tc.version, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{}, mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", atVersion(tc.version))}})
			reason := driver.Reason("")
			if tc.want == driver.OutcomeAborted {
				reason = driver.ReasonVersionUnsupported
			}
			wantOutcome(t, out, tc.want, reason)
			for _, e := range at(j, "A", journal.RouteA2A, "") {
				if e.A2AVersion != wire.ProtocolVersion {
					t.Errorf("%s labelled A2A-Version %q, want %s", e.Line(), e.A2AVersion, wire.ProtocolVersion)
				}
			}
		})
	}
}
