package engine_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// bindingCatalog: a scenario whose cards list the three bindings, and one
// whose second card lists JSON-RPC alone.
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

// With no selection the peers offer all three bindings as the cards list
// them: offering all three explicitly is the same run, verdict for verdict,
// and so is offering the HTTP ones, since the reference takes JSON-RPC,
// listed first, either way. The report records an explicit offer only.
func TestDefaultBindingsOfferedExplicitly(t *testing.T) {
	def := runWithBindings(t, reference(t), nil)
	if def.Selection.Bindings != nil {
		t.Errorf("default selection bindings %v, want none", def.Selection.Bindings)
	}
	for _, offer := range [][]string{mockpeer.AllBindings, {wire.BindingJSONRPC, wire.BindingHTTPJSON}} {
		explicit := runWithBindings(t, reference(t), offer)
		if !maps.Equal(def.Verdicts(), explicit.Verdicts()) {
			t.Errorf("%v: verdicts differ:\ndefault  %v\nexplicit %v", offer, def.Verdicts(), explicit.Verdicts())
		}
		if !slices.Equal(explicit.Selection.Bindings, offer) {
			t.Errorf("selection bindings %v, want %v", explicit.Selection.Bindings, offer)
		}
		for _, sc := range append(def.Scenarios, explicit.Scenarios...) {
			if !slices.Equal(sc.Bindings, []string{wire.BindingJSONRPC}) || sc.NoOfferedBinding {
				t.Errorf("%v: %s: bindings used %v, no offered binding %v", offer, sc.ID, sc.Bindings, sc.NoOfferedBinding)
			}
		}
	}
}

// jsonrpcOnly is a client that speaks JSON-RPC alone and finds none on the
// card: it fetches the card, sends nothing and says so.
func jsonrpcOnly(t *testing.T) *runner.InProcessClient {
	return runner.InProcess("jsonrpc-only", func(ctx context.Context, a driver.Assignment) driver.Outcome {
		pem, err := os.ReadFile(a.CAFile)
		pool := x509.NewCertPool()
		if err != nil || !pool.AppendCertsFromPEM(pem) {
			return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonClientError}
		}
		c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
		defer c.CloseIdleConnections()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, a.CardURL, nil)
		resp, err := c.Do(req)
		if err != nil {
			return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTransportError}
		}
		defer resp.Body.Close()
		var card wire.AgentCard
		if json.NewDecoder(resp.Body).Decode(&card) != nil {
			return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonPeerError}
		}
		for _, i := range card.SupportedInterfaces {
			if i.ProtocolBinding == wire.BindingJSONRPC {
				t.Errorf("the card offers JSON-RPC: %+v", i)
			}
		}
		return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonBindingUnsupported}
	})
}

// Offered gRPC alone, a JSON-RPC-only client fetches the card and aborts
// binding-unsupported: every verdict is not applicable and the run, which
// judged nothing, is a configuration error.
func TestNoOfferedBindingIsNotApplicable(t *testing.T) {
	rep := runWithBindings(t, jsonrpcOnly(t), []string{wire.BindingGRPC})
	for key, v := range rep.Verdicts() {
		if v != verdict.NotApplicable && v != verdict.Skipped {
			t.Errorf("%s is %s, want not applicable", key, v)
		}
	}
	for _, sc := range rep.Scenarios {
		if !sc.NoOfferedBinding || len(sc.Bindings) != 0 {
			t.Errorf("%s: no offered binding %v, bindings used %v", sc.ID, sc.NoOfferedBinding, sc.Bindings)
		}
	}
	if rep.ExitCode != report.ExitHarness {
		t.Errorf("exit code %d, want %d", rep.ExitCode, report.ExitHarness)
	}
}

// A client that claims binding-unsupported while every binding is
// offered, by default or explicitly, is judged as any client that did
// nothing.
func TestBindingUnsupportedClaimUnderTheFullOffer(t *testing.T) {
	claims := runner.InProcess("claims-no-binding", func(context.Context, driver.Assignment) driver.Outcome {
		return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonBindingUnsupported}
	})
	for _, offer := range [][]string{nil, mockpeer.AllBindings} {
		rep := runWithBindings(t, claims, offer)
		if rep.Summary.Fail == 0 || rep.ExitCode == report.ExitPass {
			t.Errorf("%v: summary %+v, exit %d: a claim under the full offer must not excuse the client", offer, rep.Summary, rep.ExitCode)
		}
		for _, sc := range rep.Scenarios {
			if sc.NoOfferedBinding {
				t.Errorf("%v: %s excused", offer, sc.ID)
			}
		}
	}
}

// The reference speaks gRPC with the same decisions: the catalog over gRPC
// alone ends verdict for verdict as over the default offer, and every
// A2A call went over gRPC.
func TestReferenceOverGRPCJudgedAlike(t *testing.T) {
	t.Parallel() // a heavy play: packed beside the others within -parallel
	// The default offer's play is the one TestVerdictTable judges.
	def := catalogPlayed(t, builtin.Reference).Report()
	e, err := engine.Run(t.Context(), engine.Options{Client: reference(t), Bindings: []string{wire.BindingGRPC}})
	if err != nil {
		t.Fatal(err)
	}
	overGRPC := e.Report()
	if !maps.Equal(def.Verdicts(), overGRPC.Verdicts()) {
		for key, v := range def.Verdicts() {
			if overGRPC.Verdicts()[key] != v {
				t.Errorf("%s: %s by default, %s over gRPC", key, v, overGRPC.Verdicts()[key])
			}
		}
	}
	for _, sc := range overGRPC.Scenarios {
		if sc.Played && len(sc.Bindings) > 0 && !slices.Equal(sc.Bindings, []string{wire.BindingGRPC}) {
			t.Errorf("%s: bindings used %v", sc.ID, sc.Bindings)
		}
	}
	if overGRPC.ExitCode != report.ExitPass {
		t.Errorf("exit code %d over gRPC", overGRPC.ExitCode)
	}
}

