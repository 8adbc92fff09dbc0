package engine

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// A client that misbehaves gets verdicts and a clear message; the harness
// never hangs and never reports the client's fault as its own.

// Deadlines: a client that hangs is given little time, since it is killed
// anyway; every other client a roomy one, so that no verdict depends on
// how fast a loaded machine starts a process.
const (
	hangDeadline  = 500 * time.Millisecond
	roomyDeadline = time.Minute
)

// lookup is the catalog's scenario id.
func lookup(t *testing.T, id string) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func playWith(t *testing.T, scenario string, c runner.Client, deadline time.Duration) (*scenarios.Evidence, runner.Result) {
	t.Helper()
	sc := lookup(t, scenario)
	ctx, cancel := context.WithTimeout(context.Background(), deadline+time.Minute)
	defer cancel()
	ev, res, err := PlayOnce(ctx, sc, c, PlayOptions{Dir: t.TempDir(), Deadline: deadline})
	if err != nil {
		t.Fatalf("a misbehaving client caused a harness error: %v", err)
	}
	if ctx.Err() != nil {
		t.Fatal("Play did not return before the test's own timeout")
	}
	return ev, res
}

func judged(t *testing.T, ev *scenarios.Evidence, id string) verdict.Judgement {
	t.Helper()
	sc := lookup(t, "rotation-during-send")
	for _, r := range sc.AllRequirements() {
		if r.ID == id {
			return judgeOne(ev, r)
		}
	}
	t.Fatalf("no requirement %s", id)
	return verdict.Judgement{}
}

func TestMisbehavingClients(t *testing.T) {
	t.Parallel() // a heavy play: packed beside the others within -parallel
	cases := []struct {
		name, line string
		want       string // in GEN-003's "got"
		check      func(*testing.T, runner.Result)
	}{
		{"hangs", "sleep 30", "killed with its process group", func(t *testing.T, r runner.Result) {
			if !r.TimedOut {
				t.Error("not reported as timed out")
			}
		}},
		{"crashes", `kill -SEGV $$`, "outcome missing", func(t *testing.T, r runner.Result) {
			if !r.Crashed {
				t.Error("not reported as crashed")
			}
		}},
		{"writes garbage", `printf 'all good!' > "$A2A_CONFORM_OUTCOME_FILE"`, "not a JSON object", nil},
		{"writes nothing", `true`, "outcome missing", nil},
		{"writes an unknown outcome", `printf '{"outcome":"done"}' > "$A2A_CONFORM_OUTCOME_FILE"`, `unknown outcome "done"`, nil},
		{"exits non-zero", `echo boom >&2; exit 3`, "outcome missing", func(t *testing.T, r runner.Result) {
			if r.ExitCode != 3 || !strings.Contains(r.Stderr, "boom") {
				t.Errorf("exit %d, stderr %q", r.ExitCode, r.Stderr)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			deadline := roomyDeadline
			if c.name == "hangs" {
				deadline = hangDeadline
			}
			ev, res := playWith(t, "rotation-during-send", &runner.Command{Line: c.line}, deadline)
			if c.check != nil {
				c.check(t, res)
			}
			gen := judged(t, ev, "GEN-003")
			if gen.Verdict != verdict.Fail || !strings.Contains(gen.Got, c.want) {
				t.Errorf("GEN-003 = %s %q, want fail mentioning %q", gen.Verdict, gen.Got, c.want)
			}
			if out := judged(t, ev, "ROT-003"); out.Verdict != verdict.Fail {
				t.Errorf("ROT-003 = %s, want fail (no valid outcome)", out.Verdict)
			}
			if none := judged(t, ev, "ROT-001"); none.Verdict != verdict.Pass {
				t.Errorf("ROT-001 = %s: a client that sent nothing did not send after the change", none.Verdict)
			}
		})
	}
}

// A client that floods the peers with junk gets a GEN-002 failure; the
// farm journals every request and keeps answering.
func TestFloodingClient(t *testing.T) {
	t.Parallel() // a heavy play: packed beside the others within -parallel
	const workers, perWorker = 16, 100
	flood := runner.InProcess("flood", func(ctx context.Context, task driver.Assignment) driver.Outcome {
		pem, err := os.ReadFile(task.CAFile)
		if err != nil {
			return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonClientError, Detail: err.Error()}
		}
		pool := x509.NewCertPool()
		pool.AppendCertsFromPEM(pem)
		hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, MaxIdleConnsPerHost: workers}}
		origin := strings.TrimSuffix(task.CardURL, wire.WellKnownCardPath)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < perWorker; i++ {
					url, body := origin+"/nowhere", "x"
					if i%2 == 0 {
						url, body = mockpeer.JSONRPCURL(origin), `{"jsonrpc":"2.0","id":1,"method":`
					}
					req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
					if resp, err := hc.Do(req); err == nil {
						resp.Body.Close()
					}
				}
			}()
		}
		wg.Wait()
		return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonContractChanged}
	})
	sc := lookup(t, "skill-reorganization") // one task: the flood is counted once
	ev, _, err := PlayOnce(context.Background(), sc, flood, PlayOptions{Dir: t.TempDir(), Deadline: roomyDeadline})
	if err != nil {
		t.Fatalf("flooding caused a harness error: %v", err)
	}
	requests := 0
	for _, ex := range ev.Journal {
		if ex.Route != journal.RouteConnection {
			requests++
		}
	}
	if requests != workers*perWorker || len(ev.Journal) == requests {
		t.Errorf("journal has %d requests in %d exchanges, want every one of the %d requests, and their connections",
			requests, len(ev.Journal), workers*perWorker)
	}
	gen := judged(t, ev, "GEN-002")
	if gen.Verdict != verdict.Fail || !strings.Contains(gen.Got, "not valid JSON") && !strings.Contains(gen.Got, "no such endpoint") {
		t.Errorf("GEN-002 = %s %q, want a failure naming the bad request", gen.Verdict, gen.Got)
	}
}

