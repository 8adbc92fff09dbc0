package explore

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// A shape of the security requirements is on every card of the variant,
// after the field's change: the oracle answers for every field as it does
// with a single scheme, so no shape turns a field's change into none (a
// bearer token required beside the API key does not absorb the skill's
// own requirement becoming the bearer token alone), nor makes one.
func TestSecurityShapesKeepTheOracle(t *testing.T) {
	space := NewSpace(nil)
	for _, field := range space.Fields {
		for _, binding := range space.Bindings {
			for _, card := range Cards() {
				for _, a := range []Authority{{Class: SameOrigin}, {Class: Signed}, {Forged, "alg-none"}} {
					v := Variant{Field: field, Point: BetweenTasks, Validator: ETag, Binding: binding, Card: card, Authority: a}
					single, err := Expect(v)
					if err != nil {
						t.Fatal(err)
					}
					for _, sec := range SecurityShapes() {
						v.Security = sec
						if e, err := Expect(v); err != nil || e != single {
							t.Errorf("%s: %+v (%v), with a single scheme %+v", v.ID(), e, err, single)
						}
					}
				}
			}
		}
	}
}

// Every shape meets every field, point, binding and authority class in a
// hundred variants of a seed (the pairwise array), and each shape's
// variants are built (the farm's specs and requirements derived).
func TestSecurityShapesAreDrawn(t *testing.T) {
	for _, seed := range []uint64{7, 42} {
		g, err := Generate(NewSpace([]string{wire.BindingJSONRPC, wire.BindingGRPC}), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		met := map[Security]map[string]bool{}
		for _, v := range g.Variants {
			if met[v.security()] == nil {
				met[v.security()] = map[string]bool{}
			}
			for _, p := range []string{"field=" + v.Field, "point=" + string(v.Point), "binding=" + v.Binding,
				"authority=" + string(v.Authority.Class)} {
				met[v.security()][p] = true
			}
			if _, err := Build(v); err != nil {
				t.Fatal(err)
			}
		}
		want := len(NewSpace(nil).Fields) + len(Points()) + 2 + len(AuthorityClasses())
		for _, sec := range SecurityShapes() {
			if len(met[sec]) != want {
				t.Errorf("seed %d: %s meets %d of the %d values", seed, sec, len(met[sec]), want)
			}
		}
	}
}
