package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

func TestParseShard(t *testing.T) {
	if s, err := engine.ParseShard(" 2/4 "); err != nil || s != (engine.Shard{Index: 2, Count: 4}) {
		t.Errorf("2/4: %v, %v", s, err)
	}
	for _, bad := range []string{"", "2", "0/3", "4/3", "1/0", "a/b", "-1/2", "1/2/3"} {
		var ue *engine.UsageError
		if _, err := engine.ParseShard(bad); !errors.As(err, &ue) {
			t.Errorf("%q: err %v, want a usage error", bad, err)
		}
	}
}

// The shards of a selection share its catalog out exactly: every
// scenario in one shard, every shard playing at least one, a shard's
// report recording the whole catalog, and nothing outside the share
// selected.
func TestShardsShareTheCatalog(t *testing.T) {
	client := builtinClient(t, builtin.Reference)
	// general+signatures: some shards hold only scenarios whose selected
	// requirements are all general; the whole selection is what counts.
	for _, sel := range []engine.Selection{{}, {Profiles: []verdict.Profile{verdict.ProfileGeneral, verdict.ProfileSignatures}}} {
		whole, err := engine.New(engine.Options{Client: client, Selection: sel})
		if err != nil {
			t.Fatal(err)
		}
		played := len(whole.Scenarios())
		for _, n := range []int{1, 2, 3, played} {
			seen := map[string]int{}
			for k := 1; k <= n; k++ {
				e, err := engine.New(engine.Options{Client: client, Selection: sel, Shard: engine.Shard{Index: k, Count: n}})
				if err != nil {
					t.Fatalf("%v shard %d/%d: %v", sel.Profiles, k, n, err)
				}
				rep := e.Report()
				if len(e.Scenarios()) == 0 || rep.Shard == nil || rep.Shard.Index != k || rep.Shard.Count != n ||
					len(rep.Shard.Catalog) != len(scenarios.Catalog()) {
					t.Errorf("%v shard %d/%d: plays %d scenarios, records %+v", sel.Profiles, k, n, len(e.Scenarios()), rep.Shard)
				}
				for _, rec := range rep.Scenarios {
					seen[rec.ID]++
				}
				for _, sc := range scenarios.Catalog() {
					in := slices.ContainsFunc(rep.Scenarios, func(r *report.Scenario) bool { return r.ID == sc.ID })
					for _, r := range sc.AllRequirements() {
						if !in && e.Selected(sc, r.ID) {
							t.Errorf("shard %d/%d selects %s/%s outside its share", k, n, sc.ID, r.ID)
						}
					}
				}
			}
			for _, sc := range scenarios.Catalog() {
				if seen[sc.ID] != 1 {
					t.Errorf("%v, %d shards: %s is in %d shards", sel.Profiles, n, sc.ID, seen[sc.ID])
				}
			}
		}
		var ue *engine.UsageError
		if _, err := engine.New(engine.Options{Client: client, Selection: sel, Shard: engine.Shard{Index: 1, Count: played + 1}}); !errors.As(err, &ue) {
			t.Errorf("%d shards of %d scenarios: err %v, want a usage error", played+1, played, err)
		}
	}
	// A selection refused whole is refused in every shard.
	nothing := engine.Selection{LabelFilter: "req:NOPE-001", Match: func([]string) bool { return false }}
	for k := 1; k <= 2; k++ {
		if _, err := engine.New(engine.Options{Client: client, Selection: nothing, Shard: engine.Shard{Index: k, Count: 2}}); err == nil {
			t.Errorf("a selection of nothing, shard %d/2: no error", k)
		}
	}
	// A shard of a general-only selection judges its scenarios' positive
	// controls too, as the whole run does.
	general := engine.Selection{Profiles: []verdict.Profile{verdict.ProfileGeneral}}
	for k := 1; k <= 2; k++ {
		e, err := engine.New(engine.Options{Client: client, Selection: general, Shard: engine.Shard{Index: k, Count: 2}})
		if err != nil {
			t.Fatalf("general only, shard %d/2: %v", k, err)
		}
		for _, sc := range e.Scenarios() {
			if !slices.ContainsFunc(sc.Requirements, func(r scenarios.Requirement) bool { return r.Control && e.Selected(sc, r.ID) }) {
				t.Errorf("general only, shard %d/2: %s is played without its positive controls", k, sc.ID)
			}
		}
	}
}
