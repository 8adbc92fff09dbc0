package explore

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The same seed and N give the same variants, byte for byte, scenario
// texts included; another seed gives others.
func TestGenerationReplaysExactly(t *testing.T) {
	render := func(seed uint64) []byte {
		g, err := Generate(NewSpace(nil), seed, 40)
		if err != nil {
			t.Fatal(err)
		}
		scs, err := g.Scenarios()
		if err != nil {
			t.Fatal(err)
		}
		var out []any
		for _, s := range scs {
			var reqs []string
			for _, r := range s.Requirements {
				reqs = append(reqs, r.ID+" "+string(r.Level)+" "+r.Text)
			}
			out = append(out, []any{s.ID, s.Title, s.Description, s.Params, reqs})
		}
		raw, _ := json.Marshal(out)
		return raw
	}
	a, b := render(42), render(42)
	if string(a) != string(b) {
		t.Error("seed 42 gave two different catalogs")
	}
	if string(a) == string(render(43)) {
		t.Error("seeds 42 and 43 gave the same catalog")
	}
}

// N of at least the pairwise array covers every pair of parameters; IDs
// are unique and name the parameters.
func TestGenerationCoversEveryPair(t *testing.T) {
	space := NewSpace(nil)
	for _, seed := range []uint64{1, 2, 3} {
		g, err := Generate(space, seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Variants) != 100 || g.PairwiseRows > 100 {
			t.Fatalf("seed %d: %d variants, array of %d rows", seed, len(g.Variants), g.PairwiseRows)
		}
		covered := map[[2]string]bool{}
		ids := map[string]bool{}
		for _, v := range g.Variants {
			if ids[v.ID()] {
				t.Errorf("seed %d: variant %s twice", seed, v.ID())
			}
			ids[v.ID()] = true
			p := v.Params()
			names := ParamNames()
			for i := range names {
				for j := i + 1; j < len(names); j++ {
					covered[[2]string{names[i] + "=" + p[names[i]], names[j] + "=" + p[names[j]]}] = true
				}
			}
		}
		levels := map[string][]string{"field": space.Fields, "binding": space.Bindings}
		for _, pt := range Points() {
			levels["point"] = append(levels["point"], string(pt))
		}
		for _, val := range Validators() {
			levels["validator"] = append(levels["validator"], string(val))
		}
		for _, c := range Cards() {
			levels["card"] = append(levels["card"], string(c))
		}
		for _, i := range InterfaceShapes() {
			levels["interfaces"] = append(levels["interfaces"], string(i))
		}
		for _, c := range AuthorityClasses() {
			levels["authority"] = append(levels["authority"], string(c))
		}
		for _, sec := range SecurityShapes() {
			levels["security"] = append(levels["security"], string(sec))
		}
		if len(levels) != len(ParamNames()) {
			t.Fatalf("levels of %d parameters, ParamNames has %d", len(levels), len(ParamNames()))
		}
		kinds := map[string]bool{}
		for _, v := range g.Variants {
			kinds[v.Authority.String()] = true
			// The pairs are over the authority's class; its kind comes in turn.
			p := v.Params()
			class := "authority=" + string(v.Authority.Class)
			after := false // the pair in ParamNames' order
			for _, name := range ParamNames() {
				switch {
				case name == "authority":
					after = true
				case after:
					covered[[2]string{class, name + "=" + p[name]}] = true
				default:
					covered[[2]string{name + "=" + p[name], class}] = true
				}
			}
		}
		names := ParamNames()
		for i := range names {
			for j := i + 1; j < len(names); j++ {
				for _, a := range levels[names[i]] {
					for _, b := range levels[names[j]] {
						if names[i] == "point" && names[j] == "authority" && excludedPair(Point(a), AuthorityClass(b)) != "" {
							continue
						}
						if !covered[[2]string{names[i] + "=" + a, names[j] + "=" + b}] {
							t.Errorf("seed %d: %s=%s with %s=%s never generated", seed, names[i], a, names[j], b)
						}
					}
				}
			}
		}
		for class, ks := range space.Kinds {
			for _, k := range ks {
				if a := (Authority{class, k}); !kinds[a.String()] {
					t.Errorf("seed %d: authority %s never generated", seed, a)
				}
			}
		}
	}
}

