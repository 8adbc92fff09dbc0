package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Diagram geometry, in SVG user units. Lanes are as far apart as the
// labels between them need: a label sits between the two lifelines left of
// its arrow's leftmost end and never crosses one, and a label too long for
// labelChars wraps onto more lines rather than being cut.
const (
	laneMargin = 90  // from the edge of the diagram to the outer lanes
	minGap     = 160 // between two lanes, whatever their labels
	labelPad   = 8   // between a lifeline and a label
	rowHeight  = 24
	lineHeight = 15 // between two lines of one wrapped label
	headHeight = 52
	lifeTop    = 40  // where the lifelines begin, below the lane names
	labelChars = 96  // longest line of an arrow's label
	minWidth   = 900 // so that a diagram of few lanes wraps its markers' text less
	// floodThreshold: past this many exchanges in a scenario, runs of
	// consecutive exchanges of one peer and route collapse into one arrow.
	floodThreshold = 300
)

// Lane keys that are no peer.
const (
	laneClient   = "client"
	laneAdmin    = "admin"    // the admin listener
	laneOperator = "operator" // whoever calls the admin API: the harness, a person at the live view, a script
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

// lane is a lifeline, drawn as Segments: it breaks where a marker's text
// runs across it.
type lane struct {
	X            int
	Name, Origin string
	Segments     []segment
}

type segment struct{ Y1, Y2 int }

// item is an arrow (Marker == "") or a marker row across the lanes.
type item struct {
	Y, X1, X2 int
	Marker    string // "begin", "end" or "change" for markers
	Lines     []string
	Badge     string // the card version a card response served
	Anchor    string
	Class     string
	Head      string // the arrow's head: "arrow", "cross" (a refused handshake) or "open" (a hang-up)
	Count     int
	Title     string
	LabelX    int
}

// textLine is one line of an item's label, placed.
type textLine struct {
	X, Y int
	Text string
}

// Texts are the item's label lines, the last one just above its line.
func (it item) Texts() []textLine {
	out := make([]textLine, len(it.Lines))
	for i, s := range it.Lines {
		out[i] = textLine{X: it.LabelX, Y: it.Y - 6 - (len(it.Lines)-1-i)*lineHeight, Text: s}
	}
	return out
}

// BadgeX is where a card response's "serves vN" badge sits: past the end
// of its label's last line, in the same gap between two lifelines.
func (it item) BadgeX() int { return it.LabelX + textWidth(it.Lines[len(it.Lines)-1]) + 8 }

// BadgeY is the baseline of the label's last line, the badge's.
func (it item) BadgeY() int { return it.Y - 6 }

// labelWidth is the width the item's label takes, badge included.
func (it item) labelWidth() int {
	w := 0
	for _, s := range it.Lines {
		w = max(w, textWidth(s))
	}
	if it.Badge != "" {
		w = max(w, it.BadgeX()-it.LabelX+textWidth(it.Badge))
	}
	return w
}

// laneOf is the lane key of an exchange's other end: the peer, whose token
// endpoint and JWKS are routes of it; the admin listener for an admin call
// and for anything else it was sent.
func laneOf(l journal.Exchange) string {
	if l.Route == journal.RouteAdmin || l.Peer == "" {
		return laneAdmin
	}
	return l.Peer
}

// senderOf is the lane an exchange comes from: an admin call is the
// operator's, never the client's.
func senderOf(l journal.Exchange) string {
	if l.Route == journal.RouteAdmin {
		return laneOperator
	}
	return laneClient
}

// layout draws a played scenario's diagram; start is as changeMarkers takes it.
func layout(sc *Scenario, lines []journal.Exchange, start map[string]CardInForce) *diagram {
	lines = append([]journal.Exchange(nil), lines...)
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Seq < lines[j].Seq })
	d := &diagram{ID: sc.ID, Collapsed: len(lines) > floodThreshold}
	index := d.addLanes(lines)
	cited := failingCited(sc)
	markers := allMarkers(sc, lines, start)
	var from, to []int // per item, its lanes (markers: none)
	mi := 0
	emitMarkers := func(pos int) {
		for ; mi < len(markers) && markers[mi].pos <= pos; mi++ {
			m := markers[mi]
			d.Items = append(d.Items, item{Marker: m.kind, Lines: []string{m.text}, Class: "marker " + m.kind})
			from, to = append(from, -1), append(to, -1)
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
		it := arrowItem(sc.ID, lines[i:j], cited[l.Seq])
		d.Items = append(d.Items, it)
		from, to = append(from, index[senderOf(l)]), append(to, index[laneOf(l)])
		d.Arrows++
		i = j
	}
	emitMarkers(len(lines) + 1)
	d.placeLanes(from, to)
	d.placeRows(from, to)
	return d
}

