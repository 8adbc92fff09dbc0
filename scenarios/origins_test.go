package scenarios

import "testing"

// hostOf is where a peer of the catalog listens ("" is 127.0.0.1).
func hostOf(sc *Scenario, peer string) string {
	for _, p := range sc.Peers {
		if p.Name == peer {
			if p.Host == "" {
				return "127.0.0.1"
			}
			return p.Host
		}
	}
	return ""
}

// An origin is scheme, host and port (rule 6): the catalog must catch a
// gate that compares hostnames only, so one foreign peer shares the card's
// host at another port, and others keep another host, so that a gate
// comparing ports only fails too.
func TestCatalogForeignPeersOnTheCardsHostAndOnAnother(t *testing.T) {
	for _, c := range []struct {
		scenario string
		sameHost bool
	}{
		{"repointed-endpoint", true},
		{"origin-lookalike", true},
		{"repointed-grpc-endpoint", false},
		{"repointed-grpc-target", false},
		{"repointed-endpoint-bad-signature", false},
		{"card-redirect-cross-origin", false},
	} {
		sc, err := Lookup(c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		foreign := "B"
		if c.scenario == "card-redirect-cross-origin" {
			foreign = "C"
		}
		card := hostOf(sc, sc.Peers[sc.CardPeerIndex()].Name)
		if got := hostOf(sc, foreign) == card; got != c.sameHost {
			t.Errorf("%s: peer %s on %s, the card's peer on %s: want same host %v", c.scenario, foreign, hostOf(sc, foreign), card, c.sameHost)
		}
	}
}