func TestClientOutputIsRedacted(t *testing.T) {
	sc := lookup(t, "skill-reorganization") // grants a bearer token
	line := `echo "token=$A2A_CONFORM_BEARER_TOKEN"; echo "token=$A2A_CONFORM_BEARER_TOKEN" >&2; ` +
		`printf '{"outcome":"failed","reason":"client-error","detail":"%s"}' "$A2A_CONFORM_BEARER_TOKEN" > "$A2A_CONFORM_OUTCOME_FILE"`
	_, res, err := PlayOnce(context.Background(), sc, &runner.Command{Line: line}, PlayOptions{Dir: t.TempDir(), Deadline: roomyDeadline})
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"stdout": res.Stdout, "stderr": res.Stderr, "detail": "token=" + res.Outcome.Detail} {
		if !strings.Contains(text, "token=[REDACTED:") {
			t.Errorf("%s not redacted: %q", name, text)
		}
	}
}

func TestBrokenScenarioIsAHarnessError(t *testing.T) {
	sc := &scenarios.Scenario{ID: "broken", Peers: []mockpeer.PeerSpec{{Name: "A"}, {Name: "A"}}}
	_, _, err := PlayOnce(context.Background(), sc, &runner.Command{Line: "true"}, PlayOptions{Dir: t.TempDir()})
	var he *HarnessError
	if !errors.As(err, &he) || he.Scenario != "broken" {
		t.Fatalf("err = %v, want a *HarnessError for scenario broken", err)
	}
}

// completes is a client that claims success without doing anything: if
// the harness broke and still said pass, this is the client that would
// profit.
var completes = runner.InProcess("completes", func(context.Context, driver.Assignment) driver.Outcome {
	return driver.Outcome{Outcome: driver.OutcomeCompleted}
})

// faultyScenario is a one-peer scenario whose card function runs setup.
func faultyScenario(id string, setup func()) *scenarios.Scenario {
	return &scenarios.Scenario{
		ID: id, Title: "a scenario whose setup " + id, Skill: "s", Message: "m", Deadline: time.Second,
		Peers: []mockpeer.PeerSpec{{Name: "A", Skill: "s", Cards: []mockpeer.CardFunc{func(mockpeer.Origins) wire.AgentCard {
			setup()
			return wire.AgentCard{Name: "x"}
		}}}},
		Requirements: []scenarios.Requirement{{ID: "X-001", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "passes whenever judged", Check: func(*scenarios.Evidence) verdict.Judgement {
				return verdict.Judgement{Verdict: verdict.Pass}
			}}},
	}
}

// A panic or a hang in a scenario's setup is a harness error on every
// selected requirement of that scenario, and the run exits 2: never a pass.
func TestSetupFaultsAreErrors(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	for _, tc := range []struct {
		name, reason string
		sc           *scenarios.Scenario
	}{
		{"panics", "panic: boom", faultyScenario("panics", func() { panic("boom") })},
		{"hangs", "did not end within its bound", faultyScenario("hangs", func() { <-release })},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Run(t.Context(), Options{Client: completes, Catalog: []*scenarios.Scenario{tc.sc},
				PlaySlack: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			rep := e.Report()
			if rep.ExitCode != report.ExitHarness || rep.Summary.Error != 1+len(scenarios.General()) || rep.Summary.Pass != 0 {
				t.Errorf("exit %d, summary %+v; want exit 2 and every requirement an error", rep.ExitCode, rep.Summary)
			}
			for _, r := range rep.Scenarios[0].Requirements {
				if r.Verdict != verdict.Error || !strings.Contains(r.Reason, tc.reason) {
					t.Errorf("%s: %s %q, want error mentioning %q", r.ID, r.Verdict, r.Reason, tc.reason)
				}
			}
		})
	}
}

