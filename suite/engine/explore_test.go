package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/explore"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// explored plays n generated variants of seed (and nothing of the fixed
// catalog) against the built-in client name in mode.
func explored(t *testing.T, name string, mode driver.Mode, seed uint64, n int) *report.Report {
	t.Helper()
	return exploredWith(t, name, mode, builtin.Options{}, seed, n)
}

func exploredWith(t *testing.T, name string, mode driver.Mode, o builtin.Options, seed uint64, n int) *report.Report {
	t.Helper()
	g, err := explore.Generate(explore.NewSpace(nil), seed, n)
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := g.Scenarios()
	if err != nil {
		t.Fatal(err)
	}
	_, r := playedWith(t, name, mode, o, catalog)
	return r
}

// The reference passes every variant of a fixed set of seeds, in both
// client modes and every send mode: nothing fails, nothing errs (a
// mid-task requirement of a blocking send is not applicable).
func TestReferencePassesGeneratedSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("plays generated catalogs")
	}
	for _, mode := range galleryModes {
		for _, send := range refclient.SendModes() {
			for _, seed := range []uint64{1} {
				t.Run(fmt.Sprintf("%s/%s/seed-%d", mode, send, seed), func(t *testing.T) {
					t.Parallel()
					rep := exploredWith(t, builtin.Reference, mode, builtin.Options{SendMode: send}, seed, 30)
					for key, v := range rep.Verdicts() {
						if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
							t.Errorf("%s is %s", key, v)
						}
					}
				})
			}
		}
	}
	for _, seed := range []uint64{2, 3} {
		t.Run(fmt.Sprintf("100 variants/seed-%d", seed), func(t *testing.T) {
			t.Parallel()
			for key, v := range explored(t, builtin.Reference, driver.ModeSession, seed, 100).Verdicts() {
				if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
					t.Errorf("%s is %s", key, v)
				}
			}
		})
	}
}

// Neither a client that always aborts nor one that always proceeds (it
// never looks at the card again: ttl-cache) passes any seed: each
// fails a MUST somewhere in every seed's set.
func TestNoSeedPassesAlwaysAbortOrAlwaysProceed(t *testing.T) {
	if testing.Short() {
		t.Skip("plays generated catalogs")
	}
	for _, name := range []string{builtin.SilentAbortContractChanged, builtin.FetchThenAbort, builtin.SilentComplete,
		builtin.TTLCache} {
		for _, seed := range []uint64{4, 5, 6, 7, 8} {
			t.Run(fmt.Sprintf("%s/seed-%d", name, seed), func(t *testing.T) {
				t.Parallel()
				rep := explored(t, name, driver.ModeSession, seed, explore.MinVariants)
				if rep.Summary.MustFailures == 0 || rep.ExitCode != 1 {
					t.Errorf("%s passes seed %d: %d MUST failures, exit %d", name, seed, rep.Summary.MustFailures, rep.ExitCode)
				}
			})
		}
	}
}

// contract-subset fails the generated catalog too: every variant of seeds
// 1 to 10 that changes, before a revalidated send of the public card, a
// contract field it does not compare (a tenant, a binding, a protocol
// version, a required extension, the interfaces' order) fails a MUST.
// The card and authority parameters make such a variant rarer in one
// seed (about one in a hundred), hence ten seeds.
func TestContractSubsetFailsTheGeneratedCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays generated variants")
	}
	uncompared := []string{"tenant", "protocol-binding", "protocol-version", "extension-required", "interface-order"}
	var aimed []explore.Variant
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := explore.Generate(explore.NewSpace(nil), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			if e, _ := explore.Expect(v); e.Changed == explore.AbortBeforeSend && v.Card == explore.PublicCard && !e.Untrusted &&
				slices.Contains(uncompared, v.Field) && !slices.Contains(aimed, v) {
				aimed = append(aimed, v)
			}
		}
	}
	if len(aimed) < 3 {
		t.Fatalf("%d aimed variant(s) in seeds 1 to 10", len(aimed))
	}
	failing := map[string]bool{}
	for _, sc := range playVariants(t, builtin.ContractSubset, aimed).Scenarios {
		for _, r := range sc.Requirements {
			failing[sc.ID] = failing[sc.ID] || r.Verdict == verdict.Fail && r.Level == verdict.Must
		}
	}
	for _, v := range aimed {
		if !failing[v.ID()] {
			t.Errorf("contract-subset fails no MUST in %s", v.ID())
		}
	}
}

// Every generated requirement fails for some built-in client on a fixed
// seed: none is a requirement no client can fail.
func TestEveryGeneratedRequirementCanFail(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a generated catalog per client")
	}
	failed := map[string]bool{}
	for _, name := range []string{builtin.SilentAbortContractChanged, builtin.TTLCache, builtin.SendThenCancel,
		builtin.RefetchEveryTransition, builtin.TrustAnySignature, builtin.TrustNotModified, builtin.SendEveryCredential} {
		for key, v := range explored(t, name, driver.ModeSession, 1, 40).Verdicts() {
			if v == verdict.Fail {
				_, id, _ := strings.Cut(key, "/")
				failed[id] = true
			}
		}
	}
	for _, r := range scenarios.GeneratedRequirements() {
		if !failed[r.ID] {
			t.Errorf("%s: no built-in client fails it", r.ID)
		}
	}
}