// Every seed's set, however small, holds a variant that must abort before
// the send and positive controls: neither an always-abort nor an
// always-proceed client can pass it (the engine test plays them).
func TestEverySetMixesAbortAndProceed(t *testing.T) {
	for seed := range uint64(50) {
		for _, n := range []int{MinVariants, 5, 30} {
			g, err := Generate(NewSpace([]string{wire.BindingHTTPJSON}), seed, n)
			if err != nil {
				t.Fatal(err)
			}
			var behaviours []Behaviour
			for _, v := range g.Variants {
				e, err := Expect(v)
				if err != nil {
					t.Fatal(err)
				}
				behaviours = append(behaviours, e.Changed)
				if v.Binding != wire.BindingHTTPJSON {
					t.Fatalf("seed %d: binding %s, not the one offered", seed, v.Binding)
				}
			}
			if !slices.Contains(behaviours, AbortBeforeSend) {
				t.Errorf("seed %d n %d: no variant requires aborting: %v", seed, n, behaviours)
			}
		}
	}
	if _, err := Generate(NewSpace(nil), 1, 1); err == nil {
		t.Error("one variant: no error")
	}
}

// Every variant of a whole generation is a scenario the engine can judge:
// a MUST positive control, only the generated requirement IDs, its
// parameters recorded, and the peers its authority needs: B where a card
// points elsewhere, C where a foreign jku names it, F where the cards list
// its interface first; the card URL redirected within its origin, and
// the retired key signing, exactly where the authority says.
func TestEveryVariantIsWellFormed(t *testing.T) {
	g, err := Generate(NewSpace(nil), 11, 200)
	if err != nil {
		t.Fatal(err)
	}
	scs, err := g.Scenarios()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range scenarios.GeneratedRequirements() {
		ids = append(ids, r.ID)
	}
	for i, s := range scs {
		v := g.Variants[i]
		peers := map[AuthorityClass]int{SameOrigin: 1, Signed: 2, Lookalike: 2, Forged: 2}[v.Authority.Class]
		if v.Authority == (Authority{Forged, "foreign-jku"}) || v.Authority == (Authority{SameOrigin, ForeignFirst}) {
			peers++
		}
		if s.ID != v.ID() || s.Params["field"] != v.Field || s.Params["authority"] != v.Authority.String() || len(s.Peers) != peers {
			t.Errorf("%s: id, params or peers do not match %+v", s.ID, v)
		}
		named := false
		for _, sp := range scenarios.OriginSpellings() {
			named = named || sp.Kind == v.Authority.Kind && sp.CardHost != "" && (v.Authority.Class == SameOrigin || v.Authority.Class == Lookalike)
		}
		if host := s.Peers[0].Host; named != (host == "localhost") || !named && host != "" {
			t.Errorf("%s: card peer on %q: a name's spellings need the card on localhost, the others on 127.0.0.1", s.ID, host)
		}
		_, err := expiry(v.Authority.Kind)
		expiring := v.Authority.Class == Signed && err == nil
		if aged := s.Peers[0].Caching.Aged.Seconds > 0; aged != expiring {
			t.Errorf("%s: card served aged %t, want %t", s.ID, aged, expiring)
		}
		if moved := s.Peers[0].Redirect != nil; moved != (v.Authority == Authority{SameOrigin, Redirect}) {
			t.Errorf("%s: card URL redirected %t", s.ID, moved)
		} else if moved && s.Peers[0].Redirect.Status != RedirectStatus(v) {
			t.Errorf("%s: card URL redirected with %d, RedirectStatus says %d", s.ID, s.Peers[0].Redirect.Status, RedirectStatus(v))
		}
		if retired := s.Peers[0].Signing != nil && s.Peers[0].Signing.Retired > 0; retired != (v.Authority == Authority{Signed, RetiredKey}) {
			t.Errorf("%s: a retired key signing %t", s.ID, retired)
		}
		if prefixed := s.Peers[0].A2APrefix != ""; prefixed != (v.Authority == Authority{SameOrigin, PathPrefixed}) {
			t.Errorf("%s: A2A served under a prefix %t", s.ID, prefixed)
		}
		type shaped struct {
			want  Security
			cards []mockpeer.CardFunc
		}
		shapes := []shaped{{v.security(), s.Peers[0].Cards}}
		if ext := s.Peers[0].Extended; ext != nil {
			// The public card requires the bearer token alone: no API key to
			// add it to.
			public := v.security()
			if public == Combined {
				public = SingleScheme
			}
			shapes = []shaped{{public, s.Peers[0].Cards}, {v.security(), ext.Cards}}
		}
		for _, sh := range shapes {
			for _, build := range sh.cards {
				if got := securityShapeOf(build(scenarios.StandInOrigins)); got != sh.want {
					t.Errorf("%s: a card's requirements are %s, want %s", s.ID, got, sh.want)
				}
			}
		}
		has := map[string]bool{}
		for _, r := range s.Requirements {
			has[r.ID] = true
		}
		if renewed := v.Authority == (Authority{SameOrigin, RenewedIntermediate}); has[scenarios.GenRenewed] != renewed {
			t.Errorf("%s: requirements %v: XPL-015 exactly where the card's origin renews its certificate", s.ID, has)
		}
		atMust := v.Authority.Class == Signed && (v.Authority.Kind == RetiredKey || v.Card == ExtendedCard)
		if !has[scenarios.GenPickedFirst] || has[scenarios.GenExpired] != expiring || has[scenarios.GenReused] != expiring ||
			has[scenarios.GenReattested] != expiring || has[scenarios.GenSignedAtMust] != atMust {
			t.Errorf("%s: requirements %v: XPL-010 in every variant, XPL-011 to XPL-013 in the expiring ones, XPL-014 in the "+
				"retired key's and the extended card's signed ones", s.ID, has)
		}
		if v.Authority == (Authority{SameOrigin, ForeignFirst}) && (!has[scenarios.GenNoContact] || !has[scenarios.GenNoCredential]) {
			t.Errorf("%s: requirements %v: XPL-006 and XPL-007 for the other origin listed first", s.ID, has)
		}
		control := false
		for _, r := range s.Requirements {
			if !slices.Contains(ids, r.ID) || r.Check == nil || r.Text == "" || r.Ref == "" {
				t.Errorf("%s: requirement %s is not a documented generated one, or lacks a check or text", s.ID, r.ID)
			}
			control = control || (r.Control && r.Level == verdict.Must)
		}
		if !control {
			t.Errorf("%s: no MUST positive control", s.ID)
		}
	}
}

