package scenarios

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The fixed catalog's families as building blocks of the generated one
// (package explore): the spellings of origin-lookalike, the forgeries of
// the trust-root family and the extended card's shape, each table the one
// its fixed scenarios play, so that a variant and a fixed scenario of the
// same family cannot drift apart.

// OriginSpelling is one spelling of origin-lookalike's card: its
// interfaces on the card's own origin spelt otherwise (Same), or on
// another origin that looks like it.
type OriginSpelling struct {
	// Kind is stable: generated variants are named after it.
	Kind string
	What string
	Same bool
	// LandsOn names the peer whose socket the spelling reaches: the card
	// peer's own (http for https, localhost, the IPv4-mapped address), the
	// other peer's (userinfo, another port), or none ([::1]).
	LandsOn string
	// CardHost is the host the card peer must be served from for the
	// spelling to be played ("" for the farm's 127.0.0.1): a name's own
	// spellings (its letter case, a trailing dot, the address it resolves
	// to) exist only for a card served from a name, "localhost", as
	// origin-lookalike-named serves it.
	CardHost string
	urls     func(a, b hostAndPort) [3]string
}

// spellingKinds name origin-lookalike's spellings, by requirement ID, and
// say whose socket each reaches ("A", "B" or "").
var spellingKinds = map[string][2]string{
	"ORIGIN-003": {"upper-scheme", "A"}, "ORIGIN-004": {"userinfo", "B"}, "ORIGIN-005": {"other-port", "B"},
	"ORIGIN-006": {"dot-segments", "A"}, "ORIGIN-007": {"http", "A"}, "ORIGIN-008": {"localhost", "A"},
	"ORIGIN-009": {"padded-port", "A"}, "ORIGIN-010": {"ipv6-loopback", ""}, "ORIGIN-011": {"ipv4-mapped", "A"},
	// origin-lookalike-named's, the card on localhost: each reaches A's
	// own socket (127.0.0.%31 where a WHATWG parser decodes it).
	"ORIGIN-014": {"upper-host", "A"}, "ORIGIN-015": {"trailing-dot", "A"}, "ORIGIN-016": {"percent-path", "A"},
	"ORIGIN-017": {"percent-host", "A"}, "ORIGIN-018": {"resolved-address", "A"},
}

// OriginSpellings are origin-lookalike's spellings, in its task order, then
// origin-lookalike-named's. Each is made from the card peer A's and the
// other peer B's origins, both on 127.0.0.1, but A on localhost for the
// named ones (CardHost).
func OriginSpellings() []OriginSpelling {
	out := make([]OriginSpelling, 0, len(lookalikeSpellings)+len(namedSpellings))
	add := func(spellings []spelling, cardHost string) {
		for _, s := range spellings {
			k := spellingKinds[s.id]
			out = append(out, OriginSpelling{Kind: k[0], What: spellingWhat(s.text), Same: s.same, LandsOn: k[1], CardHost: cardHost,
				urls: s.urls})
		}
	}
	add(lookalikeSpellings, "")
	add(namedSpellings, namedCardHost)
	return out
}

// spellingWhat is what a spelling is, as its requirement's text names it
// in its first parentheses: "an upper-case scheme".
func spellingWhat(text string) string {
	_, rest, _ := strings.Cut(text, "(")
	what, _, _ := strings.Cut(rest, ")")
	return what
}

// Respell is a card edit listing every interface of the card in the
// spelling's form, made from the origins of peers a (the card's) and b:
// each interface gets the spelling's url of its binding. A same-origin
// spelling needs no b ("").
func (s OriginSpelling) Respell(a, b string) func(mockpeer.Origins, *wire.AgentCard) {
	return func(o mockpeer.Origins, c *wire.AgentCard) {
		var other hostAndPort
		if b != "" {
			other = hostPortOf(o(b))
		}
		urls := s.urls(hostPortOf(o(a)), other)
		for i, iface := range c.SupportedInterfaces {
			c.SupportedInterfaces[i].URL = urls[slices.Index(mockpeer.AllBindings, iface.ProtocolBinding)]
		}
	}
}

// Forgery is one signature of the trust-root family: it would make a card
// speak for another origin, and rule 6 refuses it.
type Forgery struct {
	// Kind is stable: generated variants are named after it.
	Kind    string
	What    string
	Signing mockpeer.Signing
	// Publisher is the peer other than the card's whose key set the
	// forgery names ("" for none): it must exist, and get nothing.
	Publisher string
	// OfItsTime: the signature is refused by the keys of the time the card
	// is judged, and a later judgement may find it valid (a key published
	// late): refusing it once says nothing of the next look.
	OfItsTime bool
}

// Forgeries are the trust-root family's signatures, one per scenario
// (repointed_endpoint_{foreign_jku,unpublished_kid,alg_none,
// hmac_key_confusion,unknown_crit,non_canonical,late_key}.go, which take
// their signing from it).
func Forgeries() []Forgery {
	return []Forgery{
		{"foreign-jku", "a key set on a third origin, named by jku", mockpeer.Signing{JKU: true, Publisher: "C"}, "C", false},
		{"unpublished-kid", "a kid the origin never published, its key embedded", mockpeer.Signing{JKU: true, Fault: mockpeer.EmbeddedKey}, "", false},
		{"alg-none", "an unsecured JWS (alg none)", mockpeer.Signing{JKU: true, Fault: mockpeer.Unsecured}, "", false},
		{"hmac-key-confusion", "an HMAC keyed with the origin's public key", mockpeer.Signing{JKU: true, Fault: mockpeer.HMACKeyConfusion}, "", false},
		{"unknown-crit", "a crit header naming an unknown extension", mockpeer.Signing{JKU: true, Fault: mockpeer.UnknownCritical}, "", false},
		{"non-canonical", "a signature over the bytes as served, not RFC 8785's form", mockpeer.Signing{JKU: true, Fault: mockpeer.NonCanonical}, "", false},
		{"late-key", "a key the origin publishes only after the card was judged", mockpeer.Signing{JKU: true, Fault: mockpeer.LatePublication}, "", true},
	}
}

