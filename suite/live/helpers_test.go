package live

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

const testScenario = "rotation-during-send"

// startView starts the scenario's farm as `a2a-conform peer` does, with
// its live view, and returns a client that trusts the farm's CA.
func startView(t *testing.T, edits ...func(*mockpeer.FarmSpec)) (*mockpeer.Farm, *View, *http.Client) {
	t.Helper()
	sc, err := scenarios.Lookup(testScenario)
	if err != nil {
		t.Fatal(err)
	}
	spec := sc.FarmSpec()
	for _, edit := range edits {
		edit(&spec)
	}
	farm := startFarm(t, spec)
	v, err := Mount(t.Context(), farm, Scenario{ID: sc.ID, Title: sc.Title, Description: sc.Description, CardPeer: sc.CardPeerName()})
	if err != nil {
		t.Fatal(err)
	}
	return farm, v, trustingClient(t, farm)
}

// startFarm starts spec, its journal a ring as `a2a-conform peer` keeps
// it, and closes the farm when the test ends.
func startFarm(t *testing.T, spec mockpeer.FarmSpec) *mockpeer.Farm {
	t.Helper()
	spec.Dir = t.TempDir()
	spec.Journal = journal.JournalLimits{Exchanges: 1000, Ring: true}
	farm, err := mockpeer.Start(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return farm
}

func trustingClient(t *testing.T, farm *mockpeer.Farm) *http.Client {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(farm.CAPEM())
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true, MaxIdleConnsPerHost: 16}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// loggedIn is c with a cookie jar that went through the view's key URL.
func loggedIn(t *testing.T, v *View, c *http.Client) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	lc := *c
	lc.Jar = jar
	lc.CheckRedirect = nil
	resp, err := lc.Get(v.URL())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Request.URL.RawQuery != "" {
		t.Fatalf("login: %d at %s, want 200 at the URL without the key", resp.StatusCode, resp.Request.URL)
	}
	return &lc
}

// getPage answers the status and body of the page at path (Path and its
// query) for client c.
func getPage(t *testing.T, farm *mockpeer.Farm, c *http.Client, path string) (int, string) {
	t.Helper()
	resp, err := c.Get(farm.AdminURL() + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func getCard(t *testing.T, farm *mockpeer.Farm, c *http.Client) {
	t.Helper()
	resp, err := c.Get(farm.Peers()[0].CardURL())
	if err != nil {
		t.Error(err)
		return
	}
	// Read whole, so that the connection is kept: one that ends is
	// journaled too, and the counts would not be the requests'.
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

type event struct {
	id    int64
	frame frame
}

// adminPost posts to the farm's admin path (query included) as the live
// page's buttons do, with c's session cookie and the admin origin, and
// fails t unless it is answered 200.
func adminPost(t *testing.T, farm *mockpeer.Farm, c *http.Client, path string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, farm.AdminURL()+path, nil)
	req.Header.Set("Origin", farm.AdminURL())
	resp, err := c.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("POST %s with the cookie: %v %v", path, resp, err)
	}
	resp.Body.Close()
}

// readEvents streams the view's frames until the test ends.
func readEvents(t *testing.T, v *View, c *http.Client) <-chan event {
	t.Helper()
	return readEventsAt(t, v, c, EventsPath)
}

// readEventsAt streams the frames at path (EventsPath and its query).
func readEventsAt(t *testing.T, v *View, c *http.Client, path string) <-chan event {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, v.farm.AdminURL()+path, nil)
	sc := *c
	sc.Timeout = 0
	resp, err := sc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan event, 1<<16)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		lines := bufio.NewScanner(resp.Body)
		lines.Buffer(nil, 64<<20)
		var e event
		for lines.Scan() {
			l := lines.Text()
			switch {
			case strings.HasPrefix(l, "id: "):
				e.id, _ = strconv.ParseInt(l[4:], 10, 64)
			case strings.HasPrefix(l, "data: "):
				if err := json.Unmarshal([]byte(l[6:]), &e.frame); err != nil {
					t.Errorf("frame: %v", err)
				}
			case l == "" && e.id != 0:
				out <- e
				e = event{}
			}
		}
	}()
	return out
}

// frameWhere waits for a frame that satisfies ok, at most within.
func frameWhere(t *testing.T, events <-chan event, within time.Duration, ok func(frame) bool) event {
	t.Helper()
	deadline := time.After(within)
	var last frame
	for {
		select {
		case e, open := <-events:
			if !open {
				t.Fatal("event stream ended")
			}
			if ok(e.frame) {
				return e
			}
			last = e.frame
		case <-deadline:
			t.Fatalf("no such frame within %v; the last had counts %+v", within, last.Counts)
		}
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
