package mockpeer

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

const restSendBody = `{"message":{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"hi"}]}}`

// Every peer of every farm in the process shares one compiled HTTP+JSON
// router; each request must still reach the peer whose listener took it,
// with that farm's limits, and nothing else.
func TestSharedRoutesServeEachPeerItsOwn(t *testing.T) {
	spec := func(names ...string) FarmSpec {
		var s FarmSpec
		for _, n := range names {
			s.Peers = append(s.Peers, PeerSpec{Name: n, Skill: testSkill, Cards: []CardFunc{testCard(n)}})
		}
		return s
	}
	one := startFarm(t, spec("A", "B"))
	small := spec("A")
	small.Limits.MaxBodyBytes = int64(len(restSendBody) - 1)
	other := startFarm(t, small)
	c1, c2 := httpsClient(t, one, false), httpsClient(t, other, false)
	a, b, otherA := one.Peer("A"), one.Peer("B"), other.Peer("A")

	for _, pc := range []struct {
		p *Peer
		c *http.Client
	}{{a, c1}, {b, c1}, {otherA, c2}} {
		resp, body := do(t, pc.c, http.MethodGet, pc.p.CardURL(), "", nil)
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, pc.p.CardBytes(0)) {
			t.Errorf("card of %s: %d %s, want its own card", pc.p.Origin(), resp.StatusCode, body)
		}
	}

	// Tasks sent to A and B at once land on their own peer only.
	const sends = 8
	var wg sync.WaitGroup
	for _, p := range []*Peer{a, b} {
		for range sends {
			wg.Go(func() {
				resp, body := do(t, c1, http.MethodPost, RESTURL(p.Origin())+"/message:send", restSendBody, a2aHeaders(nil))
				if resp.StatusCode != http.StatusOK {
					t.Errorf("send to %s: %d %s", p.Name(), resp.StatusCode, body)
				}
			})
		}
	}
	wg.Wait()
	for _, p := range []*Peer{a, b} {
		if n := restTaskCount(t, c1, p); n != sends {
			t.Errorf("peer %s lists %d tasks, want %d", p.Name(), n, sends)
		}
	}
	if n := restTaskCount(t, c2, otherA); n != 0 {
		t.Errorf("peer A of the other farm lists %d tasks, want none", n)
	}
	last := "/tasks/task-" + strconv.Itoa(sends)
	if resp, body := do(t, c2, http.MethodGet, RESTURL(otherA.Origin())+last, "", a2aHeaders(nil)); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET %s on the other farm's A: %d %s, want 404", last, resp.StatusCode, body)
	}

	// The other farm's body limit is its own; the first farm keeps its default.
	if resp, _ := do(t, c2, http.MethodPost, RESTURL(otherA.Origin())+"/message:send", restSendBody, a2aHeaders(nil)); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("send over the other farm's body limit: %d, want 413", resp.StatusCode)
	}

	for _, e := range one.Journal().All() {
		if e.Route == journal.RouteA2A && !strings.HasPrefix(e.Origin, map[string]string{"A": a.Origin(), "B": b.Origin()}[e.Peer]) {
			t.Errorf("exchange #%d journaled for peer %q at %s", e.Seq, e.Peer, e.Origin)
		}
	}
	for _, e := range other.Journal().All() {
		if e.Peer != "A" || e.Origin != otherA.Origin() {
			t.Errorf("the other farm journaled #%d for %q at %s", e.Seq, e.Peer, e.Origin)
		}
	}
}

// restTaskCount lists p's tasks over HTTP+JSON.
func restTaskCount(t *testing.T, c *http.Client, p *Peer) int {
	t.Helper()
	resp, body := do(t, c, http.MethodGet, RESTURL(p.Origin())+"/tasks", "", a2aHeaders(nil))
	var list struct {
		Tasks []json.RawMessage `json:"tasks"`
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &list) != nil {
		t.Fatalf("list tasks of %s: %d %s", p.Name(), resp.StatusCode, body)
	}
	return len(list.Tasks)
}
