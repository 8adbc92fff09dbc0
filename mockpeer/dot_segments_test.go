package mockpeer

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A call to a path spelt with dot segments reaches the route they resolve
// to, and the journal keeps the path as the client sent it.
func TestDotSegmentsReachTheirRoute(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	c := httpsClient(t, f, false)
	body := `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"none"}}`
	req, _ := http.NewRequest(http.MethodPost, p.Origin()+"/a2a/./x/../jsonrpc", strings.NewReader(body))
	req.URL.Opaque = "/a2a/./x/../jsonrpc" // sent as written: Go's client does not resolve them
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("A2A-Version", "1.0")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		t.Fatalf("status %d: the dot segments were not resolved", resp.StatusCode)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	all := f.Journal().All()
	last := all[len(all)-1]
	if last.Path != "/a2a/./x/../jsonrpc" || last.Route != journal.RouteA2A || last.Op != "GetTask" {
		t.Errorf("journaled %s %q as %s %q, want the path as sent, route a2a, GetTask", last.Method, last.Path, last.Route, last.Op)
	}
}
