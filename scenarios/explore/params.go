// Package explore is the generated catalog: `a2a-conform run --explore N
// --seed S` plays N scenario variants beside the fixed catalog, each one
// field of the contract model's table (scenarios.Fields) changed at one
// point of a session, with one kind of validator, over one binding, in the
// public or the extended card, with one shape of its interface list
// (which interface a 1.0 client must pick, if any), under one authority (the card's own origin
// in some spelling, a valid signature, a look-alike origin, a forged
// signature), with one shape of security requirement (which credentials
// of which alternative go out). The
// variants cover the parameter space pairwise (pairwise.go); what each
// requires is derived from the contract model's rules (rules.go), its
// oracle the contract hash; a seed and N give the same variants, byte for
// byte, so a failure replays exactly.
package explore

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Point is when in a session the field changes.
type Point string

// The points of a session at which a field changes.
const (
	// FirstContact: the session's first card already has the change.
	FirstContact Point = "first-contact"
	// BeforeSend: between the client's look at the card and its send.
	BeforeSend Point = "before-send"
	// BetweenTasks: after one task ends, before the next is handed out.
	BetweenTasks Point = "between-tasks"
	// MidTask: while a task the client sent runs.
	MidTask Point = "mid-task"
)

// Points lists every point, in a fixed order.
func Points() []Point { return []Point{FirstContact, BeforeSend, BetweenTasks, MidTask} }

// Validator is what the peer gives to revalidate the card with.
type Validator string

// The validators a peer may give.
const (
	ETag         Validator = "etag"
	LastModified Validator = "last-modified"
	NoValidator  Validator = "none"
)

// Validators lists every validator, in a fixed order.
func Validators() []Validator { return []Validator{ETag, LastModified, NoValidator} }

// Card is which card brings the change.
type Card string

// The cards a change arrives in.
const (
	// PublicCard: the agent card served at its well-known url.
	PublicCard Card = "public"
	// ExtendedCard: the authenticated extended card (GetExtendedAgentCard,
	// contract model §7); the public card, which advertises it and lacks
	// the target skill, stays byte for byte the same.
	ExtendedCard Card = "extended"
)

// Cards lists every card, in a fixed order.
func Cards() []Card { return []Card{PublicCard, ExtendedCard} }

// Interfaces is the shape of the interface list of the card that brings
// the change: which of its interfaces a 1.0 client can use, and which of
// those it must take (contract model §3 rule 5: of the interfaces it can
// use, the first in card order; an interface of another version, listed
// first or alone, is none it can use).
type Interfaces string

// The interface lists, as the version family's fixed scenarios play them.
const (
	// BindingTwice: the field card as it is, the binding's interface then
	// a second entry of the same binding on the same url (tenant
	// "secondary"): the client must use the first (duplicate-binding-order;
	// the JS SDK keeps the last).
	BindingTwice Interfaces = "binding-twice"
	// LegacyFirst: a 0.3 interface of the binding on the same url (tenant
	// "legacy") listed before the card's 1.0 ones, on every card of the
	// variant: the client must skip it, never send it a 1.0 request nor
	// fall back to 0.3 (older-version-listed-first).
	LegacyFirst Interfaces = "legacy-first"
	// SkewedMinor: every interface of the card that brings the change declares
	// protocol version 1.1, which shares 1.0's major version but is not
	// 1.0 (version-skew-minor): the card has no interface the client can
	// use. It comes with the change, as a look-alike does, the variant's
	// other cards speaking 1.0.
	SkewedMinor Interfaces = "skewed-minor"
	// PatchVersion: every interface that declares 1.0 declares 1.0.1, on
	// every card of the variant (patch-version-declared): the same version,
	// a patch number ignored, so the client uses it, labelled 1.0. On
	// every card, not with the change: the change stays the field's alone.
	PatchVersion Interfaces = "patch-version"
)

// shape is v's interface list, the field card's own when unset.
func (v Variant) shape() Interfaces {
	if v.Interfaces == "" {
		return BindingTwice
	}
	return v.Interfaces
}

// InterfaceShapes lists every interface list, in a fixed order.
func InterfaceShapes() []Interfaces {
	return []Interfaces{BindingTwice, LegacyFirst, SkewedMinor, PatchVersion}
}

// Security is the shape of the security requirements of every card of the
// variant: which alternatives of which schemes a client must choose
// among (contract model §8 rule 1), as credential-alternatives plays them.
type Security string

// The requirement shapes.
const (
	// SingleScheme: the field card's, one alternative of one scheme (the
	// API key card-wide; the bearer token for the skill, once its own
	// requirement changes).
	SingleScheme Security = "single"
	// Alternatives: every requirement lists first an alternative of a TLS
	// client certificate, which the client does not hold
	// (scenarios.UnheldAlternativeFirst): it must skip it for the next,
	// neither refuse the choice nor send nothing.
	Alternatives Security = "alternatives"
	// Combined: every alternative requiring the API key requires the bearer
	// token with it (scenarios.BearerBesideAPIKey): both go out.
	Combined Security = "combined"
)

// SecurityShapes lists every requirement shape, in a fixed order.
func SecurityShapes() []Security { return []Security{SingleScheme, Alternatives, Combined} }

