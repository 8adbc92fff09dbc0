package live

import (
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// startFarmView starts n copies of the test scenario's peers as
// `a2a-conform farm` does (copy K's peers named "K-NAME", their cards
// pointing inside the copy), with the farm's live view.
func startFarmView(t *testing.T, n int) (*mockpeer.Farm, *View, *http.Client) {
	t.Helper()
	sc, err := scenarios.Lookup(testScenario)
	if err != nil {
		t.Fatal(err)
	}
	var spec mockpeer.FarmSpec
	var copies []Copy
	for k := 1; k <= n; k++ {
		prefix := strconv.Itoa(k) + "-"
		one := sc.FarmSpec()
		c := Copy{Name: strconv.Itoa(k), Scenario: Scenario{ID: sc.ID, Title: sc.Title, CardPeer: prefix + sc.CardPeerName()}}
		for _, ps := range one.Peers {
			if ps.Redirect != nil || ps.Signing != nil {
				t.Fatalf("%s: peer %s refers to other peers beyond its cards; rename those too", sc.ID, ps.Name)
			}
			if ps.Identity == "" { // copies share one TLS identity, as in the farm: one certificate
				ps.Identity = ps.Name
			}
			ps.Name = prefix + ps.Name
			cards := make([]mockpeer.CardFunc, len(ps.Cards))
			for i, build := range ps.Cards {
				cards[i] = func(o mockpeer.Origins) wire.AgentCard {
					return build(func(name string) string { return o(prefix + name) })
				}
			}
			ps.Cards = cards
			spec.Peers = append(spec.Peers, ps)
			c.Peers = append(c.Peers, ps.Name)
		}
		spec.Grants = one.Grants
		copies = append(copies, c)
	}
	farm := startFarm(t, spec)
	v, err := MountFarm(t.Context(), farm, copies)
	if err != nil {
		t.Fatal(err)
	}
	return farm, v, trustingClient(t, farm)
}

// getCardOf fetches the card of the farm peer named name.
func getCardOf(t *testing.T, farm *mockpeer.Farm, c *http.Client, name string) {
	t.Helper()
	resp, err := c.Get(farm.Peer(name).CardURL())
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body) // whole, so that the connection is kept
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("card of %s: %d", name, resp.StatusCode)
	}
}

// readCopyEvents streams the frames of copy name until the test ends.
func readCopyEvents(t *testing.T, v *View, c *http.Client, name string) <-chan event {
	t.Helper()
	return readEventsAt(t, v, c, EventsPath+"?copy="+name)
}
