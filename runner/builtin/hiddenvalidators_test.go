package builtin

import (
	"net/http"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The contract changes right after the first look at the card. Each of
// these revalidations is answered 304 under the new card, so the client
// sends; the journal's copy of its headers may not show why, and the
// peer's reading of them (Exchange.Validators) does.
func TestHiddenValidators(t *testing.T) {
	for _, tc := range []struct {
		client string
		heads  int    // HEAD requests before the revalidation
		cut    string // the bound the journal's copy of the headers met, "" none
		tags   int    // the revalidation's If-None-Match members
		star   bool
	}{
		{HiddenStar, 0, "header", 3, true},
		{Header70, 0, "headerValues", 70, true},
		{HeadThenRevalidate, 1, "", 2, false},
		{HeadSecondLine, 1, "", 2, false},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{OAuth: true}, rotatesToMTLSAfterFirstCard())
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)
			cards := wantCount(t, j, "A", journal.RouteCard, "", 2+tc.heads)
			for _, head := range cards[1 : 1+tc.heads] {
				if head.Method != http.MethodHead {
					t.Errorf("%s, want a HEAD before the revalidation", head.Line())
				}
			}
			reval := cards[len(cards)-1]
			if reval.Status != http.StatusNotModified || reval.CardVersion != 1 {
				t.Errorf("revalidation answered %d under card v%d, want 304 under v1", reval.Status, reval.CardVersion)
			}
			v := reval.Validators
			if v == nil || v.TagCount != tc.tags || v.Star != tc.star || v.Unserved == 0 || v.AllServed() {
				t.Errorf("%s: validators %+v, want %d members, star %v, some never served", reval.Line(), v, tc.tags, tc.star)
			}
			cut := slices.ContainsFunc(reval.Cuts, func(c journal.Cut) bool { return c.Field == tc.cut })
			if tc.cut != "" && !cut {
				t.Errorf("%s: cuts %+v, want the journal's %s bound met", reval.Line(), reval.Cuts, tc.cut)
			}
			if tc.cut == "" && len(reval.Truncated) > 0 {
				t.Errorf("%s: headers cut", reval.Line())
			}
		})
	}
}

// held-follow-up sends without blocking, then, instead of any poll, a
// follow-up the peer holds to the task's end: nothing ever showed it the
// task running once the card had changed.
func TestHeldFollowUp(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playSession(t, HeldFollowUp, mode, 1, mockpeer.Grants{}, skillMovesMidTask(50, 90))
			sends := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
			if sends[0].Blocking || sends[0].StateBefore != "" {
				t.Errorf("first send %s, want a task created without blocking", sends[0].Line())
			}
			if f := sends[1]; !f.Blocking || f.TaskID != sends[0].TaskID || f.StateBefore == "" || f.StateAfter != wire.TaskStateCompleted ||
				f.StateVersion != 1 || len(f.RunningShown) > 0 {
				t.Errorf("follow-up %s (running shown %v), want the task held to its end, across the change", f.Line(), f.RunningShown)
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodGetTask, 0)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodCancelTask, 0)
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
		})
	}
}