// securityShapeOf reads the shape of card's non-empty requirements: an
// unheld alternative (a TLS client certificate) first in every one, the
// bearer token beside every API key, or neither.
func securityShapeOf(card wire.AgentCard) Security {
	lists := [][]wire.SecurityRequirement{card.SecurityRequirements}
	for _, sk := range card.Skills {
		lists = append(lists, sk.SecurityRequirements)
	}
	certFirst, paired, single := true, true, true
	for _, reqs := range lists {
		for i, alt := range reqs {
			_, cert := alt.Schemes[mockpeer.SchemeMTLS]
			_, key := alt.Schemes[mockpeer.SchemeAPIKey]
			_, bearer := alt.Schemes[mockpeer.SchemeBearer]
			certFirst = certFirst && (i > 0 || cert && len(alt.Schemes) == 1)
			paired = paired && (!key || bearer)
			single = single && !cert && len(alt.Schemes) == 1 && len(reqs) == 1
		}
	}
	switch {
	case certFirst && !single:
		return Alternatives
	case paired && !single:
		return Combined
	case single:
		return SingleScheme
	}
	return "mixed"
}

// A same-origin-redirect variant's status is one of the card redirect
// statuses, the same for the same variant, and a few seeds' variants draw
// every one of them: no status stands for the redirect the client follows.
func TestRedirectStatusVaries(t *testing.T) {
	drawn := map[int]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := Generate(NewSpace(nil), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			if v.Authority != (Authority{SameOrigin, Redirect}) {
				continue
			}
			status := RedirectStatus(v)
			if !slices.Contains(scenarios.RedirectStatuses(), status) || RedirectStatus(v) != status {
				t.Errorf("%s: redirect status %d", v.ID(), status)
			}
			drawn[status] = true
		}
	}
	for _, status := range scenarios.RedirectStatuses() {
		if !drawn[status] {
			t.Errorf("no variant of seeds 1 to 8 redirects with %d", status)
		}
	}
}