// security is v's requirement shape, the field card's own when unset.
func (v Variant) security() Security {
	if v.Security == "" {
		return SingleScheme
	}
	return v.Security
}

// AuthorityClass is what makes the card that brings the change
// authoritative for its interfaces, or fails to (contract model §3 rule 6).
type AuthorityClass string

// The authority classes. The first two are authoritative, the last two
// never are.
const (
	// SameOrigin: the interfaces are on the card's own origin, as the farm
	// spells it or in another spelling of the same RFC 6454 origin
	// (origin-lookalike's positive controls).
	SameOrigin AuthorityClass = "same-origin"
	// Signed: the interfaces are on another origin that presents the
	// card's TLS principal, vouched for by a valid signature by a key the
	// card's origin publishes (repointed-endpoint-signed).
	Signed AuthorityClass = "signed"
	// Lookalike: the interfaces are on another origin that only looks like
	// the card's (origin-lookalike's look-alikes).
	Lookalike AuthorityClass = "lookalike"
	// Forged: the interfaces are on another origin that presents the
	// card's TLS principal, vouched for by a signature rule 6 refuses (the
	// trust-root family's forgeries).
	Forged AuthorityClass = "forged"
)

// AuthorityClasses lists every class, in a fixed order.
func AuthorityClasses() []AuthorityClass {
	return []AuthorityClass{SameOrigin, Signed, Lookalike, Forged}
}

// The kinds of the authoritative classes that are not the fixed catalog's
// tables (spellings, expiries): each plays one positive control of the
// authority family.
const (
	// ForeignFirst: the card's own origin, its cards listing another
	// origin's interface of the binding first, unsigned, which the client
	// skips (foreign-origin-listed-first).
	ForeignFirst = "foreign-first"
	// Redirect: the card's own origin, its card URL answering a redirect
	// to another path on that origin (card-redirect-same-origin and its
	// -statuses twin), its status drawn per variant (RedirectStatus).
	Redirect = "redirect"
	// RetiredKey: signed, the card also carrying the signature of a key its
	// origin no longer publishes (repointed-endpoint-retired-key).
	RetiredKey = "retired-key"
	// PathPrefixed: the card's own origin, serving A2A only under a path of
	// its own, as one agent of a host serving several; the well-known paths
	// answer 404 there (endpoint-path-prefixed).
	PathPrefixed = "path-prefixed"
	// RenewedIntermediate: the card's own origin, which renews its
	// certificate under an intermediate CA of the client's trust root
	// before one more task (certificate-renewal-intermediate).
	RenewedIntermediate = "renewed-intermediate"
)

// Authority is a class and, within it, the kind: the spelling, the
// forgery, the expiry, or one of the kinds above ("" for the same origin
// as the farm spells it, and for the valid signature alone).
type Authority struct {
	Class AuthorityClass
	Kind  string
}

// String is the authority as reports show it: the class, then its kind.
func (a Authority) String() string {
	if a.Kind == "" {
		return string(a.Class)
	}
	return string(a.Class) + "-" + a.Kind
}

// Variant is one generated scenario's parameters.
type Variant struct {
	Field     string // a scenarios.Field ID
	Point     Point
	Validator Validator
	Binding   string // a protocolBinding value
	Card      Card
	// Interfaces is the shape of the interface list of the card that
	// brings the change.
	Interfaces Interfaces
	// Security is the shape of every card's security requirements.
	Security Security
	// Authority is what makes the card that brings the change
	// authoritative for its interfaces, or fails to. An authoritative one
	// holds for every card of the variant (the session runs on it from its
	// first task); one that cannot be comes with the change, the variant's
	// other cards on the card's own origin.
	Authority Authority
}

// ID is the variant's stable scenario ID, made of its parameters alone;
// a public card, the field card's own interface list, the card's own
// origin as the farm spells it and a single scheme add nothing, so that the
// IDs of the catalog before the card, interfaces, authority and security
// parameters are unchanged.
func (v Variant) ID() string {
	id := fmt.Sprintf("x-%s-%s-%s-%s", v.Field, v.Point, v.Validator, bindingSlug(v.Binding))
	if v.Card != PublicCard {
		id += "-" + string(v.Card)
	}
	if v.shape() != BindingTwice {
		id += "-" + string(v.Interfaces)
	}
	if v.Authority != (Authority{Class: SameOrigin}) {
		id += "-" + v.Authority.String()
	}
	if v.security() != SingleScheme {
		id += "-" + string(v.Security)
	}
	return id
}

// Params are the parameters by name, as the reports show them.
func (v Variant) Params() map[string]string {
	return map[string]string{"field": v.Field, "point": string(v.Point), "validator": string(v.Validator),
		"binding": v.Binding, "card": string(v.Card), "interfaces": string(v.shape()), "authority": v.Authority.String(),
		"security": string(v.security())}
}

// ParamNames are the names of Params, in the order reports list them.
func ParamNames() []string {
	return []string{"field", "point", "validator", "binding", "card", "interfaces", "authority", "security"}
}

func bindingSlug(b string) string {
	switch b {
	case wire.BindingHTTPJSON:
		return "httpjson"
	}
	return strings.ToLower(b)
}
