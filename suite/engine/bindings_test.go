package engine_test

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// bindingCatalog: a scenario whose cards list both default bindings, and
// one whose second card lists JSON-RPC alone.
func bindingCatalog(t *testing.T) []*scenarios.Scenario {
	t.Helper()
	var out []*scenarios.Scenario
	for _, id := range []string{"rotation-during-send", "version-skew"} {
		sc, err := scenarios.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	return out
}

func runWithBindings(t *testing.T, c runner.Client, bindings []string) *report.Report {
	t.Helper()
	e, err := engine.Run(t.Context(), engine.Options{Client: c, Catalog: bindingCatalog(t), Bindings: bindings})
	if err != nil {
		t.Fatal(err)
	}
	return e.Report()
}

func reference(t *testing.T) runner.Client {
	t.Helper()
	c, err := builtin.LookupMode(builtin.Reference, driver.ModeSession)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Offering the two bindings every card lists is the default, verdict for
// verdict; the report records the offer and the bindings used.
func TestDefaultBindingsOfferedExplicitly(t *testing.T) {
	def := runWithBindings(t, reference(t), nil)
	explicit := runWithBindings(t, reference(t), []string{wire.BindingJSONRPC, wire.BindingHTTPJSON})
	if !maps.Equal(def.Verdicts(), explicit.Verdicts()) {
		t.Errorf("verdicts differ:\ndefault  %v\nexplicit %v", def.Verdicts(), explicit.Verdicts())
	}
	if def.Selection.Bindings != nil || !slices.Equal(explicit.Selection.Bindings, []string{wire.BindingJSONRPC, wire.BindingHTTPJSON}) {
		t.Errorf("selection bindings %v and %v", def.Selection.Bindings, explicit.Selection.Bindings)
	}
	for _, sc := range explicit.Scenarios {
		if !slices.Equal(sc.BindingsUsed, []string{wire.BindingJSONRPC}) || sc.NoOfferedBinding {
			t.Errorf("%s: bindings used %v, no offered binding %v", sc.ID, sc.BindingsUsed, sc.NoOfferedBinding)
		}
	}
}

// The reference speaks no gRPC yet: offered gRPC alone, it fetches the
// card and aborts binding-unsupported; every verdict is not applicable and
// the run, which judged nothing, is a configuration error.
func TestNoOfferedBindingIsNotApplicable(t *testing.T) {
	rep := runWithBindings(t, reference(t), []string{wire.BindingGRPC})
	for key, v := range rep.Verdicts() {
		if v != scenarios.NotApplicable && v != scenarios.Skipped {
			t.Errorf("%s is %s, want not applicable", key, v)
		}
	}
	for _, sc := range rep.Scenarios {
		if !sc.NoOfferedBinding || len(sc.BindingsUsed) != 0 {
			t.Errorf("%s: no offered binding %v, bindings used %v", sc.ID, sc.NoOfferedBinding, sc.BindingsUsed)
		}
	}
	if rep.ExitCode != report.ExitHarness {
		t.Errorf("exit code %d, want %d", rep.ExitCode, report.ExitHarness)
	}
}

// A client that claims binding-unsupported while every binding is
// offered is judged as any client that did nothing.
func TestBindingUnsupportedClaimUnderTheFullOffer(t *testing.T) {
	claims := runner.InProcess("claims-no-binding", func(context.Context, driver.Assignment) driver.Outcome {
		return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonBindingUnsupported}
	})
	rep := runWithBindings(t, claims, mockpeer.AllBindings)
	if rep.Summary.Fail == 0 || rep.ExitCode == report.ExitPass {
		t.Errorf("summary %+v, exit %d: a claim under the full offer must not excuse the client", rep.Summary, rep.ExitCode)
	}
	for _, sc := range rep.Scenarios {
		if sc.NoOfferedBinding {
			t.Errorf("%s excused", sc.ID)
		}
	}
}
