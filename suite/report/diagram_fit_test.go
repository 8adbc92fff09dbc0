package report

import (
	"strings"
	"testing"
)

// A badge never sits on its arrow's label, and a marker's text never runs
// past the diagram: it is cut, whole in its tooltip.
func TestDiagramTextFits(t *testing.T) {
	arrow := item{X1: laneLeft, X2: laneLeft + laneGap, Text: strings.Repeat("x", 60), Badge: "serves v0"}
	if end := arrow.LeftX() + textWidth(arrow.Text); arrow.BadgeX() <= end {
		t.Errorf("badge at x %d, label ends at %d", arrow.BadgeX(), end)
	}
	long := strings.Repeat("detail ", 100)
	marker := item{Marker: "outcome", Text: long}
	fitMarker(&marker, 600)
	if marker.Title != long || !strings.HasSuffix(marker.Text, "…") || 14+textWidth(marker.Text) > 600 {
		t.Errorf("marker %q (%d px), title %q", marker.Text, textWidth(marker.Text), marker.Title)
	}
	short := item{Marker: "outcome", Text: "task 1: client reported completed"}
	if fitMarker(&short, 600); short.Title != "" || short.Text != "task 1: client reported completed" {
		t.Errorf("a short marker was changed: %+v", short)
	}
}
