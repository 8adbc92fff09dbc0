package scenarios

import (
	"fmt"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Every card of the catalog lists the three bindings in the default order
// (JSON-RPC, HTTP+JSON, gRPC), but for the scenarios about one interface,
// which narrow on purpose: a new narrowing must be added here knowingly.
// The field sessions list the three and a secondary entry to the first,
// and change one interface's field on purpose (field_before_send_test.go
// holds each change to one member of the projection): their first card is
// checked here. The interface-choice scenarios list the three twice, on
// purpose (interface_choice_family.go; interface-order-between-tasks
// swaps the two lists between tasks), and so do the cards that list
// another origin's three before their own (foreign_origin_listed_first.go,
// extended_card_repointed_public_listed.go).
func TestCatalogCardsListEveryBinding(t *testing.T) {
	narrowed := map[string]bool{
		"repointed-grpc-endpoint A v0": true, // gRPC alone, repointed as host:port
		"repointed-grpc-endpoint A v1": true,
		"repointed-grpc-endpoint B v0": true,
		"repointed-grpc-target A v0":   true, // gRPC alone, in resolver forms
		"repointed-grpc-target A v1":   true,
		"repointed-grpc-target B v0":   true,
		// The same, turned around (first_contact_family.go).
		"repointed-grpc-endpoint-first-contact A v0": true,
		"repointed-grpc-endpoint-first-contact A v1": true,
		"repointed-grpc-endpoint-first-contact B v0": true,
		"repointed-grpc-target-first-contact A v0":   true,
		"repointed-grpc-target-first-contact A v1":   true,
		"repointed-grpc-target-first-contact B v0":   true,
		// gRPC alone, its own host:port behind a named resolver, then B's.
		"grpc-named-resolver-own-origin A v0": true,
		"grpc-named-resolver-own-origin A v1": true,
		"grpc-named-resolver-own-origin B v0": true,
	}
	fieldSessions := map[string]bool{"contract-field-before-send": true, "capability-field-before-send": true, "unlisted-field-before-send": true}
	twice := map[string]bool{"older-version-listed-first": true, "duplicate-binding-order": true,
		"interface-order-between-tasks": true}
	twiceCards := map[string]bool{"foreign-origin-listed-first A v1": true,
		"extended-card-repointed-public-listed A v0": true, "extended-card-repointed-public-listed A v1": true}
	// Its HTTP interfaces again, without the port, before every binding.
	portlessFirst := map[string]bool{"default-port-listed-first A v1": true}
	httpBindings := slices.DeleteFunc(slices.Clone(mockpeer.AllBindings), func(b string) bool { return b == wire.BindingGRPC })
	origins := func(peer string) string { return "https://" + peer + ".test:443" }
	seen := map[string]bool{}
	for _, sc := range Catalog() {
		for _, p := range sc.Peers {
			for v, build := range p.Cards {
				var got []string
				for _, i := range build(origins).SupportedInterfaces {
					got = append(got, i.ProtocolBinding)
				}
				key := fmt.Sprintf("%s %s v%d", sc.ID, p.Name, v)
				if fieldSessions[sc.ID] {
					if want := append(slices.Clone(mockpeer.AllBindings), mockpeer.AllBindings[0]); v == 0 && !slices.Equal(got, want) {
						t.Errorf("%s lists %v, want %v", key, got, want)
					}
					continue
				}
				if twice[sc.ID] || twiceCards[key] {
					if want := slices.Concat(mockpeer.AllBindings, mockpeer.AllBindings); !slices.Equal(got, want) {
						t.Errorf("%s lists %v, want %v", key, got, want)
					}
					continue
				}
				if portlessFirst[key] {
					if want := slices.Concat(httpBindings, mockpeer.AllBindings); !slices.Equal(got, want) {
						t.Errorf("%s lists %v, want %v", key, got, want)
					}
					continue
				}
				if narrowed[key] {
					seen[key] = true
				} else if !slices.Equal(got, mockpeer.AllBindings) {
					t.Errorf("%s lists %v, want %v", key, got, mockpeer.AllBindings)
				}
			}
		}
	}
	for key := range narrowed {
		if !seen[key] {
			t.Errorf("%s: no such card", key)
		}
	}
}
