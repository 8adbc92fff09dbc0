package report

import (
	"fmt"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"io"
)

// CardInForce is a peer's card version and its contract hash.
type CardInForce struct {
	Version      int
	ContractHash string
}

// DiagramStats says what WriteDiagram drew.
type DiagramStats struct {
	Arrows    int  // arrow elements
	Collapsed bool // runs of one peer and route drawn as one ×N arrow
}

// WriteDiagram renders the sequence diagram of lines exactly as report.html
// draws a scenario's (the same layout, template and anchors, prefixed with
// id), for a page that redraws it as exchanges arrive: the live view of
// `a2a-conform peer`. start, if non-nil, is each peer's card before the
// first of lines, so that a change made before a peer's first exchange is
// marked too. Use WriteStyle for the page's stylesheet.
func WriteDiagram(w io.Writer, id string, lines []journal.Exchange, start map[string]CardInForce) (DiagramStats, error) {
	d := layout(&Scenario{ID: id, Played: true}, lines, start)
	if err := htmlTmpl.ExecuteTemplate(w, "diagram", d); err != nil {
		return DiagramStats{}, fmt.Errorf("report: diagram: %w", err)
	}
	return DiagramStats{Arrows: d.Arrows, Collapsed: d.Collapsed}, nil
}

// WriteStyle writes report.html's stylesheet, a <style> element, which
// styles the diagrams WriteDiagram renders.
func WriteStyle(w io.Writer) error {
	if err := htmlTmpl.ExecuteTemplate(w, "style", nil); err != nil {
		return fmt.Errorf("report: style: %w", err)
	}
	return nil
}
