package main

import (
	"net/url"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

func TestSpreadHost(t *testing.T) {
	for first, want := range map[int]string{
		0: "127.0.0.1", peersPerAddress - 1: "127.0.0.1", peersPerAddress: "127.0.0.2",
		253 * peersPerAddress: "127.0.0.254", 254 * peersPerAddress: "127.0.1.1",
	} {
		if got := spreadHost(first); got != want {
			t.Errorf("spreadHost(%d) = %s, want %s", first, got, want)
		}
	}
}

// A copy whose peers name a host or respell their urls keeps its
// addresses: the scenario relies on them.
func TestSpreadableKeepsNamedHosts(t *testing.T) {
	for _, tc := range []struct {
		peers []mockpeer.PeerSpec
		want  bool
	}{
		{[]mockpeer.PeerSpec{{Name: "A"}, {Name: "B"}}, true},
		{[]mockpeer.PeerSpec{{Name: "A"}, {Name: "B", Host: "localhost"}}, false},
		{[]mockpeer.PeerSpec{{Name: "A", Addr: "127.0.0.1:9000"}}, false},
	} {
		if got := spreadable(tc.peers); got != tc.want {
			t.Errorf("spreadable(%+v) = %v, want %v", tc.peers, got, tc.want)
		}
	}
	sc, err := scenarios.Lookup("origin-lookalike")
	if err != nil {
		t.Fatal(err)
	}
	if spreadable(sc.FarmSpec().Peers) {
		t.Error("origin-lookalike's copies would move off the hosts their look-alikes are spelt against")
	}
}

// Past peersPerAddress peers, copies that can move go to other loopback
// addresses, and those that cannot stay where their scenario puts them.
func TestLargeFarmSpreadsCopies(t *testing.T) {
	if !loopbackSpreads() {
		t.Skip("this machine does not route 127.0.0.2")
	}
	rot, err := scenarios.Lookup("rotation-during-send")
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := farmSpec([]*scenarios.Scenario{rot}, peersPerAddress+1)
	hosts := map[string]int{}
	for _, ps := range spec.Peers {
		hosts[ps.Host]++
	}
	if hosts["127.0.0.1"] != peersPerAddress || hosts["127.0.0.2"] != len(spec.Peers)-peersPerAddress {
		t.Errorf("peers per host %v, want %d on 127.0.0.1 and the rest on 127.0.0.2", hosts, peersPerAddress)
	}
	if _, err := url.Parse("https://" + spreadHost(len(spec.Peers)) + ":1/"); err != nil {
		t.Error(err)
	}
}

// Every copy after a scenario's first names the first's peer of the same
// name as its original, so only the first copy's cards are derived at
// start; the first copies are originals.
func TestFarmSpecCopyOf(t *testing.T) {
	a, err := scenarios.Lookup("rotation-during-send")
	if err != nil {
		t.Fatal(err)
	}
	b, err := scenarios.Lookup("repointed-endpoint-signed")
	if err != nil {
		t.Fatal(err)
	}
	spec, copies := farmSpec([]*scenarios.Scenario{a, b}, 5)
	for i, c := range copies {
		first := copies[i%2]
		for k, peer := range c.peers {
			want := first.peers[k]
			if i < 2 {
				want = ""
			}
			if got := spec.CopyOf(peer); got != want {
				t.Errorf("copy %s peer %s: CopyOf %q, want %q", c.name, peer, got, want)
			}
		}
	}
}
