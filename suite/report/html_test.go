package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

const evil = `<script>alert("x")</script>`

// htmlFixture is a run of three scenarios: a small failing one, a flood
// (1000 exchanges in runs, one of them cited) and one not played.
func htmlFixture() (*Report, map[string][]journal.Exchange) {
	line := func(seq int64, peer, route, op string, status int) journal.Exchange {
		l := journal.Exchange{Seq: seq, Peer: peer, Origin: "https://127.0.0.1:1", Route: route, Op: op, Method: "POST", Path: "/a2a/jsonrpc", Status: status, CardVersion: 1}
		if route == journal.RouteCard {
			l.Method, l.Path = "GET", "/.well-known/agent-card.json"
		}
		return l
	}
	small := []journal.Exchange{line(1, "A", journal.RouteCard, "", 200), line(2, "A", "a2a", "SendMessage", 200),
		line(3, "B", "a2a", "SendMessage", 200), line(4, "A", "oauth-token", "", 200), line(5, "", journal.RouteAdmin, "", 200)}
	small[2].Auth.Presented = []string{"bearer"}
	// Task t1 was created under card v1; t2 is shown in a state it entered
	// under v0.
	small[1].TaskID, small[1].StateAfter, small[1].StateVersion = "t1", "TASK_STATE_WORKING", 1
	small[2].TaskID, small[2].StateBefore, small[2].StateAfter = "t2", "TASK_STATE_WORKING", "TASK_STATE_WORKING"
	var flood []journal.Exchange
	for i := int64(1); i <= 1000; i++ {
		if i <= 500 {
			flood = append(flood, line(i, "A", journal.RouteCard, "", 200))
		} else {
			flood = append(flood, line(i, "A", "a2a", "GetTask", 429))
		}
	}
	req := func(id string, v verdict.Verdict, cites ...int64) *Requirement {
		return &Requirement{ID: id, Level: verdict.Must, Doc: "docs/requirements.md#" + strings.ToLower(id), Verdict: v,
			Want: "want <b>", Got: "got " + evil, Exchanges: cites, Message: evil}
	}
	r := &Report{SchemaVersion: SchemaVersion, Client: Client{Name: "builtin:x", Label: "sdk " + evil}, ExitCode: ExitFail,
		Scenarios: []*Scenario{
			{ID: "small", Title: "Small", Played: true, ExchangeCount: 5,
				Tasks: []*Task{{Task: 1, FirstExchange: 1, LastExchange: 2, Outcome: &driver.Outcome{Outcome: "completed", Detail: evil}},
					{Task: 2, FirstExchange: 3, LastExchange: 5, Outcome: &driver.Outcome{Outcome: "refused"}}},
				Requirements: []*Requirement{req("ROT-001", verdict.Fail, 2, 3, 99), req("ROT-002", verdict.Pass, 1)}},
			{ID: "flood", Title: "Flood", Played: true, ExchangeCount: 1000,
				Requirements: []*Requirement{req("GEN-001", verdict.Fail, 700)}},
			{ID: "unplayed", Title: "Not played", Requirements: []*Requirement{req("GEN-002", verdict.Error)}},
		}}
	r.Finish()
	return r, map[string][]journal.Exchange{"small": small, "flood": flood}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasClass(n *html.Node, c string) bool {
	v, _ := attr(n, "class")
	for _, f := range strings.Fields(v) {
		if f == c {
			return true
		}
	}
	return false
}

func TestWriteHTML(t *testing.T) {
	r, journals := htmlFixture()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r, journals); err != nil {
		t.Fatal(err)
	}
	raw := buf.String()
	doc, err := html.Parse(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	ids, hrefs := map[string]bool{}, []string{}
	sections := map[string]*html.Node{}
	var text strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			text.WriteString(n.Data)
		}
		if n.Type == html.ElementNode {
			if id, ok := attr(n, "id"); ok {
				if ids[id] {
					t.Errorf("duplicate id %q", id)
				}
				ids[id] = true
			}
			if h, ok := attr(n, "href"); ok {
				hrefs = append(hrefs, h)
			}
			for _, a := range n.Attr {
				// Loads nothing from the network; links out (to the docs
				// of the suite version that wrote it, the spec, RFCs) are
				// absolute, so they work from any copy of the folder.
				link := n.Data == "a" && a.Key == "href"
				if link && strings.HasPrefix(a.Val, "docs/") {
					t.Errorf("<a href=%q>: a link relative to the report folder, broken in a CI artifact", a.Val)
				}
				if !link && (a.Key == "href" || a.Key == "src" || a.Key == "style" || a.Key == "xlink:href") &&
					(strings.Contains(a.Val, "http://") || strings.Contains(a.Val, "https://")) {
					t.Errorf("<%s %s=%q>: a network reference", n.Data, a.Key, a.Val)
				}
			}
			if n.Data == "script" {
				if _, ok := attr(n, "src"); ok {
					t.Error("a <script src>")
				}
			}
			if n.Data == "link" {
				t.Error("a <link> element: the page must be self-contained")
			}
			if n.Data == "section" && hasClass(n, "scenario") {
				id, _ := attr(n, "id")
				sections[id] = n
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)

	count := func(root *html.Node, match func(*html.Node) bool) (n int, total int) {
		var f func(*html.Node)
		f = func(x *html.Node) {
			if x.Type == html.ElementNode && match(x) {
				n++
				if c, ok := attr(x, "data-count"); ok {
					var k int
					fmt.Sscan(c, &k)
					total += k
				}
			}
			for c := x.FirstChild; c != nil; c = c.NextSibling {
				f(c)
			}
		}
		f(root)
		return n, total
	}
	isArrow := func(n *html.Node) bool { return n.Data == "g" && hasClass(n, "ex") }
	for _, sc := range r.Scenarios {
		sec := sections[sc.ID]
		if sec == nil {
			t.Errorf("scenario %s missing", sc.ID)
			continue
		}
		svgs, _ := count(sec, func(n *html.Node) bool { return n.Data == "svg" })
		arrows, covered := count(sec, isArrow)
		want := map[string]int{"small": 5, "flood": 4, "unplayed": 0}[sc.ID]
		if wantSVG := map[bool]int{true: 1, false: 0}[sc.Played]; svgs != wantSVG {
			t.Errorf("%s: %d <svg>, want %d", sc.ID, svgs, wantSVG)
		}
		if arrows != want || covered != len(journals[sc.ID]) {
			t.Errorf("%s: %d arrows covering %d exchanges, want %d covering %d", sc.ID, arrows, covered, want, len(journals[sc.ID]))
		}
	}
	if !strings.Contains(raw, "×500 #1–#500") || !strings.Contains(raw, "×199 #501–#699") || !strings.Contains(raw, "×300 #701–#1000") {
		t.Error("the flood's runs are not collapsed into ×N arrows")
	}
	for _, anchor := range []string{"small-ex-2", "small-ex-3", "flood-ex-700"} {
		if !ids[anchor] {
			t.Errorf("no anchor %s", anchor)
		}
		linked := false
		for _, h := range hrefs {
			linked = linked || h == "#"+anchor
		}
		if !linked {
			t.Errorf("no link to %s", anchor)
		}
	}
	for _, h := range hrefs {
		if strings.HasPrefix(h, "#") && !ids[h[1:]] {
			t.Errorf("link %s to no anchor", h)
		}
	}
	// The page leads with the failures, each linked to its evidence and
	// its scenario's diagram.
	failures, summary := strings.Index(raw, `<section id="failures">`), strings.Index(raw, `<section id="summary">`)
	if failures < 0 || failures > summary {
		t.Error("the failures do not come first")
	}
	lead := raw[failures:summary]
	for _, want := range []string{`href="#small-req-rot-001"`, `href="#flood-req-gen-001"`, `href="#small-diagram"`, `href="#small-ex-2"`} {
		if !strings.Contains(lead, want) {
			t.Errorf("the failures section lacks %s", want)
		}
	}
	if strings.Contains(raw, "<script>alert") || strings.Contains(raw, "<b>") {
		t.Error("a client-controlled string is not escaped")
	}
	if !strings.Contains(text.String(), evil) || !strings.Contains(text.String(), "task 1: client reported completed “"+evil+"”") {
		t.Error("the outcome detail does not show as text")
	}
	if strings.Count(text.String(), "(entered under v") != 1 || !strings.Contains(text.String(), "t2 WORKING→WORKING (entered under v0)") {
		t.Error("the journal table does not say which card version a task's shown state was entered under, exactly where it differs")
	}
	if !strings.Contains(raw, `class="ex cited"`) || !strings.Contains(raw, "serves v1") {
		t.Error("no highlighted arrow or no card version badge")
	}
}

// Where the client first meets another card version of a peer, the diagram
// says so, and whether the contract changed or only capability fields.
func TestChangeMarkers(t *testing.T) {
	lines := []journal.Exchange{
		{Seq: 1, Peer: "A", CardVersion: 0, ContractHash: "h0"},
		{Seq: 2, Peer: "A", CardVersion: 0, ContractHash: "h0"},
		{Seq: 3, Peer: "A", CardVersion: 1, ContractHash: "h0"},
		{Seq: 4, Peer: "B", CardVersion: 0, ContractHash: "b0"},
		{Seq: 5, Peer: "A", CardVersion: 2, ContractHash: "h2"},
	}
	got := changeMarkers(lines, nil)
	if len(got) != 2 || got[0].pos != 2 || !strings.Contains(got[0].text, "only capability fields changed") ||
		got[1].pos != 4 || !strings.Contains(got[1].text, "card v2 in force (was v1): the contract changed") {
		t.Errorf("markers %+v", got)
	}
	// With each peer's card before the first exchange, a change before a
	// peer's first exchange is marked too.
	got = changeMarkers(lines[3:], map[string]CardInForce{"A": {0, "h0"}, "B": {1, "b1"}})
	if len(got) != 2 || got[0].pos != 0 || !strings.Contains(got[0].text, "peer B: card v0 in force (was v1): the contract changed") ||
		got[1].pos != 1 || !strings.Contains(got[1].text, "peer A: card v2 in force (was v0)") {
		t.Errorf("markers from a start %+v", got)
	}
}

// WriteDiagram draws what report.html draws: one arrow per exchange, the
// card a card response served, and a change marker.
func TestWriteDiagram(t *testing.T) {
	lines := []journal.Exchange{
		{Seq: 1, Peer: "A", Route: journal.RouteCard, Method: "GET", Path: "/.well-known/agent-card.json", Status: 200, ContractHash: "h0"},
		{Seq: 2, Peer: "A", Route: journal.RouteAdmin, Method: "POST", Path: "/_conform/rotate", Status: 200, CardVersion: 1, ContractHash: "h1"},
	}
	var b strings.Builder
	stats, err := WriteDiagram(&b, "live", lines, nil)
	svg := b.String()
	if err != nil || stats.Arrows != 2 || strings.Count(svg, `<g class="ex`) != 2 || !strings.Contains(svg, `id="live-ex-2"`) ||
		!strings.Contains(svg, "serves v0") || !strings.Contains(svg, "card v1 in force (was v0): the contract changed") {
		t.Errorf("WriteDiagram: %+v %v\n%s", stats, err, svg)
	}
	b.Reset()
	if err := WriteStyle(&b); err != nil || !strings.HasPrefix(b.String(), "<style>") || !strings.Contains(b.String(), "svg.seq") {
		t.Errorf("WriteStyle: %v %.80s", err, b.String())
	}
}
