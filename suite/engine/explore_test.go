package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/explore"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
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
	client, err := builtin.LookupWith(name, mode, o)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.Run(t.Context(), engine.Options{Client: client, Catalog: catalog})
	if err != nil {
		t.Fatal(err)
	}
	return e.Report()
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

// contract-subset fails the generated catalog too: a seed's pairwise set
// changes the fields it does not compare before some send.
func TestContractSubsetFailsTheGeneratedCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a generated catalog")
	}
	if rep := explored(t, builtin.ContractSubset, driver.ModeSession, 1, 100); rep.Summary.MustFailures == 0 {
		t.Error("contract-subset passes 100 generated variants")
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
		builtin.RefetchEveryTransition} {
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
