package report

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Every arrow's label sits in one gap between two lifelines, and every
// marker's text is whole: the layout's own arithmetic (the browser checks
// measure what Chromium draws).
func TestDiagramLabelsFitBetweenLifelines(t *testing.T) {
	sc, lines := diagramFixture()
	d := layout(sc, lines, nil)
	xs := []int{}
	for _, ln := range d.Lanes {
		xs = append(xs, ln.X)
	}
	for _, it := range d.Items {
		if it.Marker != "" {
			for _, tl := range it.Texts() {
				if end := tl.X + textWidth(tl.Text); end > d.Width {
					t.Errorf("marker line %q ends at %d, past the diagram's %d", tl.Text, end, d.Width)
				}
				if strings.HasSuffix(tl.Text, "…") {
					t.Errorf("marker line cut: %q", tl.Text)
				}
			}
			continue
		}
		left, right := it.LabelX, it.LabelX+it.labelWidth()
		for _, x := range xs {
			if x >= left && x <= right {
				t.Errorf("label %q (x %d to %d) crosses the lifeline at %d", it.Lines, left, right, x)
			}
		}
	}
	var outcome string
	for _, it := range d.Items {
		if it.Marker == "end" && strings.Contains(it.Lines[0], "task 2") {
			outcome = strings.Join(it.Lines, " ")
		}
	}
	if !strings.HasSuffix(outcome, "END”") {
		t.Errorf("task 2's outcome is not whole: %q", outcome)
	}
}

// Each row is drawn from the lane that sent it: the operator's admin calls
// from the operator's lifeline to the admin listener's, the client's
// everything else; the lanes are the operator, the admin listener, the
// client and the peers, in that order, so that the admin lanes of a
// diagram wider than the page are in sight when it opens.
func TestDiagramLanes(t *testing.T) {
	sc, lines := diagramFixture()
	d := layout(sc, lines, nil)
	var names []string
	x := map[string]int{}
	for _, ln := range d.Lanes {
		names = append(names, ln.Name)
		x[ln.Name] = ln.X
	}
	if got := strings.Join(names, " "); got != "operator admin client A B" {
		t.Fatalf("lanes %q", got)
	}
	for _, it := range d.Items {
		if it.Marker != "" {
			continue
		}
		seq := seqOfAnchor(it.Anchor)
		l := lines[seq-1]
		wantFrom, wantTo := x["client"], x[laneOf(l)]
		if l.Route == journal.RouteAdmin {
			wantFrom = x["operator"]
		}
		if it.X1 != wantFrom || it.X2 != wantTo {
			t.Errorf("#%d drawn %d→%d, want %d→%d", seq, it.X1, it.X2, wantFrom, wantTo)
		}
	}
}

// A connection's arrow, an admin call's and a call to the admin listener
// say what they are, with a head of their own for a refusal or a hang-up:
// none is a request answered "→ 0".
func TestDiagramSaysWhatEachRowIs(t *testing.T) {
	sc, lines := diagramFixture()
	d := layout(sc, lines, nil)
	want := map[int64]struct{ label, class, head string }{
		4:  {"#4 admin POST /_conform/rotate?peer=A&to=1 → 200 · peer A at card v1", "ex admin", "arrow"},
		7:  {"#7 TLS refused: the impostor's certificate, SNI 127.0.0.1 · card v0", "ex conn tls-refused", "cross"},
		8:  {"#8 hang-up: bare TLS handshake, nothing sent · card v0", "ex conn hang-up", "open"},
		9:  {"#9 hang-up: connected, sent nothing · card v0", "ex conn hang-up", "open"},
		10: {"#10 idle: connected, sent nothing until the peer closed it · card v0", "ex conn hang-up", "open"},
		11: {"#11 not TLS: 30 bytes · card v0", "ex conn not-tls", "arrow"},
		12: {"#12 connection: 420 bytes, 2 requests · card v0", "ex conn connection", "arrow"},
		13: {"#13 GET /_conform/journal → 401 · admin listener, admin API call without the run's admin secret", "ex refused", "arrow"},
		14: {"#14 admin POST /_conform/reset → 200", "ex admin", "arrow"},
	}
	for _, it := range d.Items {
		w, ok := want[seqOfAnchor(it.Anchor)]
		if it.Marker != "" || !ok {
			continue
		}
		if got := strings.Join(it.Lines, " "); got != w.label || it.Class != w.class || it.Head != w.head {
			t.Errorf("got  %q %q %q\nwant %q %q %q", got, it.Class, it.Head, w.label, w.class, w.head)
		}
		if strings.Contains(strings.Join(it.Lines, " "), "→ 0") {
			t.Errorf("%q reads as a request answered 0", it.Lines)
		}
	}
}

// A long label wraps at spaces, a word longer than a line inside, and
// nothing is lost.
func TestWrapText(t *testing.T) {
	for _, tc := range []struct {
		s     string
		width int
		want  []string
	}{
		{"short", 20, []string{"short"}},
		{"one two three four five", 16, []string{"one two three", "four five"}},
		{strings.Repeat("x", 40), 16, []string{strings.Repeat("x", 16), strings.Repeat("x", 16), strings.Repeat("x", 8)}},
		{"a " + strings.Repeat("y", 20), 16, []string{"a", strings.Repeat("y", 16), "yyyy"}},
	} {
		got := wrapText(tc.s, tc.width)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapText(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
		if strings.ReplaceAll(strings.Join(got, ""), " ", "") != strings.ReplaceAll(tc.s, " ", "") {
			t.Errorf("wrapText(%q) lost text: %q", tc.s, got)
		}
	}
}