// A check that panics, or answers a verdict outside the set, is the
// harness's error, not the client's pass.
func TestBrokenChecksAreErrors(t *testing.T) {
	broken := *lookup(t, "version-skew")
	broken.Requirements = []scenarios.Requirement{
		{ID: "P-001", Level: verdict.Must, Profile: verdict.ProfileCore, Text: "panics",
			Check: func(*scenarios.Evidence) verdict.Judgement { panic("nil map") }},
		{ID: "P-002", Level: verdict.Must, Profile: verdict.ProfileCore, Text: "says maybe",
			Check: func(*scenarios.Evidence) verdict.Judgement { return verdict.Judgement{Verdict: "maybe"} }},
		{ID: "P-003", Level: verdict.Must, Profile: verdict.ProfileCore, Text: "has no check"},
	}
	e, err := Run(t.Context(), Options{Client: completes, Catalog: []*scenarios.Scenario{&broken},
		Selection: Selection{Profiles: []verdict.Profile{verdict.ProfileCore}}})
	if err != nil {
		t.Fatal(err)
	}
	rep := e.Report()
	for _, r := range rep.Scenarios[0].Requirements[:3] {
		if r.Verdict != verdict.Error {
			t.Errorf("%s: %s, want error", r.ID, r.Verdict)
		}
	}
	if rep.ExitCode != report.ExitHarness {
		t.Errorf("exit %d, want 2", rep.ExitCode)
	}
}

// An interrupted run stops its client, leaves the rest unplayed as errors,
// marks the report interrupted and exits 2.
func TestInterruptedRun(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	waits := runner.InProcess("waits", func(c context.Context, _ driver.Assignment) driver.Outcome {
		cancel() // the interrupt arrives while the first scenario's client runs
		<-c.Done()
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonDeadline}
	})
	e, err := Run(ctx, Options{Client: waits})
	if err != nil {
		t.Fatal(err)
	}
	rep := e.Report()
	if !rep.Interrupted || rep.ExitCode != report.ExitHarness {
		t.Fatalf("interrupted %v, exit %d; want true, 2", rep.Interrupted, rep.ExitCode)
	}
	last := rep.Scenarios[len(rep.Scenarios)-1]
	if last.Played || last.Requirements[0].Verdict != verdict.Error || !strings.Contains(last.Requirements[0].Reason, "interrupted") {
		t.Errorf("last scenario: played %v, %s %q", last.Played, last.Requirements[0].Verdict, last.Requirements[0].Reason)
	}
	// The scenario killed mid-play keeps its own reason, and none of its
	// verdicts is a pass.
	first := rep.Scenarios[0]
	if first.HarnessError == "" {
		t.Errorf("%s: killed mid-play but no harness error", first.ID)
	}
	for _, r := range first.Requirements {
		if r.Verdict == verdict.Pass {
			t.Errorf("%s/%s: pass in a scenario killed mid-play", first.ID, r.ID)
		}
		if r.Verdict == verdict.Error && !strings.Contains(r.Reason, "could not be played") {
			t.Errorf("%s/%s: reason %q, want the harness error", first.ID, r.ID, r.Reason)
		}
	}
}

// A selection that matches nothing, an unknown known-failure and no
// client are configuration errors before anything is played.
func TestConfigurationErrors(t *testing.T) {
	nothing := Selection{LabelFilter: "req:NOPE", Match: func([]string) bool { return false }}
	for name, o := range map[string]Options{
		"no client":          {},
		"selects nothing":    {Client: completes, Selection: nothing},
		"unknown known fail": {Client: completes, KnownFailures: report.KnownFailures{"ROT-999": "typo"}},
	} {
		if _, err := New(o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A second play of a scenario starts its record afresh: a harness fault
// the second time keeps none of the first play's passes, and a second
// clean play does not add its tasks to the first's.
func TestReplayStartsAfresh(t *testing.T) {
	breaks := false
	sc := faultyScenario("flaky", func() {
		if breaks {
			panic("this play breaks")
		}
	})
	e, err := New(Options{Client: completes, Catalog: []*scenarios.Scenario{sc}, PlaySlack: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	first := e.Play(t.Context(), sc)
	if first.Record.HarnessError != "" || first.Verdict("X-001").Verdict != verdict.Pass {
		t.Fatalf("first play: harness error %q, X-001 %s", first.Record.HarnessError, first.Verdict("X-001").Verdict)
	}
	tasks := len(first.Record.Tasks)
	again := e.Play(t.Context(), sc)
	if again.Record.HarnessError != "" || len(again.Record.Tasks) != tasks {
		t.Errorf("second clean play: harness error %q, %d tasks, want %d", again.Record.HarnessError, len(again.Record.Tasks), tasks)
	}
	breaks = true
	broken := e.Play(t.Context(), sc)
	if broken.Record.HarnessError == "" || broken.Record.Played || len(broken.Record.Tasks) != 0 {
		t.Errorf("broken play: harness error %q, played %v, %d tasks", broken.Record.HarnessError, broken.Record.Played, len(broken.Record.Tasks))
	}
	for _, r := range broken.Record.Requirements {
		if r.Verdict != verdict.Error {
			t.Errorf("%s: %s after a broken replay, want error", r.ID, r.Verdict)
		}
	}
}
