package report

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Diagram geometry, in SVG user units.
const (
	laneGap    = 260
	laneLeft   = 90
	rowHeight  = 24
	headHeight = 52
	// floodThreshold: past this many exchanges in a scenario, runs of
	// consecutive exchanges of one peer and route collapse into one arrow.
	floodThreshold = 300
)

// diagram is a scenario's sequence diagram, laid out for the template.
type diagram struct {
	ID            string // the scenario's id, the prefix of its anchors
	Width, Height int
	Lanes         []lane
	Items         []item
	Arrows        int // arrow elements drawn
	Collapsed     bool
}

type lane struct {
	X            int
	Name, Origin string
}

// item is an arrow (Marker == "") or a marker row across the lanes.
type item struct {
	Y, X1, X2 int
	Marker    string // "begin" or "end" for markers
	Text      string
	Badge     string // the card version a card response served
	Anchor    string
	Class     string
	Count     int
	Title     string
}

// LabelY is where an arrow's label sits.
func (it item) LabelY() int { return it.Y - 6 }

// LeftX is the x of the leftmost end of an arrow (labels start there).
func (it item) LeftX() int { return min(it.X1, it.X2) + 8 }

// laneOf is the lane key of an exchange: the peer, whose token endpoint
// and JWKS are routes of it; the harness's admin calls get a lane of their own.
func laneOf(l journal.Exchange) string {
	if l.Route == journal.RouteAdmin || l.Peer == "" {
		return "admin"
	}
	return l.Peer
}

// exchangeAnchor is the id of the arrow of exchange seq in scenario sc.
func exchangeAnchor(sc string, seq int64) string { return fmt.Sprintf("%s-ex-%d", sc, seq) }

// failingCited are the exchanges cited by a failing requirement.
func failingCited(sc *Scenario) map[int64]bool {
	out := map[int64]bool{}
	for _, r := range sc.Requirements {
		if r.Verdict == verdict.Fail || r.Verdict == verdict.Error {
			for _, s := range r.Exchanges {
				out[s] = true
			}
		}
	}
	return out
}

type marker struct {
	pos  int // index of the exchange it comes before
	task int
	kind string
	text string
}

