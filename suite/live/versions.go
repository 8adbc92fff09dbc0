package live

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// peerView is what the page shows of a peer, and its buttons.
type peerView struct {
	Name, Origin, CardURL string
	Versions              []versionView
}

// versionView is one card version of a peer: a button that puts it in force.
type versionView struct {
	N int
	// Kind is how it differs from version 0: "initial", "contract change"
	// (a rotation, a repoint) or "capabilities only" (a reorganisation).
	Kind    string
	Summary string // what the card says, in a line
}

// describePeer is p as the page shows it; peerAt names the farm's peer at
// each origin.
func describePeer(p *mockpeer.Peer, peerAt map[string]string) peerView {
	pv := peerView{Name: p.Name(), Origin: p.Origin(), CardURL: p.CardURL()}
	for n := range p.CardVersions() {
		kind := "initial"
		switch {
		case n == 0:
		case p.ContractHash(n) != p.ContractHash(0):
			kind = "contract change"
		default:
			kind = "capabilities only"
		}
		pv.Versions = append(pv.Versions, versionView{N: n, Kind: kind, Summary: summarize(p.CardBytes(n), peerAt)})
	}
	return pv
}

// summarize says in one line what a card announces: its version, security,
// skills, where its interfaces are, and whether it is signed.
func summarize(raw []byte, peerAt map[string]string) string {
	var card wire.AgentCard
	if err := json.Unmarshal(raw, &card); err != nil {
		return "card not readable: " + err.Error()
	}
	parts := []string{"card " + card.Version}
	var options []string
	for _, req := range card.SecurityRequirements {
		options = append(options, strings.Join(sortedKeys(req.Schemes), "+"))
	}
	if len(options) == 0 {
		options = []string{"none"}
	}
	parts = append(parts, "security "+strings.Join(options, " or "))
	var skills []string
	for _, s := range card.Skills {
		skills = append(skills, s.ID)
	}
	parts = append(parts, "skills "+strings.Join(skills, ", "))
	var where []string
	for _, i := range card.SupportedInterfaces {
		at := i.URL
		if name, ok := peerAt[interfaceOrigin(i, peerAt)]; ok {
			at = "peer " + name
		}
		if i.ProtocolVersion != "1.0" {
			at += fmt.Sprintf(" (protocol %s)", i.ProtocolVersion)
		}
		if !slices.Contains(where, at) {
			where = append(where, at)
		}
	}
	parts = append(parts, "endpoints on "+strings.Join(where, ", "))
	if len(card.Signatures) > 0 {
		parts = append(parts, "signed")
	}
	return strings.Join(parts, " · ")
}

// interfaceOrigin is the farm origin i is on, "" if none: a gRPC
// interface's url is a host:port target, not a URL of its origin.
func interfaceOrigin(i wire.AgentInterface, peerAt map[string]string) string {
	if i.ProtocolBinding == wire.BindingGRPC {
		for origin := range peerAt {
			if mockpeer.GRPCTarget(origin) == i.URL {
				return origin
			}
		}
		return ""
	}
	if u, err := url.Parse(i.URL); err == nil {
		return u.Scheme + "://" + u.Host
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
