package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/suite/internal/browsertest"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The diagram as Chromium draws it: every kind of row (diagramFixture),
// the report fixture's diagrams (a flood collapsed into runs among them)
// and the fixture again at the narrowest a diagram gets (one peer, whose
// markers wrap the most), measured box by box: no label crosses a
// lifeline or another label, none runs past the diagram, none is cut.
func TestDiagramLayoutInTheBrowser(t *testing.T) {
	bin := browsertest.Chromium(t)
	var page strings.Builder
	page.WriteString("<!DOCTYPE html><html><head><meta charset=\"utf-8\">")
	if err := WriteStyle(&page); err != nil {
		t.Fatal(err)
	}
	page.WriteString("</head><body>")
	sc, lines := diagramFixture()
	var onePeer []journal.Exchange
	for _, l := range lines {
		if l.Peer == "A" && l.Route != journal.RouteAdmin {
			onePeer = append(onePeer, l)
		}
	}
	r, journals := htmlFixture()
	diagrams := []struct {
		id    string
		sc    *Scenario
		lines []journal.Exchange
	}{{"fixture", sc, lines}, {"one-peer", sc, onePeer}, {"small", r.Scenarios[0], journals["small"]}, {"flood", r.Scenarios[1], journals["flood"]}}
	for _, d := range diagrams {
		if err := htmlTmpl.ExecuteTemplate(&page, "diagram", layout(&Scenario{ID: d.id, Played: true, Tasks: d.sc.Tasks, Requirements: d.sc.Requirements}, d.lines, nil)); err != nil {
			t.Fatal(err)
		}
	}
	page.WriteString("</body></html>")
	file := filepath.Join(t.TempDir(), "diagrams.html")
	if err := os.WriteFile(file, []byte(browsertest.WithLayoutScript(page.String())), 0o644); err != nil {
		t.Fatal(err)
	}
	dom, _ := browsertest.Run(t, bin, "--window-size=1600,1200", "--dump-dom", "file://"+file)
	l := browsertest.LayoutFromDOM(t, dom)
	t.Logf("measured %d diagrams: %d labels, %d lifeline segments", l.Diagrams, l.Texts, l.Lifelines)
	browsertest.CheckLayout(t, l, len(diagrams))
	shot := filepath.Join(t.TempDir(), "diagrams.png")
	browsertest.Run(t, bin, "--window-size=1600,1400", "--screenshot="+shot, "file://"+file)
	if png, err := os.ReadFile(shot); err == nil {
		browsertest.KeepArtifact(t, "diagrams.png", png)
	}
}
