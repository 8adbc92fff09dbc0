package browsertest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// LayoutJS is a JavaScript expression that measures, in the page as the
// browser drew it, every sequence diagram (svg.seq) of the report and the
// live view: the box of every label (an arrow's, a marker's, a lane's
// name) against every lifeline segment and every other label, and whether
// a label runs past the diagram or was cut with "…". It evaluates to a
// Layout as JSON.
const LayoutJS = `(function () {
  var problems = [], texts = 0, diagrams = 0, lifelines = 0;
  var eps = 0.5;
  function box(el) { var r = el.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; }
  function name(el) {
    var g = el.closest("g"), id = g && g.id ? "#" + g.id + " " : "";
    return id + JSON.stringify(el.textContent);
  }
  document.querySelectorAll("svg.seq").forEach(function (svg) {
    diagrams++;
    var edge = box(svg), label = svg.getAttribute("aria-label");
    var lines = Array.from(svg.querySelectorAll("g.lane line")).map(box);
    lifelines += lines.length;
    var all = Array.from(svg.querySelectorAll("text")).map(function (el) { return {el: el, b: box(el)}; });
    texts += all.length;
    all.forEach(function (t) {
      if (t.el.textContent.indexOf("\u2026") >= 0) { problems.push(label + ": cut with an ellipsis: " + name(t.el)); }
      if (t.b.r > edge.r + eps || t.b.l < edge.l - eps) { problems.push(label + ": runs past the diagram: " + name(t.el)); }
      lines.forEach(function (ln) {
        var x = (ln.l + ln.r) / 2;
        if (x > t.b.l + eps && x < t.b.r - eps && ln.b > t.b.t + eps && ln.t < t.b.b - eps) {
          problems.push(label + ": crosses the lifeline at x " + Math.round(x - edge.l) + ": " + name(t.el));
        }
      });
    });
    all.sort(function (a, b) { return a.b.t - b.b.t; });
    for (var i = 0; i < all.length; i++) {
      for (var j = i + 1; j < all.length && all[j].b.t < all[i].b.b - eps; j++) {
        var a = all[i].b, b = all[j].b;
        if (a.l < b.r - eps && b.l < a.r - eps) {
          problems.push(label + ": " + name(all[i].el) + " overlaps " + name(all[j].el));
        }
      }
    }
  });
  return JSON.stringify({diagrams: diagrams, texts: texts, lifelines: lifelines, problems: problems});
})()`

// Layout is what LayoutJS measured.
type Layout struct {
	Diagrams, Texts, Lifelines int
	Problems                   []string
}

// ParseLayout decodes LayoutJS's result.
func ParseLayout(raw string) (Layout, error) {
	var l Layout
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		return l, fmt.Errorf("browsertest: layout %q: %w", raw, err)
	}
	return l, nil
}

// layoutOut marks LayoutJS's result in a page dumped with --dump-dom.
const layoutOut = "a2a-conform-layout"

// WithLayoutScript is page (an HTML document) with a script that runs
// LayoutJS once it has loaded and writes the result into the DOM, for
// Chromium's --dump-dom; LayoutFromDOM reads it back.
func WithLayoutScript(page string) string {
	script := `<script>window.addEventListener("load", function () { var p = document.createElement("pre"); p.id = "` + layoutOut +
		`"; p.textContent = ` + LayoutJS + `; document.body.appendChild(p); });</script>`
	if i := strings.LastIndex(page, "</body>"); i >= 0 {
		return page[:i] + script + page[i:]
	}
	return page + script
}

var layoutPre = regexp.MustCompile(`<pre id="` + layoutOut + `">([^<]*)</pre>`)

// LayoutFromDOM finds the measurement WithLayoutScript wrote in a dumped DOM.
func LayoutFromDOM(t testing.TB, dom string) Layout {
	t.Helper()
	m := layoutPre.FindStringSubmatch(dom)
	if m == nil {
		t.Fatal("the dumped page holds no layout measurement: the script did not run")
	}
	raw := strings.NewReplacer("&quot;", `"`, "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'").Replace(m[1])
	l, err := ParseLayout(raw)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// CheckLayout fails t with every problem measured, and if nothing was
// measured at all (fewer diagrams than wantDiagrams, or no label).
func CheckLayout(t testing.TB, l Layout, wantDiagrams int) {
	t.Helper()
	if l.Diagrams < wantDiagrams || l.Texts == 0 || l.Lifelines == 0 {
		t.Errorf("measured %d diagrams, %d labels, %d lifeline segments; want at least %d diagrams", l.Diagrams, l.Texts, l.Lifelines, wantDiagrams)
	}
	const most = 40
	for i, p := range l.Problems {
		if i == most {
			t.Errorf("… and %d more", len(l.Problems)-most)
			break
		}
		t.Error(p)
	}
}
