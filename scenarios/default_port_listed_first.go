package scenarios

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// foreign-origin-listed-first with the foreign interfaces on the card's own
// host, written without a port: https://127.0.0.1/a2a/jsonrpc is port 443,
// another origin than the card's https://127.0.0.1:PORT (RFC 6454 §4: the
// scheme's default port). Every url of the catalog wrote its port, so a
// client that takes a url without one for the card's origin whenever the
// scheme and host match passed every scenario. Nothing listens on 443
// here (the suite binds no privileged port): the conformant client skips
// those urls and completes at A's own; that client sends to a port where
// nothing answers, and the outcome alone shows it.
var _ = register(routing(Scenario{
	ID:     "default-port-listed-first",
	Family: FamilyAuthority, Rank: 16,
	Title: "the card lists interfaces on its own host at the default port before its own",
	Description: "The card is served on origin A (`https://127.0.0.1:PORT`). The client's first task runs under the " +
		"honest card (the positive control). Between the tasks the card starts listing, before A's own interfaces, its " +
		"JSON-RPC and HTTP+JSON interfaces again with the port left out: `https://127.0.0.1/...`, which is port 443, " +
		"another origin, where nothing listens. Over gRPC alone the scenario asks what any does.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		controlTask("REPOINT-017", verdict.ProfileCore, 2,
			"The client MUST complete the second task at an interface on the card's own origin: a url without a port has "+
				"its scheme's default port, another origin than the card's, which the card is not authoritative for.",
			"contract-model §3 rules 5 and 6; RFC 6454 §4"),
		controlTask("REPOINT-018", verdict.ProfileCore, 1,
			"The client MUST complete the first task, under the card whose interfaces all write their port (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{bearerCard("A").Build, defaultPortFirst(bearerCard("A").Version("1.1.0")).Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}))

// defaultPortFirst lists, before card's interfaces, a copy of each of its
// HTTP interfaces with the port left out of the url.
func defaultPortFirst(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
		var portless []wire.AgentInterface
		for _, iface := range c.SupportedInterfaces {
			u, err := url.Parse(iface.URL)
			if iface.ProtocolBinding == wire.BindingGRPC || err != nil || u.Port() == "" {
				continue
			}
			u.Host = u.Hostname()
			iface.URL = u.String()
			portless = append(portless, iface)
		}
		c.SupportedInterfaces = append(portless, c.SupportedInterfaces...)
	})
}
