package mockpeer

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// TestBodyTapSeesASecretSplitAcrossReads: a body that arrives a byte at a
// time (no declared length) still has its secret named, the tail of each
// read carried into the next, and the journal's capture is the body as
// sent; a body of one read is captured from the text its scan made.
func TestBodyTapSeesASecretSplitAcrossReads(t *testing.T) {
	s, _ := testIndex(t)
	body := `{"note":"` + s.bearer + `"}`
	for _, tc := range []struct {
		name  string
		src   io.Reader
		limit int
	}{
		{"one read", strings.NewReader(body), 16 << 10},
		{"byte by byte", iotest.OneByteReader(strings.NewReader(body)), 16 << 10},
		{"past the capture", iotest.OneByteReader(strings.NewReader(body)), 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/", io.NopCloser(tc.src))
			w := httptest.NewRecorder()
			tap := &bodyTap{}
			tapBody(tap, w, http.NewResponseController(w), r, DefaultServerLimits, tc.limit, s)
			rest, err := io.ReadAll(r.Body)
			if err != nil {
				t.Fatal(err)
			}
			if string(rest) != body {
				t.Fatalf("handler read %q, want %q", rest, body)
			}
			if got := tap.presented(); !slices.Contains(got, journal.CredBearer) {
				t.Fatalf("presented %v, want %s among them", got, journal.CredBearer)
			}
			got, cut := tap.captured()
			if want := body[:min(len(body), tc.limit)]; got != want || cut != (tc.limit < len(body)) {
				t.Fatalf("captured %q cut=%v, want %q cut=%v", got, cut, want, tc.limit < len(body))
			}
		})
	}
}

// TestJournalAsReplacesTheReadText: a gRPC call's transcript replaces the
// frames one read captured, even at their very length, and is cut to the
// capture limit like any body.
func TestJournalAsReplacesTheReadText(t *testing.T) {
	s, _ := testIndex(t)
	frames := "\x00\x00\x00\x00\x0bbinary-poll"
	for _, tc := range []struct {
		name, transcript string
		limit            int
	}{
		{"as long as the frames", `{"id":"task-1x"}`, 16 << 10},
		{"past the capture", `{"id":"task-1"}`, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.limit > len(frames) && len(tc.transcript) != len(frames) {
				t.Fatalf("the case needs a transcript of %d bytes, has %d", len(frames), len(tc.transcript))
			}
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(frames))
			w := httptest.NewRecorder()
			tap := &bodyTap{}
			tapBody(tap, w, http.NewResponseController(w), r, DefaultServerLimits, tc.limit, s)
			if _, err := io.ReadAll(r.Body); err != nil {
				t.Fatal(err)
			}
			tap.journalAs(tc.transcript)
			got, cut := tap.captured()
			if want := tc.transcript[:min(len(tc.transcript), tc.limit)]; got != want || cut != (tc.limit < len(tc.transcript)) {
				t.Fatalf("captured %q cut=%v, want %q cut=%v", got, cut, want, tc.limit < len(tc.transcript))
			}
		})
	}
}

// TestDraftContextAnswersBothKeys: the router's one context layer hands
// out the draft and the Call inside it, and the parent's values and
// cancellation pass through it.
func TestDraftContextAnswersBothKeys(t *testing.T) {
	type other struct{}
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), other{}, "kept"))
	d := &draft{cardVersion: -1}
	ctx := &draftContext{Context: parent, d: d}
	if draftFrom(ctx) != d {
		t.Fatal("draft not answered")
	}
	if agent.CallFrom(ctx) != &d.call {
		t.Fatal("the draft's Call not answered")
	}
	if ctx.Value(other{}) != "kept" {
		t.Fatal("a parent's value lost")
	}
	cancel()
	<-ctx.Done()
	if ctx.Err() != context.Canceled {
		t.Fatalf("Err %v after the parent was cancelled", ctx.Err())
	}
}
