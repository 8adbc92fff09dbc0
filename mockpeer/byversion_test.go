package mockpeer

import (
	"errors"
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

// A redirect from a version on serves the honest card first and the
// redirect after the rotation; a redirect until a version serves the
// redirect on first contact and the honest card after the rotation.
func TestRedirectByVersion(t *testing.T) {
	for _, tc := range []struct {
		name     string
		redirect Redirect
		// the card URL's status under version 0, then under version 1
		before, after int
	}{
		{"from version 1", Redirect{Status: http.StatusMovedPermanently, To: "C", FromVersion: 1}, http.StatusOK, http.StatusMovedPermanently},
		{"until version 1", Redirect{Status: http.StatusFound, To: "C", UntilVersion: 1}, http.StatusFound, http.StatusOK},
		{"a status per version", Redirect{Status: http.StatusFound, To: "C", ByVersion: []int{http.StatusSeeOther, http.StatusPermanentRedirect}},
			http.StatusSeeOther, http.StatusPermanentRedirect},
		{"statuses past their end", Redirect{Status: http.StatusFound, To: "C", ByVersion: []int{http.StatusTemporaryRedirect}},
			http.StatusTemporaryRedirect, http.StatusFound},
		{"a zero status", Redirect{Status: http.StatusFound, To: "C", ByVersion: []int{0, http.StatusMovedPermanently}},
			http.StatusFound, http.StatusMovedPermanently},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := startFarm(t, FarmSpec{Peers: []PeerSpec{
				{Name: "A", Cards: []CardFunc{testCard("A"), testCard("A", withVersion("2"))}, Redirect: &tc.redirect},
				{Name: "C", Host: "127.0.0.3", Cards: []CardFunc{testCard("C")}},
			}})
			c := httpsClient(t, f, false) // it never follows a redirect
			a := f.Peer("A")
			for v, want := range []int{tc.before, tc.after} {
				if v == 1 {
					if err := a.Rotate(1); err != nil {
						t.Fatal(err)
					}
				}
				resp, _ := do(t, c, http.MethodGet, a.CardURL(), "", nil)
				location := resp.Header.Get("Location")
				if resp.StatusCode != want || want != http.StatusOK && location != f.Peer("C").CardURL() {
					t.Errorf("version %d: %d to %q, want %d (a redirect to C)", v, resp.StatusCode, location, want)
				}
			}
		})
	}
}

// A redirect whose version bounds leave no version redirecting, or name a
// negative one, is a mistake of the scenario, not a peer that never
// redirects.
func TestRedirectVersionBoundsChecked(t *testing.T) {
	for _, rd := range []Redirect{
		{Status: http.StatusFound, To: "C", FromVersion: 1, UntilVersion: 1},
		{Status: http.StatusFound, To: "C", FromVersion: 2, UntilVersion: 1},
		{Status: http.StatusFound, To: "C", UntilVersion: -1},
		{Status: http.StatusFound, To: "C", FromVersion: -1},
		{Status: http.StatusFound, To: "C", ByVersion: []int{http.StatusFound, http.StatusOK}},
	} {
		spec := FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{
			{Name: "A", Cards: []CardFunc{testCard("A"), testCard("A")}, Redirect: &rd},
			{Name: "C", Host: "127.0.0.3", Cards: []CardFunc{testCard("C")}},
		}}
		if f, err := Start(t.Context(), spec); !errors.Is(err, ErrInvalidSpec) {
			if err == nil {
				f.Close()
			}
			t.Errorf("redirect from %d until %d: Start = %v, want ErrInvalidSpec", rd.FromVersion, rd.UntilVersion, err)
		}
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