// The cheaters of the families the generated catalog draws on fail MUSTs
// in the generated variants of their family: every variant of seeds 7 and
// 42 (a hundred each) in which the family's rule decides, played alone.
// trust-any-signature takes a forged signature, adopt-any-extended-card an
// extended card pointing at a look-alike or vouched for by a forgery, in
// every variant that plans a task on such a card (first contact, between
// tasks) over JSON-RPC or HTTP+JSON. Not before the send: there the
// contract change alone makes any client abort, trusting or not. Not over
// gRPC: the look-alike target forms are refused by the target parser
// before any authority is asked, and an extended card arrives re-encoded,
// so no signature over its bytes as served can be checked leniently. Not a
// key published late at first contact: the peer publishes it after the
// session's last card, so refetching keys finds nothing there. string-
// origin refuses the card's own origin spelt with a padded port, in every
// such variant; prefix-origin takes some look-alike; trust-not-modified
// takes the refused card served again for judged, wherever a validator
// lets the peer answer 304; send-every-credential sends the credentials no
// card names (several of the public card's variants).
func TestFamilyCheatersFailTheirGeneratedVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("plays generated variants per cheater")
	}
	planned := func(v explore.Variant) bool {
		e, err := explore.Expect(v)
		if err != nil {
			t.Fatal(err)
		}
		return e.Changed == explore.RefuseUntrusted && v.Binding != wire.BindingGRPC &&
			(v.Authority != explore.Authority{Class: explore.Forged, Kind: "late-key"} || v.Point != explore.FirstContact)
	}
	for _, tc := range []struct {
		client string
		family func(explore.Variant) bool
		every  bool // every variant of the family fails a MUST (a SHOULD: shouldOnly), not only some
	}{
		{builtin.TrustAnySignature, func(v explore.Variant) bool { return v.Authority.Class == explore.Forged && planned(v) }, true},
		{builtin.StringOrigin, func(v explore.Variant) bool {
			return v.Authority == explore.Authority{Class: explore.SameOrigin, Kind: "padded-port"}
		}, true},
		{builtin.AdoptAnyExtendedCard, func(v explore.Variant) bool { return v.Card == explore.ExtendedCard && planned(v) }, true},
		{builtin.PrefixOrigin, func(v explore.Variant) bool { return v.Authority.Class == explore.Lookalike && planned(v) }, false},
		{builtin.SendEveryCredential, func(v explore.Variant) bool { return v.Card == explore.PublicCard && v.Binding != wire.BindingGRPC }, false},
		// The signed card's tasks complete at A, the card's origin, not at
		// B where the signature vouches: proceeding there is a SHOULD.
		{builtin.CardOriginRoute, func(v explore.Variant) bool { return v.Authority.Class == explore.Signed }, true},
		{builtin.TrustNotModified, func(v explore.Variant) bool {
			e, _ := explore.Expect(v)
			return e.RefusedAgain && v.Validator != explore.NoValidator && planned(v)
		}, true},
	} {
		t.Run(tc.client, func(t *testing.T) {
			t.Parallel()
			var family []explore.Variant
			for _, seed := range []uint64{7, 42} {
				g, err := explore.Generate(explore.NewSpace(nil), seed, 100)
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range g.Variants {
					if tc.family(v) && !slices.Contains(family, v) {
						family = append(family, v)
					}
				}
			}
			if len(family) < 3 {
				t.Fatalf("%d variant(s) of the family in seeds 7 and 42", len(family))
			}
			t.Logf("%d variant(s) of the family", len(family))
			rep := playVariants(t, tc.client, family)
			level := verdict.Must
			if slices.Contains(shouldOnly, tc.client) {
				level = verdict.Should
			}
			failing := map[string]bool{}
			for _, sc := range rep.Scenarios {
				for _, r := range sc.Requirements {
					if r.Verdict == verdict.Fail && r.Level == level {
						failing[sc.ID] = true
					}
				}
			}
			for _, v := range family {
				if tc.every && !failing[v.ID()] {
					t.Errorf("%s fails no %s in %s", tc.client, level, v.ID())
				}
			}
			if len(failing) == 0 {
				t.Errorf("%s fails no %s in the %d variants of its family", tc.client, level, len(family))
			}
		})
	}
}

// shouldOnly are the family cheaters whose family is judged at SHOULD.
var shouldOnly = []string{builtin.CardOriginRoute}

// playVariants plays the variants (and nothing of the fixed catalog)
// against the built-in client name, in session mode.
func playVariants(t *testing.T, name string, variants []explore.Variant) *report.Report {
	t.Helper()
	var catalog []*scenarios.Scenario
	for _, v := range variants {
		s, err := explore.Build(v)
		if err != nil {
			t.Fatal(err)
		}
		catalog = append(catalog, s)
	}
	_, r := playedBy(t, name, driver.ModeSession, catalog)
	return r
}
