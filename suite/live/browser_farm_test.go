package live

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A farm's live view as a person sees it, in headless Chromium: copy 1's
// page shows traffic to copy 2 in the overview only; copy 2's page draws
// each exchange of its peer within a second, and nothing of copy 1's; the
// overview's "rotate every peer to next" puts v1 in force on copy 2's
// peer; no console error; a screenshot is kept as farm-live.png.
func TestFarmLiveViewInTheBrowser(t *testing.T) {
	farm, v, c := startFarmView(t, 3)
	b := startBrowser(t, "--window-size=1400,1500", "--ignore-certificate-errors-spki-list="+adminSPKI(t, farm))
	ready := `document.getElementById("status").textContent === "live" && document.querySelector("#diagram svg") !== null`
	b.must(b.call("Page.navigate", map[string]any{"url": v.URL() + "&copy=1"}, nil))
	b.until(ready, 20*time.Second)
	var href string
	b.must(b.eval(`location.href`, &href))
	if want := farm.AdminURL() + Path + "?copy=1"; href != want {
		t.Errorf("page at %s, want %s: the key leaves the address, the copy stays", href, want)
	}

	getCardOf(t, farm, c, "2-A")
	b.until(`document.querySelector('#busiest tr[data-copy="2"]') !== null`, exchangeToDOM)
	var copy1 struct {
		Arrows  int
		Journal int
		Lanes   bool
	}
	b.must(b.eval(`({arrows: document.querySelectorAll("#diagram g.ex").length,
		journal: document.querySelectorAll("#journal li").length,
		lanes: document.getElementById("diagram").textContent.includes("2-A")})`, &copy1))
	if copy1.Arrows != 0 || copy1.Journal != 0 || copy1.Lanes {
		t.Errorf("copy 1's page draws copy 2's exchange: %+v", copy1)
	}

	b.must(b.call("Page.navigate", map[string]any{"url": farm.AdminURL() + Path + "?copy=2"}, nil))
	b.until(ready+` && document.querySelectorAll("#diagram g.ex").length === 1 && document.querySelector('[data-version-of="2-A"]') !== null &&
		document.querySelector('button.rotate[data-peer="1-A"]') === null && document.getElementById("copy").value === "2"`, 20*time.Second)
	var took []time.Duration
	for i := 2; i <= 4; i++ {
		getCardOf(t, farm, c, "2-A")
		began := time.Now() // the client has its answer: the exchange is done
		b.until(fmt.Sprintf(`document.querySelectorAll("#diagram g.ex").length === %d && document.getElementById("diagram").textContent.includes("2-A")`, i), exchangeToDOM)
		took = append(took, time.Since(began))
	}
	t.Logf("farm page, exchange of copy 2 to its arrow in copy 2's DOM: %v", took)

	getCardOf(t, farm, c, "1-A")
	b.until(`document.querySelector('#busiest tr[data-copy="1"]') !== null`, exchangeToDOM)
	var arrows int
	b.must(b.eval(`document.querySelectorAll("#diagram g.ex").length`, &arrows))
	if arrows != 4 {
		t.Errorf("copy 2's page has %d arrows after an exchange of copy 1, want its own 4", arrows)
	}

	began := time.Now()
	b.must(b.eval(`document.getElementById("rotate-all-next").click()`, nil))
	b.until(`document.querySelector('[data-version-of="2-A"]').textContent === "v1" &&
		document.getElementById("result").textContent.includes("→ 200") &&
		document.querySelector('button.rotate[data-peer="2-A"][data-to="1"]').classList.contains("in-force")`, exchangeToDOM)
	t.Logf("rotate-all click to copy 2's version in the DOM: %v", time.Since(began))
	if farm.Peer("1-A").Version() != 1 || farm.Peer("3-A").Version() != 1 {
		t.Error("rotate every peer to next left a peer at v0")
	}
	if problems := b.pageProblems(); len(problems) > 0 {
		t.Errorf("page problems:\n%s", strings.Join(problems, "\n"))
	}
	b.screenshot("farm-live.png")
}
