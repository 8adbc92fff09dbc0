package mockpeer

import (
	"crypto/tls"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A client that does not trust the farm's CA leaves a journal entry that
// says so, instead of no trace at all.
func TestFailedHandshakeIsJournaled(t *testing.T) {
	f, p, journaled := journaledPeer(t, 4)
	untrusting := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{}}}
	if _, err := untrusting.Get(p.CardURL()); err == nil {
		t.Fatal("a client without the farm CA completed a handshake")
	}
	// net/http logs the server side of the failure after the client gave up.
	select {
	case <-journaled:
	case <-time.After(10 * time.Second):
		t.Fatal("no exchange journaled for the failed handshake")
	}
	got := f.Journal().All()
	if len(got) != 1 {
		t.Fatalf("journal has %d exchanges, want the failed handshake", len(got))
	}
	e := got[0]
	if e.Route != journal.RouteConnection || e.Peer != "A" || !strings.Contains(e.Malformed, "TLS handshake failed") ||
		!strings.Contains(e.Malformed, "certificate") || e.Conn.Handshake != journal.HandshakeFailed || !e.HandshakeRefusedByClient() ||
		e.Conn.EndedBy != journal.EndedByClient {
		t.Errorf("journaled %+v", e)
	}
	// A trusting client is unaffected and journaled after it.
	resp, err := httpsClient(t, f, false).Get(p.CardURL())
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("trusting client: %v", err)
	}
	resp.Body.Close()
	if all := f.Journal().All(); len(all) != 2 || all[1].Route != journal.RouteCard {
		t.Errorf("journal after a good request: %d exchanges", len(all))
	}
}