// gateNeverAskedOverGRPC are the pinned failures a mutant of the origin
// gate cannot make over gRPC: there, two of origin-lookalike's urls
// (userinfo in front of B, and http://) are no target the reference's gRPC
// parser reads, and are refused before any origin gate is asked.
var gateNeverAskedOverGRPC = map[string][]string{
	builtin.FollowURL:      {"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-007"},
	builtin.SameHostOrigin: {"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-007"},
}

// Every mutant makes over gRPC alone the mistakes it makes over the
// cards' own bindings: its pinned failures, verdict for verdict (less
// gateNeverAskedOverGRPC).
func TestMutantsOverGRPCFailAlike(t *testing.T) {
	heavyPlay(t, "plays the catalog once per mutant")
	for name, want := range expectedFailures {
		if name == builtin.Reference {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := builtin.LookupMode(name, driver.ModeSession)
			if err != nil {
				t.Fatal(err)
			}
			e, err := engine.Run(t.Context(), engine.Options{Client: c, Bindings: []string{wire.BindingGRPC}})
			if err != nil {
				t.Fatal(err)
			}
			// gRPC has no redirects: over it a peer that redirects A2A
			// requests serves the task, and the scenario judges another play.
			otherPlay := func(key string) bool {
				id, _, _ := strings.Cut(key, "/")
				sc, err := scenarios.Lookup(id)
				return err == nil && sc.RedirectsA2A()
			}
			var got []string
			for key, v := range e.Report().Verdicts() {
				if otherPlay(key) {
					continue
				}
				if v == verdict.Fail {
					got = append(got, key)
				}
			}
			slices.Sort(got)
			wantSorted := slices.Sorted(slices.Values(slices.DeleteFunc(slices.Clone(want), func(key string) bool {
				return slices.Contains(gateNeverAskedOverGRPC[name], key) || otherPlay(key)
			})))
			if !slices.Equal(got, wantSorted) {
				t.Errorf("over gRPC fails\n  %v\nwant (as over the default offer)\n  %v", got, wantSorted)
			}
		})
	}
}

// A client that speaks the offered binding where it passes and claims
// binding-unsupported where it would rather not be judged has its claim
// refuted by its own traffic: the excused scenario is judged failed, and
// the run fails.
func TestSelectiveBindingClaimIsRefuted(t *testing.T) {
	play, err := builtin.PlayWith(builtin.Reference, builtin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	optOut := jsonrpcOnly(t).Fn
	var mu sync.Mutex
	var first string // the card URL of the first scenario, which it opts out of
	selective := runner.InProcess("opts-out-of-one-scenario", func(ctx context.Context, a driver.Assignment) driver.Outcome {
		mu.Lock()
		if first == "" {
			first = a.CardURL
		}
		out := a.CardURL == first
		mu.Unlock()
		if out {
			return optOut(ctx, a)
		}
		return play(ctx, a)
	})
	rep := runWithBindings(t, selective, []string{wire.BindingGRPC})
	if rep.ExitCode != report.ExitFail {
		t.Errorf("exit code %d, want %d", rep.ExitCode, report.ExitFail)
	}
	excused, refuted := 0, 0
	for _, sc := range rep.Scenarios {
		if !sc.NoOfferedBinding {
			continue
		}
		excused++
		for _, req := range sc.Requirements {
			if req.Verdict == verdict.NotApplicable {
				t.Errorf("%s/%s is still excused", sc.ID, req.ID)
			}
			if req.Verdict == verdict.Fail && strings.Contains(req.Message, "refuted") {
				refuted++
			}
		}
	}
	if excused != 1 || refuted == 0 {
		t.Errorf("%d scenarios claimed no binding, %d requirements refuted: want 1 and some", excused, refuted)
	}
}

// A client that speaks gRPC alone passes the default run, which offers all
// three bindings: every card lists gRPC, and every A2A call it makes is
// gRPC, with the verdicts of the reference that takes JSON-RPC.
func TestGRPCOnlyClientPassesTheDefaultOffer(t *testing.T) {
	t.Parallel() // a heavy play: packed beside the others within -parallel
	grpcOnly := runner.InProcess("grpc-only", func(ctx context.Context, a driver.Assignment) driver.Outcome {
		return refclient.RunWith(ctx, a, refclient.Config{Binding: wire.BindingGRPC})
	})
	e, err := engine.Run(t.Context(), engine.Options{Client: grpcOnly})
	if err != nil {
		t.Fatal(err)
	}
	rep := e.Report()
	if rep.ExitCode != report.ExitPass || rep.Summary.Fail > 0 {
		t.Errorf("exit code %d, %d failed:\n%s", rep.ExitCode, rep.Summary.Fail, rep.VerdictTable())
	}
	played := 0
	for _, sc := range rep.Scenarios {
		if sc.Played {
			played++
		}
		if sc.Played && !slices.Equal(sc.Bindings, []string{wire.BindingGRPC}) {
			t.Errorf("%s: bindings used %v, want gRPC alone", sc.ID, sc.Bindings)
		}
	}
	if played != len(scenarios.Catalog()) {
		t.Errorf("%d scenarios played, want the catalog's %d", played, len(scenarios.Catalog()))
	}
}
