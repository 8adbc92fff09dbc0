package engine_test

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// The worked example of a vendor calling the engine from a plain `go test`
// (docs/running-in-ci.md): one subtest per scenario and requirement, the
// failure message as the subtest's error.
func TestVendorPlainGoTest(t *testing.T) {
	e, err := engine.New(engine.Options{Client: builtinClient(t, builtin.Reference),
		Selection: engine.Selection{Profiles: []verdict.Profile{verdict.ProfileCore}, Level: verdict.Must}})
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range e.Scenarios() {
		t.Run(sc.ID, func(t *testing.T) {
			play := e.Play(t.Context(), sc)
			for _, v := range play.Record.Requirements {
				if !e.Selected(sc, v.ID) {
					continue
				}
				t.Run(v.ID, func(t *testing.T) {
					switch v.Verdict {
					case verdict.Pass:
					case verdict.NotApplicable:
						t.Skip("not applicable: " + v.Reason)
					default:
						t.Error(v.Message)
					}
				})
			}
		})
	}
	if rep := e.Finish(t.Context()); rep.ExitCode != 0 {
		t.Errorf("exit code %d, summary %+v", rep.ExitCode, rep.Summary)
	}
}
