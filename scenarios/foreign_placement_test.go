package scenarios

import (
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Every kind of foreign origin the catalog plays against a card is played
// on the card's own host at another port at least once, and on another
// host at least once: an origin is scheme, host and port, so a client whose
// gate compares hosts alone (or ports alone) fails somewhere whatever it
// reaches: an interface, an extended card's interface, a card redirect's
// target, a key set. Until the -same-host twins, every card redirect and
// every foreign key set was on another host (card-redirect-same-host and
// jwks-same-host passed the whole catalog). An A2A request's and a token
// request's redirects are played on the card's host alone
// (interface-redirect-cross-origin, token-redirect-cross-origin), where an
// HTTP client keeps the Authorization header.
func TestForeignOriginsOnTheCardsHost(t *testing.T) {
	type placed struct{ sameHost, otherHost []string }
	kinds := map[string]*placed{}
	for _, k := range []string{"interface", "extended interface", "card redirect", "key set", "A2A redirect", "token redirect"} {
		kinds[k] = &placed{}
	}
	hostOf := func(p mockpeer.PeerSpec) string {
		if p.Host == "" {
			return "127.0.0.1"
		}
		return p.Host
	}
	origins := func(peer string) string { return "https://" + peer + ".test:443" }
	for _, sc := range Catalog() {
		byName := map[string]mockpeer.PeerSpec{}
		for _, p := range sc.Peers {
			byName[p.Name] = p
		}
		card, ok := byName[sc.CardPeerName()]
		if !ok {
			continue
		}
		note := func(kind, peer string) {
			foreign, ok := byName[peer]
			if !ok || peer == card.Name {
				return
			}
			k := kinds[kind]
			if hostOf(foreign) == hostOf(card) {
				k.sameHost = append(k.sameHost, sc.ID)
			} else {
				k.otherHost = append(k.otherHost, sc.ID)
			}
		}
		named := func(kind string, cards []mockpeer.CardFunc) {
			for _, build := range cards {
				for _, i := range build(origins).SupportedInterfaces {
					for name := range byName {
						if strings.Contains(i.URL, name+".test") {
							note(kind, name)
						}
					}
				}
			}
		}
		named("interface", card.Cards)
		if card.Extended != nil {
			named("extended interface", card.Extended.Cards)
		}
		if card.Redirect != nil {
			note("card redirect", card.Redirect.To)
		}
		if card.A2ARedirect != nil {
			note("A2A redirect", card.A2ARedirect.To)
		}
		if card.TokenRedirect != nil {
			note("token redirect", card.TokenRedirect.To)
		}
		if card.Signing != nil {
			note("key set", card.Signing.Publisher)
		}
	}
	for kind, k := range kinds {
		if len(k.sameHost) == 0 {
			t.Errorf("no scenario puts a foreign %s on the card's own host at another port", kind)
		}
		if len(k.otherHost) == 0 && kind != "A2A redirect" && kind != "token redirect" {
			t.Errorf("no scenario puts a foreign %s on another host", kind)
		}
		t.Logf("%s: on the card's host in %v; on another host in %d scenario(s)", kind, slices.Compact(k.sameHost), len(slices.Compact(k.otherHost)))
	}
}
