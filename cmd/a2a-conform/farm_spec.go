package main

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/live"
)

// farmCopy is one copy of a scenario's peers in a farm: what a client is
// pointed at, like one standalone `peer`.
type farmCopy struct {
	name  string // "17": the copy's number, from 1
	sc    *scenarios.Scenario
	peers []string // farm peer names ("17-A"), in the scenario's order
}

// cardPeer is the farm name of the peer whose card URL the client is given.
func (c farmCopy) cardPeer() string { return c.peers[c.sc.CardPeerIndex()] }

// farmScenarios resolves --scenario: one ID, several comma-separated, or
// "all" for the whole catalog.
func farmScenarios(ids string) ([]*scenarios.Scenario, error) {
	if ids == "all" {
		return scenarios.Catalog(), nil
	}
	var out []*scenarios.Scenario
	for id := range strings.SplitSeq(ids, ",") {
		sc, err := scenarios.Lookup(strings.TrimSpace(id))
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// farmSpec deals n copies of scs round-robin into one FarmSpec. Each copy
// is the scenario's own FarmSpec with its peers renamed "N-NAME", so that
// every reference between them (origins in cards, redirects, the JWKS
// publisher) stays inside the copy. Copies of a peer share its TLS
// identity (the same principal in every copy, and one certificate, not n)
// and its card signing keys (each copy publishes them under its own kids).
// Every copy after a scenario's first is its CopyOf, so only the first
// parses and hashes its cards at start.
func farmSpec(scs []*scenarios.Scenario, n int) (mockpeer.FarmSpec, []farmCopy) {
	var spec mockpeer.FarmSpec
	copies := make([]farmCopy, n)
	group := map[string]string{}  // farm peer name → scenario and peer name
	copyOf := map[string]string{} // farm peer name → its first copy's
	first := map[string]string{}  // scenario and peer name → its first copy's farm name
	spread := n*2 > peersPerAddress && loopbackSpreads()
	for i := range n {
		sc := scs[i%len(scs)]
		c := farmCopy{name: strconv.Itoa(i + 1), sc: sc}
		one := sc.FarmSpec()
		host := ""
		if spread && spreadable(one.Peers) {
			host = spreadHost(len(spec.Peers))
		}
		for _, ps := range one.Peers {
			original := ps.Name
			ps = renamed(ps, sc.ID, c.name+"-")
			ps.Host = cmp.Or(ps.Host, host)
			c.peers = append(c.peers, ps.Name)
			spec.Peers = append(spec.Peers, ps)
			if name, seen := first[sc.ID+"/"+original]; seen {
				copyOf[ps.Name] = name
			} else {
				first[sc.ID+"/"+original] = ps.Name
			}
			if ps.Signing != nil {
				group[ps.Name] = sc.ID + "/" + original
			}
		}
		spec.Grants = unionGrants(spec.Grants, one.Grants)
		copies[i] = c
	}
	spec.KeyGroup = func(peer string) string { return group[peer] }
	spec.CopyOf = func(peer string) string { return copyOf[peer] }
	return spec, copies
}

// renamed is ps as a peer of the copy whose names start with prefix.
func renamed(ps mockpeer.PeerSpec, scenarioID, prefix string) mockpeer.PeerSpec {
	identity := ps.Identity
	if identity == "" {
		identity = ps.Name
	}
	ps.Identity = scenarioID + "/" + identity
	ps.Name = prefix + ps.Name
	ps.Addr = ""
	inCopy := func(o mockpeer.Origins) mockpeer.Origins {
		return func(name string) string { return o(prefix + name) }
	}
	cards := make([]mockpeer.CardFunc, len(ps.Cards))
	for i, build := range ps.Cards {
		cards[i] = func(o mockpeer.Origins) wire.AgentCard { return build(inCopy(o)) }
	}
	ps.Cards = cards
	if ps.Redirect != nil {
		rd := *ps.Redirect
		rd.To = prefix + rd.To
		ps.Redirect = &rd
	}
	if ps.Signing != nil && ps.Signing.Publisher != "" {
		s := *ps.Signing
		s.Publisher = prefix + s.Publisher
		ps.Signing = &s
	}
	return ps
}

// unionGrants: the farm creates every credential once; what each copy's
// client is told stays per scenario (the index).
func unionGrants(a, b mockpeer.Grants) mockpeer.Grants {
	return mockpeer.Grants{OAuth: a.OAuth || b.OAuth, Bearer: a.Bearer || b.Bearer,
		APIKey: a.APIKey || b.APIKey, ClientCert: a.ClientCert || b.ClientCert}
}

// describeCopies is "1000 copies of rotation-during-send (1000 peers)".
func describeCopies(scs []*scenarios.Scenario, copies []farmCopy, peers int) string {
	// Copies deal the scenarios round-robin: fewer copies than scenarios
	// serve the first ones only, and the banner names only those.
	ids := make([]string, min(len(scs), len(copies)))
	for i := range ids {
		ids[i] = scs[i].ID
	}
	return fmt.Sprintf("%d copies of %s (%d peers)", len(copies), strings.Join(ids, ", "), peers)
}

// liveCopies are the copies as the live view shows them.
func liveCopies(copies []farmCopy) []live.Copy {
	out := make([]live.Copy, len(copies))
	for i, c := range copies {
		out[i] = live.Copy{Name: c.name, Peers: c.peers, Scenario: live.Scenario{
			ID: c.sc.ID, Title: c.sc.Title, Description: c.sc.Description,
			CardPeer: c.cardPeer(), Skill: c.sc.Skill, Message: c.sc.Message,
		}}
	}
	return out
}