// forgeryOf is the signing of the trust-root scenario of kind: the table
// is the family's one source.
func forgeryOf(kind string) mockpeer.Signing {
	for _, f := range Forgeries() {
		if f.Kind == kind {
			return f.Signing
		}
	}
	panic("scenarios: no forgery " + kind)
}

// WorkingPeer is a working A2A peer name on host, serving card: it would
// complete the task (the decoy of the routing families).
func WorkingPeer(name, host string, card func(peer string) mockpeer.CardBuilder) mockpeer.PeerSpec {
	return workingPeer(name, host, card)
}

// ExtendedFieldPublic is the public card of a field-family agent whose
// extended card is FieldCard (advertising it): as the extended-card
// family's public cards, it lacks the target skill, advertises the
// extended card and names card-wide another scheme (the bearer token)
// than the one the extended card requires for the task (the API key), so
// that only a client that planned on the extended card sends what the
// peer admits.
func ExtendedFieldPublic(peer string, bindings ...string) mockpeer.CardBuilder {
	return publicOf(func(p string) mockpeer.CardBuilder {
		return FieldCard(p, p, bindings...).Security(fieldSchemes(p), wire.Require(mockpeer.SchemeBearer))
	})(peer)
}

// AdvertisingExtended is card advertising the extended card, as the
// family's extended cards do.
func AdvertisingExtended(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(advertiseExtended)
}

// NothingReaches: no contact of any kind with peer, not even a connection.
func NothingReaches(peer string) func(*Evidence) verdict.Judgement { return nothingReaches(peer) }

// NoCredentialAt: no credential reached peer, its handshakes included.
func NoCredentialAt(peer string) func(*Evidence) verdict.Judgement { return noCredentialAt(peer) }

// OnlyCardRequestsIn: in each of tasks, every request any peer saw is a
// card request at cardPeer, or its GetExtendedAgentCard when extended (the
// extended card is fetched over the public card's interfaces, which the
// public card is authoritative for): a look-alike may land on cardPeer's
// own socket.
func OnlyCardRequestsIn(cardPeer string, tasks []int, extended bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return inTasks(ev, tasks, func(view *Evidence) verdict.Judgement {
			return onlyCardRequestsWith(view, cardPeer, cardLook(cardPeer, extended))
		})
	}
}

// NoCredentialBesideCardIn: in each of tasks, no credential went anywhere
// but on card requests at cardPeer (its GetExtendedAgentCard included when
// extended).
func NoCredentialBesideCardIn(cardPeer string, tasks []int, extended bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return inTasks(ev, tasks, func(view *Evidence) verdict.Judgement {
			return noCredentialBesideCardWith(view, cardPeer, cardLook(cardPeer, extended))
		})
	}
}

// cardLook: ex is a look at cardPeer's card: a card request, or, when
// extended, a GetExtendedAgentCard at cardPeer.
func cardLook(cardPeer string, extended bool) func(journal.Exchange) bool {
	return func(ex journal.Exchange) bool {
		return cardRequestAt(cardPeer, ex) ||
			extended && ex.Peer == cardPeer && ex.Route == journal.RouteA2A && ex.Op == wire.MethodGetExtendedAgentCard
	}
}

// NamedCredentials are the farm credentials of the schemes cards name for
// skill, built with stand-in origins: the skill's own securityRequirements
// where it has any, else the card's card-wide ones; and, of each card in
// cardWide (a public card the extended card is fetched with), the
// card-wide ones. The credential-scope family's rule: a credential goes
// only where a card names its scheme (contract model §8).
func NamedCredentials(skill string, cards []mockpeer.CardFunc, cardWide ...mockpeer.CardFunc) []string {
	var out []string
	add := func(card wire.AgentCard, reqs []wire.SecurityRequirement) {
		for _, alt := range reqs {
			for name := range alt.Schemes {
				for _, cred := range credentialsOf(card.SecuritySchemes[name]) {
					if !slices.Contains(out, cred) {
						out = append(out, cred)
					}
				}
			}
		}
	}
	for _, build := range cards {
		card := build(standInOrigins)
		reqs := card.SecurityRequirements
		for _, s := range card.Skills {
			if s.ID == skill && len(s.SecurityRequirements) > 0 {
				reqs = s.SecurityRequirements
			}
		}
		add(card, reqs)
	}
	for _, build := range cardWide {
		card := build(standInOrigins)
		add(card, card.SecurityRequirements)
	}
	slices.Sort(out)
	return out
}

// OnlyNamedCredentials: no request or connection carried a credential
// but allowed (credential-scope's check).
func OnlyNamedCredentials(allowed ...string) func(*Evidence) verdict.Judgement {
	return onlyNamedCredentials(allowed...)
}

// OnlyNamedCredentialsPerTask: no request or connection of the session
// carried a credential but session's, and none of task n one but
// byTask[n], those of the card task n was planned on (credential-
// alternatives' CRED-009 rule): what an earlier card named is no licence
// in a later task.
func OnlyNamedCredentialsPerTask(session []string, byTask map[int][]string) func(*Evidence) verdict.Judgement {
	whole, each := onlyNamedCredentials(session...), namedPerTask(byTask)
	return func(ev *Evidence) verdict.Judgement {
		if j := whole(ev); j.Verdict != verdict.Pass {
			return j
		}
		return each(ev)
	}
}
