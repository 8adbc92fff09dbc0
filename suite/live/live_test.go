package live

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The page and its events are behind the admin secret: refused without
// the cookie or with a wrong key, and journaled; the page never holds the
// secret, nor the cookie's value.
func TestLiveViewNeedsTheSecret(t *testing.T) {
	farm, v, c := startView(t)
	for _, url := range []string{Path, EventsPath, Path + "?key=adm-wrong"} {
		resp, err := c.Get(farm.AdminURL() + url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || strings.Contains(string(body), "<html") {
			t.Errorf("GET %s without the cookie: %d, want 401", url, resp.StatusCode)
		}
	}
	if all := farm.Journal().All(); len(all) != 3 || all[0].Route != journal.RouteUnmatched {
		t.Errorf("refusals journaled: %d exchanges, want 3 unmatched", len(all))
	}
	lc := loggedIn(t, v, c)
	resp, err := lc.Get(farm.AdminURL() + Path)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var cookie string
	for _, ck := range lc.Jar.Cookies(resp.Request.URL) {
		cookie = ck.Value
	}
	for _, want := range []string{testScenario, farm.Peers()[0].CardURL(), "v1 · contract change", `data-version-of="A"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if cookie == "" || strings.Contains(string(page), farm.AdminSecret()) || strings.Contains(string(page), cookie) {
		t.Errorf("page holds the admin secret or the session (cookie %q)", cookie)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("Content-Security-Policy %q", csp)
	}
	var recorded strings.Builder
	_ = farm.Journal().WriteJSONLines(&recorded)
	if strings.Contains(recorded.String(), farm.AdminSecret()) || strings.Contains(recorded.String(), cookie) {
		t.Error("the journal holds the admin secret or the session")
	}
	if farm.Journal().Len() != 3 {
		t.Errorf("journal holds %d exchanges, want the 3 refusals: the operator's reads are not journaled", farm.Journal().Len())
	}
}

// Frames come in order, each the whole state: every exchange drawn once
// it is journaled, a rotation by the admin API marked, versions updated.
func TestLiveViewEventsInOrder(t *testing.T) {
	farm, v, c := startView(t)
	lc := loggedIn(t, v, c)
	events := readEvents(t, v, lc)
	var last int64
	check := func(e event) {
		t.Helper()
		if e.id <= last {
			t.Errorf("frame id %d after %d", e.id, last)
		}
		last = e.id
	}
	check(frameWhere(t, events, 5*time.Second, func(f frame) bool { return f.Seq == 0 }))
	for n := 1; n <= 5; n++ {
		getCard(t, farm, c)
		e := frameWhere(t, events, 5*time.Second, func(f frame) bool { return f.Exchanges == n })
		check(e)
		if e.frame.Arrows != n || len(e.frame.Journal) != n || !strings.HasPrefix(e.frame.Journal[n-1], fmt.Sprintf("#%d ", e.frame.Seq)) {
			t.Errorf("frame %d: %d arrows, journal %q", e.id, e.frame.Arrows, e.frame.Journal)
		}
	}
	adminPost(t, farm, lc, mockpeer.AdminRotatePath+"?peer=A&to=1")
	e := frameWhere(t, events, 5*time.Second, func(f frame) bool { return f.Exchanges == 6 })
	check(e)
	if e.frame.Versions["A"] != 1 || !strings.Contains(e.frame.Diagram, "card v1 in force (was v0): the contract changed") {
		t.Errorf("after rotate: versions %v, diagram without the change marker", e.frame.Versions)
	}
}

// A viewer that never reads its stream holds nothing up: exchanges go on
// at their pace and other viewers keep getting fresh frames.
func TestLiveViewSlowViewerBlocksNothing(t *testing.T) {
	farm, v, c := startView(t)
	lc := loggedIn(t, v, c)
	stuck := stuckViewer(t, v, lc)
	defer stuck.Close()
	events := readEvents(t, v, lc)
	flood(t, farm, c, 400, 4)
	// The requests, and the connections the client dialled and dropped.
	seen := farm.Journal().Counts().Seen
	frameWhere(t, events, 2*time.Second, func(f frame) bool { return f.Counts.Seen >= seen })
	began := time.Now()
	getCard(t, farm, c)
	if d := time.Since(began); d > time.Second {
		t.Errorf("a card request took %v with a stuck viewer", d)
	}
	frameWhere(t, events, time.Second, func(f frame) bool { return f.Counts.Seen >= seen+1 })
}

// A flood of exchanges is drawn in a few frames, not one per exchange,
// and the last frame shows them all.
func TestLiveViewCoalescesFloods(t *testing.T) {
	farm, v, c := startView(t)
	events := readEvents(t, v, loggedIn(t, v, c))
	frameWhere(t, events, 5*time.Second, func(f frame) bool { return true })
	before := v.renders.Load()
	began := time.Now()
	const n = 1500
	flood(t, farm, c, n, 8)
	// The requests, and the connections the client dialled and dropped.
	seen := farm.Journal().Counts().Seen
	e := frameWhere(t, events, 2*time.Second, func(f frame) bool { return f.Counts.Seen >= seen })
	took := time.Since(began)
	renders := v.renders.Load() - before
	if limit := int64(took/frameInterval) + 3; renders > limit || renders >= n/10 {
		t.Errorf("%d exchanges in %v drawn in %d frames, want at most %d", n, took, renders, limit)
	}
	if e.frame.Exchanges != 1000 || e.frame.Counts.Dropped != seen-1000 || len(e.frame.Journal) != journalTail {
		t.Errorf("last frame: %d exchanges, counts %+v, %d journal lines", e.frame.Exchanges, e.frame.Counts, len(e.frame.Journal))
	}
	t.Logf("%d exchanges in %v, drawn in %d frames", n, took, renders)
}

// flood makes n card requests from workers goroutines.
func flood(t *testing.T, farm *mockpeer.Farm, c *http.Client, n, workers int) {
	t.Helper()
	var wg sync.WaitGroup
	jobs := make(chan struct{})
	for range workers {
		wg.Go(func() {
			for range jobs {
				getCard(t, farm, c)
			}
		})
	}
	for range n {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
}

// stuckViewer opens the event stream on a connection that never reads,
// with a small receive buffer so that the server's writes fill it.
func stuckViewer(t *testing.T, v *View, lc *http.Client) io.Closer {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(v.farm.CAPEM())
	host := strings.TrimPrefix(v.farm.AdminURL(), "https://")
	raw, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.(*net.TCPConn).SetReadBuffer(4096); err != nil {
		t.Fatal(err)
	}
	conn := tls.Client(raw, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", NextProtos: []string{"http/1.1"}})
	var cookie string
	for _, ck := range lc.Jar.Cookies(mustURL(v.farm.AdminURL() + Path)) {
		cookie = ck.Name + "=" + ck.Value
	}
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", EventsPath, host, cookie)
	status, err := bufio.NewReader(io.LimitReader(conn, 64)).ReadString('\n')
	if err != nil || !strings.Contains(status, "200") {
		t.Fatalf("stuck viewer: %q %v", status, err)
	}
	return conn
}
