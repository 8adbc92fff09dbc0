package live

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A thousand copies: the page draws one copy's lanes and buttons and a
// control per copy, not per peer button; with the ring full of every
// copy's traffic a frame stays small and quick, the overview ranks ten.
func TestFarmViewOfAThousandCopies(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 1000 peers")
	}
	const copies = 1000
	farm, v, c := startFarmView(t, copies)
	status, page := getPage(t, farm, loggedIn(t, v, c), Path+"?copy=500")
	if status != http.StatusOK {
		t.Fatalf("page: %d", status)
	}
	buttons, options := strings.Count(page, "<button"), strings.Count(page, "<option")
	if buttons > 10 || options != copies || len(page) > 150_000 {
		t.Errorf("page of a %d-copy farm: %d bytes, %d buttons, %d options; want one copy's buttons and one option per copy", copies, len(page), buttons, options)
	}
	t.Logf("page of a %d-copy farm: %d bytes, %d buttons", copies, len(page), buttons)

	// The ring filled by a hundred copies, then copy 500 the busiest: few
	// distinct peers, so that few TLS handshakes are made.
	var names []string
	for k := range 1000 {
		names = append(names, v.copies[(k%100)*10].Peers[0])
	}
	for range 20 {
		names = append(names, "500-A")
	}
	flood := make(chan string)
	done := make(chan struct{})
	for range 8 {
		go func() {
			for name := range flood {
				getCardOf(t, farm, c, name)
			}
			done <- struct{}{}
		}()
	}
	for _, name := range names {
		flood <- name
	}
	close(flood)
	for range 8 {
		<-done
	}
	began := time.Now()
	raw := v.render(499)
	took := time.Since(began)
	var f frame
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	// Each copy's count has its requests, and the connections a client
	// dialled for them and dropped (HTTP/2 dials race): 20 at least.
	busiest := f.Farm.Busiest[0]
	if f.Farm.Exchanges != 1000 || len(f.Farm.Busiest) != busiestCopies || busiest.Copy != "500" || busiest.Scenario != testScenario ||
		busiest.Exchanges < 20 || f.Exchanges != busiest.Exchanges {
		t.Errorf("frame of copy 500: %d exchanges, overview %+v", f.Exchanges, f.Farm)
	}
	if len(raw) > 64<<10 {
		t.Errorf("frame of one copy: %d bytes", len(raw))
	}
	t.Logf("frame of one copy of %d, with a ring of 1000 exchanges: %d bytes, rendered in %v", copies, len(raw), took)
}
