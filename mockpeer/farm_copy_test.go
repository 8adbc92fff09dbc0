package mockpeer

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/contract"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// copiedFarm is an original peer "A", "B" copying it, and "C" copying B
// (a copy of a copy) and "D" copying a peer the farm lacks: both done at
// start. Every peer has two bearer-secured versions.
func copiedFarm(t *testing.T) *Farm {
	peer := func(name string) PeerSpec {
		return PeerSpec{Name: name, Skill: testSkill, Cards: []CardFunc{
			testCard(name, withSecurity(bearerScheme, wire.Require("bearer"))),
			testCard(name, withVersion("2.0.0"), withSecurity(bearerScheme, wire.Require("bearer"))),
		}}
	}
	copyOf := map[string]string{"B": "A", "C": "B", "D": "Z"}
	return startFarm(t, FarmSpec{
		Peers:  []PeerSpec{peer("A"), peer("B"), peer("C"), peer("D")},
		Grants: Grants{Bearer: true},
		CopyOf: func(p string) string { return copyOf[p] },
	})
}

// A copy's cards are parsed back and hashed on first use, not at start;
// what it then derives is what the start would have (the contract hash of
// the bytes it serves), and the journal records it.
func TestCopyDerivesCardsOnFirstUse(t *testing.T) {
	f := copiedFarm(t)
	for name, lazy := range map[string]bool{"A": false, "B": true, "C": false, "D": false} {
		for _, v := range f.Peer(name).versions {
			if derived := v.derived.hash != ""; derived == lazy {
				t.Errorf("peer %s card %d: derived at start %v, want %v", name, v.n, derived, !lazy)
			}
		}
	}
	b := f.Peer("B")
	c := httpsClient(t, f, false)
	if resp, _ := do(t, c, http.MethodGet, b.CardURL(), "", nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("B's card: HTTP %d", resp.StatusCode)
	}
	want, err := contract.Hash(b.CardBytes(0), testSkill)
	if err != nil {
		t.Fatal(err)
	}
	if got := lastExchange(t, f, journal.RouteCard).ContractHash; got != want {
		t.Errorf("journaled contract hash %q, want %q", got, want)
	}
	if b.ContractHash(0) != want || want == f.Peer("A").ContractHash(0) {
		t.Errorf("B's hash %q, want %q (A's, on its own origin: %q)", b.ContractHash(0), want, f.Peer("A").ContractHash(0))
	}
	// Its security is enforced from the card parsed on first use.
	if _, rpcErr := rpc(t, c, b, wire.MethodGetTask, map[string]any{"id": "none"}, nil); rpcErr == nil {
		t.Error("B answered a call without the bearer token its card requires")
	}
	if b.versions[1].derived.hash != "" {
		t.Error("B's second version was derived before anything used it")
	}
}

// The original's cards are still done at start: one that cannot be parsed
// back fails the start, whether or not copies follow it.
func TestOriginalCardErrorFailsStart(t *testing.T) {
	bad := func(name string) CardFunc {
		return testCard(name, func(_ Origins, c *wire.AgentCard) {
			c.Capabilities.Extensions = []wire.AgentExtension{{URI: "urn:x", Params: map[string]any{"n": json.Number("1e999")}}}
		})
	}
	spec := FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{bad("A")}},
		{Name: "B", Skill: testSkill, Cards: []CardFunc{bad("B")}},
	}, CopyOf: func(p string) string { return map[string]string{"B": "A"}[p] }}
	f, err := Start(t.Context(), spec)
	if err == nil {
		f.Close()
		t.Fatal("a farm whose original card cannot be parsed back started")
	}
	if !contains(err.Error(), `peer "A" card 0`) {
		t.Errorf("error %q should name peer A's card 0", err)
	}
}

// A copy whose card does not derive, where its original's did, fails
// closed on first use: no call is admitted, and the journal's contract
// hash names the error.
func TestCopyCardErrorFailsClosed(t *testing.T) {
	bad := testCard("B", func(_ Origins, c *wire.AgentCard) {
		c.Capabilities.Extensions = []wire.AgentExtension{{URI: "urn:x", Params: map[string]any{"n": json.Number("1e999")}}}
	})
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}},
		{Name: "B", Skill: testSkill, Cards: []CardFunc{bad}},
	}, CopyOf: func(p string) string { return map[string]string{"B": "A"}[p] }})
	c := httpsClient(t, f, false)
	if _, rpcErr := rpc(t, c, f.Peer("A"), wire.MethodGetTask, map[string]any{"id": "none"}, nil); rpcErr == nil || rpcErr.Code != wire.ErrTaskNotFound.RPCCode {
		t.Fatalf("A (no security) answered %+v, want task not found", rpcErr)
	}
	_, rpcErr := rpc(t, c, f.Peer("B"), wire.MethodGetTask, map[string]any{"id": "none"}, nil)
	if rpcErr == nil || rpcErr.Code == wire.ErrTaskNotFound.RPCCode {
		t.Errorf("B, whose card does not derive, admitted a call: %+v", rpcErr)
	}
	if h := lastExchange(t, f, journal.RouteA2A).ContractHash; !contains(h, "card does not derive") {
		t.Errorf("B's journaled contract hash %q should name the error", h)
	}
}
