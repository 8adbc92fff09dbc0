package live

import (
	"encoding/json"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// journalTail is how many journal lines a frame carries, the newest.
const journalTail = 200

// diagramID prefixes the diagram's anchors ("live-ex-7").
const diagramID = "live"

// frame is one event of the stream: the whole state of the view of one
// copy, so that a viewer that skipped frames loses nothing by it.
type frame struct {
	Seq       int64                 `json:"seq"`       // the newest exchange drawn, 0 if none
	Exchanges int                   `json:"exchanges"` // exchanges drawn
	Arrows    int                   `json:"arrows"`    // arrows drawn (fewer when runs collapse)
	Counts    journal.JournalCounts `json:"counts"`    // of the whole journal
	Versions  map[string]int        `json:"versions"`  // card version in force, per peer of the copy
	// Certificates is "genuine" or "impostor" per peer of the copy; none
	// on plain HTTP.
	Certificates map[string]string `json:"certificates,omitempty"`
	Diagram      string            `json:"diagram"` // HTML: the SVG of report.html
	Journal      []string          `json:"journal"` // one line per exchange, oldest first
	Farm         *farmFrame        `json:"farm,omitempty"`
	Error        string            `json:"error,omitempty"`
}

// render draws copy c's part of the journal as it is now. Its errors are
// the view's own (a template that cannot execute): the frame carries them
// to the page. It costs one pass over the journal, a ring of bounded size,
// whatever the number of copies.
func (v *View) render(c int) []byte {
	v.renders.Add(1)
	j := v.farm.Journal()
	counts := j.Counts()
	all := j.All()
	f := frame{Counts: counts, Versions: map[string]int{}}
	if v.isFarm() {
		f.Farm = v.overview(all)
	}
	exchanges := all
	if v.isFarm() {
		exchanges = exchanges[:0:0]
		for _, ex := range all {
			if v.ofCopy(ex, c) {
				exchanges = append(exchanges, ex)
			}
		}
	}
	f.Exchanges = len(exchanges)
	start := map[string]report.CardInForce{}
	tls := v.farm.CAPEM() != nil
	if tls {
		f.Certificates = map[string]string{}
	}
	for _, name := range v.copies[c].Peers {
		p := v.farm.Peer(name)
		f.Versions[name] = p.Version()
		start[name] = startCard(p)
		if tls {
			f.Certificates[name] = certificateOf(p)
		}
	}
	if n := len(exchanges); n > 0 {
		f.Seq = exchanges[n-1].Seq
	}
	for _, ex := range exchanges[max(len(exchanges)-journalTail, 0):] {
		f.Journal = append(f.Journal, ex.Line())
	}
	// Once the ring dropped exchanges, the cards before the first kept one
	// are unknown: no start, or a change would be marked that never was.
	if counts.Dropped > 0 {
		start = nil
	}
	var svg strings.Builder
	stats, err := report.WriteDiagram(&svg, diagramID, exchanges, start)
	f.Diagram, f.Arrows = svg.String(), stats.Arrows
	if err != nil {
		f.Error = err.Error()
	}
	out, _ := json.Marshal(f) // strings, numbers and maps of them: it cannot fail
	return out
}

// certificateOf says which certificate p presents.
func certificateOf(p *mockpeer.Peer) string {
	if p.Impostor() {
		return "impostor"
	}
	return "genuine"
}

// startCard is p's card before any exchange, version 0: the diagram marks a
// change made before a peer's first exchange too. It is read when a copy's
// frame is drawn, not when the view is mounted: a copy of a large farm
// hashes its cards on first use (mockpeer.FarmSpec.CopyOf), and the view
// of 10,000 copies would otherwise hash every one at start.
func startCard(p *mockpeer.Peer) report.CardInForce {
	return report.CardInForce{Version: 0, ContractHash: p.ContractHash(0)}
}
