package explore

import (
	"math/rand/v2"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The exclusion rule, in its one place: exactly an untrusted card (a
// look-alike, a forgery) arriving mid-task is left out; the covering
// array holds none of its pairs; no seed generates one; Build refuses one.
func TestExclusionRule(t *testing.T) {
	for _, p := range Points() {
		for _, c := range AuthorityClasses() {
			want := p == MidTask && (c == Lookalike || c == Forged)
			if got := excludedPair(p, c) != ""; got != want {
				t.Errorf("%s × %s: excluded %t, want %t", p, c, got, want)
			}
		}
	}
	space := NewSpace(nil)
	for _, row := range PairwiseWithout(space.factors(), space.forbidden, rand.New(rand.NewPCG(3, 3))) {
		if v := space.variant(row, ""); Excluded(v) != "" {
			t.Errorf("the covering array holds the excluded row %v", row)
		}
	}
	for seed := range uint64(20) {
		g, err := Generate(space, seed, 150)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			if why := Excluded(v); why != "" {
				t.Errorf("seed %d generated %s: %s", seed, v.ID(), why)
			}
		}
	}
	v := Variant{Field: "tenant", Point: MidTask, Validator: ETag, Binding: wire.BindingJSONRPC, Card: PublicCard,
		Authority: Authority{Lookalike, "http"}}
	if _, err := Build(v); err == nil {
		t.Errorf("Build(%s): no error", v.ID())
	}
}

// The IDs of the variants the catalog had before the card and authority
// parameters are the same: a public card on its own origin as the farm
// spells it adds nothing, a valid signature "-signed"; the new parameters
// add their values.
func TestVariantIDsAreStable(t *testing.T) {
	v := Variant{Field: "tenant", Point: BeforeSend, Validator: ETag, Binding: wire.BindingJSONRPC, Card: PublicCard,
		Authority: Authority{Class: SameOrigin}}
	for _, tc := range []struct {
		card Card
		a    Authority
		want string
	}{
		{PublicCard, Authority{Class: SameOrigin}, "x-tenant-before-send-etag-jsonrpc"},
		{PublicCard, Authority{Class: Signed}, "x-tenant-before-send-etag-jsonrpc-signed"},
		{PublicCard, Authority{SameOrigin, "padded-port"}, "x-tenant-before-send-etag-jsonrpc-same-origin-padded-port"},
		{ExtendedCard, Authority{Class: SameOrigin}, "x-tenant-before-send-etag-jsonrpc-extended"},
		{ExtendedCard, Authority{Forged, "alg-none"}, "x-tenant-before-send-etag-jsonrpc-extended-forged-alg-none"},
		{PublicCard, Authority{Lookalike, "userinfo"}, "x-tenant-before-send-etag-jsonrpc-lookalike-userinfo"},
		{PublicCard, Authority{SameOrigin, ForeignFirst}, "x-tenant-before-send-etag-jsonrpc-same-origin-foreign-first"},
		{PublicCard, Authority{SameOrigin, Redirect}, "x-tenant-before-send-etag-jsonrpc-same-origin-redirect"},
		{ExtendedCard, Authority{Signed, RetiredKey}, "x-tenant-before-send-etag-jsonrpc-extended-signed-retired-key"},
		{PublicCard, Authority{SameOrigin, PathPrefixed}, "x-tenant-before-send-etag-jsonrpc-same-origin-path-prefixed"},
		{PublicCard, Authority{SameOrigin, RenewedIntermediate}, "x-tenant-before-send-etag-jsonrpc-same-origin-renewed-intermediate"},
	} {
		v.Card, v.Authority = tc.card, tc.a
		if got := v.ID(); got != tc.want {
			t.Errorf("ID = %s, want %s", got, tc.want)
		}
	}
	v.Card, v.Authority, v.Interfaces = PublicCard, Authority{Class: SameOrigin}, PatchVersion
	if got, want := v.ID(), "x-tenant-before-send-etag-jsonrpc-patch-version"; got != want {
		t.Errorf("ID = %s, want %s", got, want)
	}
	// A single scheme, set or not, adds nothing; the other shapes add
	// their names, last.
	v.Interfaces = ""
	for sec, want := range map[Security]string{"": "x-tenant-before-send-etag-jsonrpc", SingleScheme: "x-tenant-before-send-etag-jsonrpc",
		Alternatives: "x-tenant-before-send-etag-jsonrpc-alternatives", Combined: "x-tenant-before-send-etag-jsonrpc-combined"} {
		v.Security = sec
		if got := v.ID(); got != want {
			t.Errorf("security %q: ID = %s, want %s", sec, got, want)
		}
	}
	v.Card, v.Authority, v.Security = ExtendedCard, Authority{Signed, RetiredKey}, Alternatives
	if got, want := v.ID(), "x-tenant-before-send-etag-jsonrpc-extended-signed-retired-key-alternatives"; got != want {
		t.Errorf("ID = %s, want %s", got, want)
	}
}
