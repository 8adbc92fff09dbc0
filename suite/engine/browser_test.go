package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/internal/browsertest"
)

// report.html as a person sees it: a passing and a failing run rendered
// in headless Chromium, the DOM checked (every scenario, one diagram per
// played scenario with one arrow per exchange, every failing requirement
// linked to exchanges that exist), no console error, and a screenshot kept
// in the report folder.
func TestReportInTheBrowser(t *testing.T) {
	t.Parallel() // a heavy play: packed beside the others within -parallel
	bin := browsertest.Chromium(t)
	for _, name := range []string{builtin.Reference, builtin.FollowURL} {
		t.Run(name, func(t *testing.T) {
			e := catalogPlayed(t, name) // the play TestVerdictTable judges
			dir := t.TempDir()
			if err := e.WriteReports(engine.Paths{Dir: dir}); err != nil {
				t.Fatal(err)
			}
			page := "file://" + filepath.Join(dir, "report.html")
			dom, console := runChromium(t, bin, "--dump-dom", page)
			if strings.Contains(console, "Uncaught") || strings.Contains(console, "CONSOLE") && strings.Contains(console, "rror") {
				t.Errorf("console errors:\n%s", console)
			}
			checkDOM(t, e.Report(), dom)
			// Every diagram, measured as drawn.
			raw, err := os.ReadFile(filepath.Join(dir, "report.html"))
			if err != nil {
				t.Fatal(err)
			}
			measured := filepath.Join(dir, "report-measured.html")
			if err := os.WriteFile(measured, []byte(browsertest.WithLayoutScript(string(raw))), 0o644); err != nil {
				t.Fatal(err)
			}
			measuredDOM, _ := runChromium(t, bin, "--window-size=1400,2400", "--dump-dom", "file://"+measured)
			played := 0
			for _, sc := range e.Report().Scenarios {
				if sc.Played {
					played++
				}
			}
			browsertest.CheckLayout(t, browsertest.LayoutFromDOM(t, measuredDOM), played)
			shot := filepath.Join(dir, "report.png")
			runChromium(t, bin, "--screenshot="+shot, "--window-size=1400,2400", page)
			png, err := os.ReadFile(shot)
			if err != nil || len(png) == 0 {
				t.Fatalf("no screenshot: %v", err)
			}
			browsertest.KeepArtifact(t, "report-"+name+".png", png)
		})
	}
}

func runChromium(t *testing.T, bin string, args ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	home := t.TempDir() // a profile of its own, whatever the user has
	cmd := exec.CommandContext(ctx, bin, append([]string{"--headless", "--no-sandbox", "--disable-gpu",
		"--user-data-dir=" + home, "--enable-logging=stderr", "--v=0"}, args...)...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errOut.String())
	}
	return out.String(), errOut.String()
}

func checkDOM(t *testing.T, rep *report.Report, dom string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	ids, sections, svgs, arrows := map[string]bool{}, map[string]bool{}, map[string]int{}, map[string]int{}
	var walk func(n *html.Node, section string)
	walk = func(n *html.Node, section string) {
		if n.Type == html.ElementNode {
			if id := attr(n, "id"); id != "" {
				ids[id] = true
			}
			class := attr(n, "class")
			switch {
			case n.Data == "section" && class == "scenario":
				section = attr(n, "id")
				sections[section] = true
			case n.Data == "svg" && section != "":
				svgs[section]++
			case n.Data == "g" && (class == "ex" || strings.HasPrefix(class, "ex ")) && section != "":
				arrows[section]++
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, section)
		}
	}
	walk(doc, "")
	for _, sc := range rep.Scenarios {
		if !sections[sc.ID] {
			t.Errorf("no section for scenario %s", sc.ID)
			continue
		}
		if svgs[sc.ID] != 1 || arrows[sc.ID] != sc.ExchangeCount {
			t.Errorf("%s: %d diagrams, %d arrows; want 1 and %d (its exchanges)", sc.ID, svgs[sc.ID], arrows[sc.ID], sc.ExchangeCount)
		}
		for _, r := range sc.Requirements {
			if r.Verdict != verdict.Fail {
				continue
			}
			for _, seq := range r.Exchanges {
				if anchor := sc.ID + "-ex-" + strconv.FormatInt(seq, 10); !ids[anchor] || !strings.Contains(dom, `href="#`+anchor+`"`) {
					t.Errorf("%s %s cites #%d: anchor %v, link %v", sc.ID, r.ID, seq, ids[anchor], strings.Contains(dom, `href="#`+anchor+`"`))
				}
			}
		}
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
