package mockpeer

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// A task follows the script of the card version in force when it was
// created, and keeps it after the next rotation.
func TestScriptByVersion(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards: []CardFunc{testCard("A"), testCard("A", withVersion("2"))},
		Task: TaskScript{Steps: []TaskStep{{State: wire.TaskStateCompleted}}, ByVersion: map[int][]TaskStep{
			1: {{State: wire.TaskStateWorking}, {State: wire.TaskStateAuthRequired, Message: "present a client certificate"}},
		}},
	})
	c := httpsClient(t, f, false)
	first := sendTask(t, mustRPC(t, c, p, wire.MethodSendMessage, sendParams("one", true)))
	if first.Status.State != wire.TaskStateCompleted {
		t.Errorf("task under v0: %s", first.Status.State)
	}
	if err := p.Rotate(1); err != nil {
		t.Fatal(err)
	}
	second := sendTask(t, mustRPC(t, c, p, wire.MethodSendMessage, sendParams("two", true)))
	if second.Status.State != wire.TaskStateWorking {
		t.Errorf("task under v1 starts %s, want WORKING", second.Status.State)
	}
	got := decodeTask(t, mustRPC(t, c, p, wire.MethodGetTask, map[string]any{"id": second.ID}))
	if got.Status.State != wire.TaskStateAuthRequired {
		t.Errorf("a later GetTask shows %s, want AUTH_REQUIRED", got.Status.State)
	}
}

// A redirect from a version on: the honest card first, the redirect after
// the rotation.
func TestRedirectFromVersion(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Cards: []CardFunc{testCard("A"), testCard("A", withVersion("2"))},
			Redirect: &Redirect{Status: http.StatusMovedPermanently, To: "C", FromVersion: 1}},
		{Name: "C", Host: "127.0.0.3", Cards: []CardFunc{testCard("C")}},
	}})
	c := httpsClient(t, f, false)
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	a := f.Peer("A")
	if resp, _ := do(t, c, http.MethodGet, a.CardURL(), "", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("before the rotation: %d, want the card", resp.StatusCode)
	}
	if err := a.Rotate(1); err != nil {
		t.Fatal(err)
	}
	resp, _ := do(t, c, http.MethodGet, a.CardURL(), "", nil)
	if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != f.Peer("C").CardURL() {
		t.Errorf("after the rotation: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
}

func mustRPC(t *testing.T, c *http.Client, p *Peer, method string, params any) []byte {
	t.Helper()
	raw, rpcErr := rpc(t, c, p, method, params, nil)
	if rpcErr != nil {
		t.Fatalf("%s: %+v", method, rpcErr)
	}
	return raw
}