// taskMarkers places a begin and an end marker for every task of the
// session, by the exchanges that arrived while it was the client's.
func taskMarkers(sc *Scenario, lines []journal.Exchange) []marker {
	first := func(seq int64) int {
		return sort.Search(len(lines), func(i int) bool { return lines[i].Seq >= seq })
	}
	var out []marker
	for i, t := range sc.Tasks {
		b := first(t.FirstExchange)
		e := max(first(t.LastExchange+1), b)
		out = append(out, marker{b, i, "begin", fmt.Sprintf("task %d begins", t.Task)},
			marker{e, i, "end", fmt.Sprintf("task %d: client reported %s", t.Task, reportedOutcome(t.Outcome, t.OutcomeProblem, t.TimedOut, t.Crashed))})
	}
	if len(sc.Tasks) == 0 && (sc.Outcome != nil || sc.OutcomeProblem != "") {
		out = append(out, marker{len(lines), 0, "end", "client reported " + reportedOutcome(sc.Outcome, sc.OutcomeProblem, sc.ClientTimedOut, sc.ClientCrashed)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

// changeMarkers places a marker where the client first meets another card
// version of a peer (a rotation, a repoint, a reorganisation), saying
// whether its contract changed or only its capability fields. start, if
// non-nil, is each peer's card before the first exchange, so that a
// change before a peer's first exchange is marked too.
func changeMarkers(lines []journal.Exchange, start map[string]CardInForce) []marker {
	type seen struct {
		version int
		hash    string
	}
	last := map[string]seen{}
	for peer, c := range start {
		last[peer] = seen{c.Version, c.ContractHash}
	}
	var out []marker
	for i, l := range lines {
		prev, ok := last[l.Peer]
		last[l.Peer] = seen{l.CardVersion, l.ContractHash}
		if !ok || prev.version == l.CardVersion {
			continue
		}
		what := "only capability fields changed"
		if prev.hash != l.ContractHash {
			what = "the contract changed"
		}
		out = append(out, marker{i, 0, "change", fmt.Sprintf("peer %s: card v%d in force (was v%d): %s", l.Peer, l.CardVersion, prev.version, what)})
	}
	return out
}

// allMarkers is the task and change markers in diagram order: at one
// place, a task's begin before the changes the client meets in it.
func allMarkers(sc *Scenario, lines []journal.Exchange, start map[string]CardInForce) []marker {
	out := append(taskMarkers(sc, lines), changeMarkers(lines, start)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

func reportedOutcome(o *driver.Outcome, problem string, timedOut, crashed bool) string {
	var parts []string
	if o != nil {
		parts = append(parts, o.Short())
		if o.Detail != "" {
			parts = append(parts, "“"+o.Detail+"”")
		}
	}
	if problem != "" {
		parts = append(parts, "("+problem+")")
	}
	if timedOut {
		parts = append(parts, "timed out")
	}
	if crashed {
		parts = append(parts, "crashed")
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " ")
}

// arrowLabel is "#seq op-or-method path → status · card vN · credentials".
func arrowLabel(l journal.Exchange) string {
	if l.Route == journal.RouteConnection && l.Conn != nil {
		return connectionLabel(l)
	}
	what := l.Method + " " + l.Path
	if l.Op != "" {
		what = l.Op + " " + l.Path
	}
	s := fmt.Sprintf("#%d %s → %d", l.Seq, what, l.Status)
	if l.ErrorCode != 0 {
		s += fmt.Sprintf(" error %d", l.ErrorCode)
	}
	s += fmt.Sprintf(" · card v%d", l.CardVersion)
	if len(l.Auth.Presented) > 0 {
		s += " · " + strings.Join(l.Auth.Presented, "+")
	}
	return s
}

// layout draws a played scenario's diagram; start is as changeMarkers takes it.
func layout(sc *Scenario, lines []journal.Exchange, start map[string]CardInForce) *diagram {
	lines = append([]journal.Exchange(nil), lines...)
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Seq < lines[j].Seq })
	d := &diagram{ID: sc.ID, Collapsed: len(lines) > floodThreshold}
	x := map[string]int{"client": laneLeft}
	d.Lanes = append(d.Lanes, lane{X: laneLeft, Name: "client", Origin: "under test"})
	for _, l := range lines {
		k := laneOf(l)
		if _, ok := x[k]; !ok {
			x[k] = laneLeft + laneGap*len(d.Lanes)
			d.Lanes = append(d.Lanes, lane{X: x[k], Name: k, Origin: l.Origin})
		}
	}
	cited := failingCited(sc)
	markers := allMarkers(sc, lines, start)
	y := headHeight
	next := func() int { y += rowHeight; return y }
	mi := 0
	emitMarkers := func(pos int) {
		for ; mi < len(markers) && markers[mi].pos <= pos; mi++ {
			m := markers[mi]
			d.Items = append(d.Items, item{Y: next(), Marker: m.kind, Text: m.text, Class: "marker " + m.kind})
		}
	}
	for i := 0; i < len(lines); {
		emitMarkers(i)
		l := lines[i]
		j := i + 1
		if d.Collapsed && !cited[l.Seq] {
			for j < len(lines) && sameRun(l, lines[j]) && !cited[lines[j].Seq] && !markerAt(markers, mi, j) {
				j++
			}
		}
		it := item{Y: next(), X1: laneLeft, X2: x[laneOf(l)], Anchor: exchangeAnchor(sc.ID, l.Seq), Class: "ex", Count: j - i}
		it.Text = arrowLabel(l)
		if it.Count > 1 && l.Route == journal.RouteConnection {
			it.Text = fmt.Sprintf("×%d #%d–#%d connections", it.Count, l.Seq, lines[j-1].Seq)
		} else if it.Count > 1 {
			it.Text = fmt.Sprintf("×%d #%d–#%d %s %s", it.Count, l.Seq, lines[j-1].Seq, l.Method, l.Path) + statuses(lines[i:j])
		}
		if l.Route == journal.RouteCard && l.Status < 300 {
			it.Badge = fmt.Sprintf("serves v%d", l.CardVersion)
		}
		if cited[l.Seq] {
			it.Class += " cited"
		}
		if l.Status >= 400 {
			it.Class += " refused"
		}
		it.Title = l.Peer + " " + l.Origin + " " + l.Route
		d.Items = append(d.Items, it)
		d.Arrows++
		i = j
	}
	emitMarkers(len(lines) + 1)
	d.Width = laneLeft + laneGap*len(d.Lanes)
	for _, it := range d.Items {
		if it.Badge != "" {
			d.Width = max(d.Width, it.BadgeX()+textWidth(it.Badge)+8)
		}
	}
	for i := range d.Items {
		fitMarker(&d.Items[i], d.Width)
	}
	d.Height = y + rowHeight
	return d
}

func markerAt(ms []marker, from, pos int) bool {
	return from < len(ms) && ms[from].pos <= pos
}

func sameRun(a, b journal.Exchange) bool {
	return laneOf(a) == laneOf(b) && a.Route == b.Route && a.Op == b.Op
}

// statuses is " → 200" or " → 200/429" for a collapsed run.
func statuses(ls []journal.Exchange) string {
	seen := map[int]bool{}
	var out []string
	for _, l := range ls {
		if !seen[l.Status] {
			seen[l.Status] = true
			out = append(out, fmt.Sprint(l.Status))
		}
	}
	sort.Strings(out)
	return " → " + strings.Join(out, "/")
}

// BadgeX is where a card response's "serves vN" badge sits: past the
// peer's lane and past the arrow's label, which it would otherwise overlap
// when the label is longer than the arrow.
func (it item) BadgeX() int { return max(max(it.X1, it.X2), it.LeftX()+textWidth(it.Text)) + 8 }

// fitMarker cuts a marker's text (an outcome's detail is the client's and
// may be long) to the diagram's width, keeping it whole in its tooltip.
func fitMarker(it *item, width int) {
	fits := (width - 24) * 10 / 72
	if it.Marker == "" || utf8.RuneCountInString(it.Text) <= fits {
		return
	}
	it.Title = it.Text
	it.Text = string([]rune(it.Text)[:max(fits-1, 0)]) + "…"
}

// textWidth is the width of s in the diagram's 12 px monospace font, whose
// characters are 0.6 em wide: the page is self-contained, so the layout
// cannot ask a browser to measure.
func textWidth(s string) int { return (utf8.RuneCountInString(s)*72 + 9) / 10 }

// connectionLabel is "#seq connection: how it went · card vN · credentials":
// a connection has no method, path or status.
func connectionLabel(l journal.Exchange) string {
	c := l.Conn
	var how string
	switch c.Handshake {
	case "none":
		how = "no byte sent"
	case "not-tls":
		how = fmt.Sprintf("%d bytes, not TLS", c.Bytes)
	case "failed":
		how = "handshake failed"
	default:
		how = fmt.Sprintf("%d bytes, %d requests", c.Bytes, c.Requests)
	}
	if c.ServerName != "" {
		how += ", SNI " + c.ServerName
	}
	if c.ClientCert != "" {
		how += ", certificate " + c.ClientCert
	}
	if c.Unscanned != "" {
		how += ", not scanned whole"
	}
	s := fmt.Sprintf("#%d connection: %s · card v%d", l.Seq, how, l.CardVersion)
	if len(l.Auth.Presented) > 0 {
		s += " · " + strings.Join(l.Auth.Presented, "+")
	}
	return s
}