// addLanes makes the lanes: the operator who calls the admin API and the
// admin listener, leftmost, so that a diagram wider than the page never
// scrolls them out of sight; then the client and the peers in the order
// the client meets them. Every arrow to the admin listener then spans one
// gap: the operator's from the left, a client's from the right.
func (d *diagram) addLanes(lines []journal.Exchange) map[string]int {
	index := map[string]int{}
	add := func(key, origin string) {
		if _, ok := index[key]; !ok {
			index[key] = len(d.Lanes)
			d.Lanes = append(d.Lanes, lane{Name: key, Origin: origin})
		}
	}
	for _, l := range lines {
		if senderOf(l) == laneOperator {
			add(laneOperator, "admin API caller")
		}
	}
	for _, l := range lines {
		if laneOf(l) == laneAdmin {
			add(laneAdmin, l.Origin)
		}
	}
	add(laneClient, "under test")
	for _, l := range lines {
		if k := laneOf(l); k != laneAdmin {
			add(k, l.Origin)
		}
	}
	return index
}

// arrowItem is the arrow of a run of exchanges (one, unless collapsed).
func arrowItem(id string, run []journal.Exchange, cited bool) item {
	l := run[0]
	it := item{Anchor: exchangeAnchor(id, l.Seq), Class: "ex", Head: "arrow", Count: len(run)}
	text := arrowLabel(l)
	switch {
	case len(run) > 1 && l.Route == journal.RouteConnection:
		text = fmt.Sprintf("×%d #%d–#%d connections", len(run), l.Seq, run[len(run)-1].Seq)
	case len(run) > 1:
		text = fmt.Sprintf("×%d #%d–#%d %s %s", len(run), l.Seq, run[len(run)-1].Seq, l.Method, l.Path) + statuses(run)
	}
	it.Lines = wrapText(text, labelChars)
	switch {
	case l.Route == journal.RouteConnection && l.Conn != nil:
		kind, _ := connectionKind(l.Conn)
		it.Class += " conn " + kind
		switch kind {
		case connTLSRefused, connTLSFailed:
			it.Head = "cross"
		case connHangUp:
			it.Head = "open"
		}
	case l.Route == journal.RouteAdmin:
		it.Class += " admin"
	}
	if l.Route == journal.RouteCard && l.Status < 300 && l.Status > 0 {
		it.Badge = fmt.Sprintf("serves v%d", l.CardVersion)
	}
	if cited {
		it.Class += " cited"
	}
	if l.Status >= 400 {
		it.Class += " refused"
	}
	it.Title = strings.TrimSpace(l.Peer + " " + l.Origin + " " + l.Route)
	if l.Malformed != "" {
		it.Title += ": " + l.Malformed
	}
	return it
}

// placeLanes sets each lane's x: every gap as wide as the widest label it
// holds and the names above it need.
func (d *diagram) placeLanes(from, to []int) {
	n := len(d.Lanes)
	head := make([]int, n) // half the width of each lane's name and origin
	for i, ln := range d.Lanes {
		head[i] = (max(textWidth(ln.Name), textWidth(ln.Origin)*11/12) + 1) / 2
	}
	gap := make([]int, max(n-1, 0))
	for k := range gap {
		gap[k] = max(minGap, head[k]+head[k+1]+16)
	}
	for i, it := range d.Items {
		if it.Marker != "" {
			continue
		}
		if k := min(from[i], to[i]); k < len(gap) && from[i] != to[i] {
			gap[k] = max(gap[k], it.labelWidth()+2*labelPad)
		}
	}
	x := max(laneMargin, head[0]+8)
	for i := range d.Lanes {
		d.Lanes[i].X = x
		if i < len(gap) {
			x += gap[i]
		}
	}
	d.Width = max(x+max(laneMargin, head[n-1]+8), minWidth)
	for i := range d.Items {
		it := &d.Items[i]
		if it.Marker != "" {
			it.LabelX = 14
			it.Lines = wrapText(it.Lines[0], (d.Width-28)*10/72)
			continue
		}
		it.X1, it.X2 = d.Lanes[from[i]].X, d.Lanes[to[i]].X
		it.LabelX = min(it.X1, it.X2) + labelPad
		// An arrow to its own lane (none today) would have no gap of
		// its own: its label goes right of it, past the diagram's edge
		// if need be.
		d.Width = max(d.Width, it.LabelX+it.labelWidth()+labelPad)
	}
}

// placeRows sets each row's y, a wrapped label taking the lines it needs,
// and breaks the lifelines where a marker's text crosses them.
func (d *diagram) placeRows(from, to []int) {
	y := headHeight
	var gaps []segment
	for i := range d.Items {
		it := &d.Items[i]
		y += rowHeight + (len(it.Lines)-1)*lineHeight
		it.Y = y
		if it.Marker != "" {
			top := it.Texts()[0].Y - 13
			gaps = append(gaps, segment{top, it.Y - 2})
		}
	}
	d.Height = y + rowHeight
	var segs []segment
	at := lifeTop
	for _, g := range gaps {
		if g.Y1 > at {
			segs = append(segs, segment{at, g.Y1})
		}
		at = g.Y2
	}
	segs = append(segs, segment{at, d.Height})
	for i := range d.Lanes {
		d.Lanes[i].Segments = segs
	}
}

func markerAt(ms []marker, from, pos int) bool {
	return from < len(ms) && ms[from].pos <= pos
}

func sameRun(a, b journal.Exchange) bool {
	return laneOf(a) == laneOf(b) && senderOf(a) == senderOf(b) && a.Route == b.Route && a.Op == b.Op
}
