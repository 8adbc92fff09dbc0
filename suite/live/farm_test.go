package live

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A farm's page draws the copy ?copy= picks like `peer`'s page, its
// peers' buttons only, under the farm overview with buttons for every
// peer at once; a copy the farm lacks is a 404 that says which it has.
func TestFarmViewPageDrawsTheChosenCopy(t *testing.T) {
	farm, v, c := startFarmView(t, 3)
	lc := loggedIn(t, v, c)
	status, page := getPage(t, farm, lc, Path+"?copy=2")
	if status != http.StatusOK {
		t.Fatalf("page of copy 2: %d", status)
	}
	for _, want := range []string{"farm of 3 copies — copy 2: " + testScenario, farm.Peer("2-A").CardURL(), `data-peer="2-A"`,
		`<option value="3">3 · ` + testScenario, `<option value="2" selected>`, "rotate every peer to next",
		"rotate every peer to v1", `id="reset-all"`, `"/_conform/live/events?copy=2"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page of copy 2 lacks %q", want)
		}
	}
	for _, other := range []string{`data-peer="1-A"`, `data-peer="3-A"`, farm.Peer("1-A").CardURL()} {
		if strings.Contains(page, other) {
			t.Errorf("page of copy 2 holds %q, of another copy", other)
		}
	}
	if status, body := getPage(t, farm, lc, Path+"?copy=4"); status != http.StatusNotFound || !strings.Contains(body, "its copies are 1 to 3") {
		t.Errorf("page of copy 4: %d %q, want 404 naming the copies", status, body)
	}
	if status, _ := getPage(t, farm, lc, EventsPath+"?copy=4"); status != http.StatusNotFound {
		t.Errorf("events of copy 4: %d, want 404", status)
	}
	if status, first := getPage(t, farm, lc, Path); status != http.StatusOK || !strings.Contains(first, "copy 1: ") {
		t.Errorf("page without ?copy=: %d, want copy 1's", status)
	}
}

// Each copy's frames draw its own peers' exchanges (and the farm-wide
// admin calls, which concern every copy), never another copy's; the
// overview counts every copy and ranks the busiest.
func TestFarmViewFramesFilterToTheCopy(t *testing.T) {
	farm, v, c := startFarmView(t, 3)
	lc := loggedIn(t, v, c)
	one, two := readCopyEvents(t, v, lc, "1"), readCopyEvents(t, v, lc, "2")
	for _, name := range []string{"2-A", "2-A", "1-A", "3-A", "2-A", "3-A"} {
		getCardOf(t, farm, c, name)
	}
	all := func(f frame) bool { return f.Farm != nil && f.Farm.Exchanges == 6 }
	f2 := frameWhere(t, two, 5*time.Second, all).frame
	if f2.Exchanges != 3 || len(f2.Journal) != 3 || len(f2.Versions) != 1 || f2.Versions["2-A"] != 0 {
		t.Errorf("copy 2: %d exchanges, journal %q, versions %v; want its 3 card fetches and its peer", f2.Exchanges, f2.Journal, f2.Versions)
	}
	for _, l := range f2.Journal {
		if !strings.Contains(l, "peer 2-A GET") {
			t.Errorf("copy 2's journal holds %q", l)
		}
	}
	if !strings.Contains(f2.Diagram, "2-A") || strings.Contains(f2.Diagram, "1-A") || strings.Contains(f2.Diagram, "3-A") {
		t.Error("copy 2's diagram draws another copy's peers, or not its own")
	}
	want := []copyCount{{"2", testScenario, 3}, {"3", testScenario, 2}, {"1", testScenario, 1}}
	if o := f2.Farm; o.Active != 3 || o.FarmWide != 0 || len(o.Busiest) != 3 || o.Busiest[0] != want[0] || o.Busiest[1] != want[1] || o.Busiest[2] != want[2] {
		t.Errorf("overview %+v, want 6 exchanges in 3 active copies ranked %v", o, want)
	}
	if f1 := frameWhere(t, one, 5*time.Second, all).frame; f1.Exchanges != 1 || strings.Contains(f1.Diagram, "2-A") {
		t.Errorf("copy 1: %d exchanges, want its one card fetch and nothing of copy 2", f1.Exchanges)
	}
	if n := v.hubs.running(); n != 2 {
		t.Errorf("%d hubs render, want 2: one per copy watched", n)
	}

	adminPost(t, farm, lc, mockpeer.AdminRotatePath+"?all&to=next")
	f1 := frameWhere(t, one, 5*time.Second, func(f frame) bool { return f.Farm.FarmWide == 1 }).frame
	if f1.Exchanges != 2 || f1.Versions["1-A"] != 1 || !strings.Contains(f1.Journal[1], "admin POST /_conform/rotate") {
		t.Errorf("copy 1 after rotating every peer: %d exchanges, versions %v, journal %q; want the admin call drawn and v1", f1.Exchanges, f1.Versions, f1.Journal)
	}
}

// A farm's page and events are behind the admin secret as `peer`'s are;
// the key URL with ?copy= lands on that copy's page without the key.
func TestFarmViewNeedsTheSecret(t *testing.T) {
	farm, v, c := startFarmView(t, 3)
	for _, path := range []string{Path + "?copy=2", EventsPath + "?copy=2", Path + "?copy=2&key=adm-wrong"} {
		if status, body := getPage(t, farm, c, path); status != http.StatusUnauthorized || strings.Contains(body, "<html") {
			t.Errorf("GET %s without the cookie: %d, want 401", path, status)
		}
	}
	lc := loggedIn(t, v, c)
	resp, err := lc.Get(v.URL() + "&copy=2")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Request.URL.RequestURI() != Path+"?copy=2" || !strings.Contains(string(page), "copy 2: ") {
		t.Errorf("key URL with ?copy=2 landed on %s", resp.Request.URL.RequestURI())
	}
	if strings.Contains(string(page), farm.AdminSecret()) {
		t.Error("the page holds the admin secret")
	}
}

// `peer`'s page, a farm of one copy, has no farm overview.
func TestOneCopyPageHasNoFarmOverview(t *testing.T) {
	farm, v, c := startView(t)
	_, page := getPage(t, farm, loggedIn(t, v, c), Path)
	if strings.Contains(page, `id="farm"`) || strings.Contains(page, "rotate every peer") || strings.Count(page, `id="reset-all"`) != 1 {
		t.Error("peer's page draws a farm overview")
	}
}

// A change the journal does not record (a rotation on the farm's
// schedule) reaches the viewers when the view is told of it.
func TestFarmViewChangedRedraws(t *testing.T) {
	farm, v, c := startFarmView(t, 2)
	events := readCopyEvents(t, v, loggedIn(t, v, c), "2")
	frameWhere(t, events, 5*time.Second, func(f frame) bool { return true })
	if err := farm.Peer("2-A").Rotate(1); err != nil {
		t.Fatal(err)
	}
	v.Changed()
	frameWhere(t, events, 5*time.Second, func(f frame) bool { return f.Versions["2-A"] == 1 })
}
