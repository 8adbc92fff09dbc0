package mockpeer

import (
	"crypto/tls"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The admin API makes a peer an impostor and takes it back: a client
// that trusts the run's CA fails its handshake in between, and works
// again after. The calls are journaled like rotations, secret redacted.
func TestAdminImpostorAndBack(t *testing.T) {
	f, p, journaled := journaledPeer(t, 16)
	c := httpsClient(t, f, false)
	c.Transport.(*http.Transport).TLSClientConfig.ClientSessionCache = tls.NewLRUClientSessionCache(4)
	admin := func(method, path string) (int, string) {
		resp, body := adminCall(t, f, method, path)
		for e := <-journaled; e.Route != journal.RouteAdmin; e = <-journaled { // the connections a switch ends
		}
		return resp.StatusCode, string(body)
	}
	if resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("card before the switch: %d", resp.StatusCode)
	}
	<-journaled

	for _, tt := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, AdminImpostorPath, 405},
		{http.MethodPost, AdminImpostorPath + "?peer=Z", 400},
		{http.MethodPost, AdminGenuinePath, 200}, // already genuine: nothing to undo
	} {
		if status, body := admin(tt.method, tt.path); status != tt.status || p.Impostor() {
			t.Errorf("%s %s: %d %s, impostor %v; want %d and the genuine certificate", tt.method, tt.path, status, body, p.Impostor(), tt.status)
		}
	}
	if status, body := admin(http.MethodPost, AdminImpostorPath+"?peer=A"); status != 200 || body != `{"certificate":"impostor"}` || !p.Impostor() {
		t.Fatalf("POST impostor: %d %q, impostor %v", status, body, p.Impostor())
	}
	e := lastExchange(t, f, journal.RouteAdmin)
	if e.Peer != "A" || e.Path != AdminImpostorPath || !strings.Contains(e.Response, certImpostor) || e.Header.Get("Authorization") != "Bearer [REDACTED:admin-secret]" {
		t.Errorf("impostor call journaled as peer %q %s %q, Authorization %q", e.Peer, e.Path, e.Response, e.Header.Get("Authorization"))
	}
	requireImpostorRefused(t, c, p, journaled)

	if status, body := admin(http.MethodPost, AdminGenuinePath); status != 200 || body != `{"certificate":"genuine"}` || p.Impostor() {
		t.Fatalf("POST genuine: %d %q, impostor %v", status, body, p.Impostor())
	}
	if resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("card after the way back: %d", resp.StatusCode)
	}

	// A reset starts the peer over, genuine certificate included.
	if status, _ := admin(http.MethodPost, AdminImpostorPath); status != 200 || !p.Impostor() {
		t.Fatalf("POST impostor again: %d, impostor %v", status, p.Impostor())
	}
	if status, body := admin(http.MethodPost, AdminResetPath); status != 200 || p.Impostor() {
		t.Fatalf("POST reset: %d %q, impostor %v; want the genuine certificate", status, body, p.Impostor())
	}
	if resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("card after a reset: %d", resp.StatusCode)
	}
	if line, _ := json.Marshal(f.Journal().All()); strings.Contains(string(line), f.AdminSecret()) {
		t.Error("the admin secret is in the journal")
	}
}

// Without the secret nothing switches, and the try is journaled as an
// unmatched request; on a farm of two, the call must name its peer.
func TestAdminImpostorRefusals(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}},
		{Name: "B", Skill: testSkill, Host: "127.0.0.2", Cards: []CardFunc{testCard("B")}},
	}})
	c := httpsClient(t, f, false)
	for _, auth := range []string{"", "Bearer " + f.AdminSecret() + "x"} {
		resp, _ := do(t, c, http.MethodPost, f.AdminURL()+AdminImpostorPath+"?peer=A", "", map[string]string{"Authorization": auth})
		if resp.StatusCode != http.StatusUnauthorized || f.Peer("A").Impostor() {
			t.Errorf("impostor with Authorization %q: %d, impostor %v; want 401 and no switch", auth, resp.StatusCode, f.Peer("A").Impostor())
		}
	}
	if e := lastExchange(t, f, journal.RouteUnmatched); e.Path != AdminImpostorPath || e.Status != http.StatusUnauthorized {
		t.Errorf("refused call journaled as %s %d", e.Path, e.Status)
	}
	if resp, body := adminCall(t, f, http.MethodPost, AdminImpostorPath); resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "bad_peer") {
		t.Errorf("impostor without ?peer= on two peers: %d %s, want 400 bad_peer", resp.StatusCode, body)
	}
	if resp, _ := adminCall(t, f, http.MethodPost, AdminImpostorPath+"?peer=B"); resp.StatusCode != http.StatusOK || !f.Peer("B").Impostor() || f.Peer("A").Impostor() {
		t.Errorf("impostor of B: %d, impostors A %v B %v", resp.StatusCode, f.Peer("A").Impostor(), f.Peer("B").Impostor())
	}
}

// A plain-HTTP peer has no certificate: both calls are refused, 409.
func TestAdminImpostorPlainHTTP(t *testing.T) {
	f := startFarm(t, FarmSpec{PlainHTTP: true, Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	c := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	for _, path := range []string{AdminImpostorPath, AdminGenuinePath} {
		resp, body := do(t, c, http.MethodPost, f.AdminURL()+path+"?peer=A", "", map[string]string{"Authorization": "Bearer " + f.AdminSecret()})
		var answer map[string]string
		_ = json.Unmarshal(body, &answer)
		if resp.StatusCode != http.StatusConflict || answer["error"] != "no_certificate" || !strings.Contains(answer["message"], "plain HTTP") {
			t.Errorf("POST %s on plain HTTP: %d %s; want 409 no_certificate", path, resp.StatusCode, body)
		}
	}
}
