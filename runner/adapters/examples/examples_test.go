package examples

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/explore"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// TestExamplesCompletePlainTasks hands each example client of docs/examples
// two plain tasks in each mode. The examples fetch the card for every task
// and revalidate it right before the send, so the peer sees four card
// requests either way; each task must complete with a task id of its own,
// the bearer token on every A2A request.
func TestExamplesCompletePlainTasks(t *testing.T) {
	eachExample(t, func(t *testing.T, c *runner.Command) {
		run, err := adaptertest.PlayBearer(t.Context(), c, false, "first task", "second task")
		if err != nil {
			t.Fatal(err)
		}
		if err := run.Check(c.Mode, 4); err != nil {
			t.Error(err)
		}
	})
}

// The examples speak JSON-RPC only: a card that lists gRPC alone (as two
// repointed-grpc scenarios' cards do) is aborted with binding-unsupported,
// the driver contract's reason for it, and nothing is sent.
func TestExamplesAbortWithoutJSONRPC(t *testing.T) {
	eachExample(t, func(t *testing.T, c *runner.Command) {
		grants := mockpeer.Grants{Bearer: true}
		card := peertest.AdapterCard("gRPC only", peertest.BearerSchemes, wire.Require("bearer"), wire.ProtocolVersion)
		farm, err := peertest.StartGRPCAdapterFarm(t.Context(), card, grants, false)
		if err != nil {
			t.Fatal(err)
		}
		run, err := adaptertest.PlaySession(t.Context(), c, farm, grants, adaptertest.Deadline, "a task")
		if err != nil {
			t.Fatal(err)
		}
		o := run.Tasks[0].Outcome
		if o == nil || o.Outcome != driver.OutcomeAborted || o.Reason != driver.ReasonBindingUnsupported {
			t.Errorf("outcome %v, want aborted/binding-unsupported\n%s", o, run.JournalText())
		}
		if n := run.Count(journal.RouteA2A, ""); n != 0 {
			t.Errorf("%d A2A requests, want none", n)
		}
	})
}

// The examples are conformant clients written from the docs: over
// JSON-RPC, the one binding they speak, they pass every MUST of a
// generated seed, in both modes (and of the fixed catalog's core profile
// but the extended card's: TestExamplesPassTheCoreProfile), but XPL-014. They
// verify no signature, so they never take the endpoint a signed card
// vouches for: a SHOULD (XPL-002, XPL-005), but a MUST of the signatures
// profile where a retired key's signature is beside the valid one
// (XPL-014, as SIG-015 in the fixed catalog). They speak no extension.
// They do not speak the extended card either, so the variants played are
// the public card's.
func TestExamplesPassTheGeneratedCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a generated catalog per example and mode")
	}
	// The examples do not speak the extended card (they fail the fixed
	// extended-card family too): their generated catalog is the public card's.
	space := explore.NewSpace([]string{wire.BindingJSONRPC})
	space.Cards = []explore.Card{explore.PublicCard}
	g, err := explore.Generate(space, 1, 20)
	if err != nil {
		t.Fatal(err)
	}
	generated, err := g.Scenarios()
	if err != nil {
		t.Fatal(err)
	}
	eachExample(t, func(t *testing.T, c *runner.Command) {
		t.Parallel()
		e, err := engine.Run(t.Context(), engine.Options{Client: c, Bindings: []string{wire.BindingJSONRPC},
			Catalog: generated, Parallel: 4})
		if err != nil {
			t.Fatal(err)
		}
		rep := e.Report()
		for key, v := range rep.Verdicts() {
			if v == verdict.Error || v == verdict.Skipped {
				t.Errorf("%s is %s", key, v)
			}
		}
		signedAtMust := 0 // a MUST failure, and exit code 1, all the same
		for _, sc := range rep.Scenarios {
			for _, r := range sc.Requirements {
				switch {
				case r.Verdict != verdict.Fail || r.Level != verdict.Must:
				case r.ID == scenarios.GenSignedAtMust:
					signedAtMust++
				default:
					t.Errorf("%s/%s fails: want %s, got %s", sc.ID, r.ID, r.Want, r.Got)
				}
			}
		}
		if want := min(signedAtMust, 1); rep.ExitCode != want {
			t.Errorf("exit code %d, want %d (%d failure(s) of %s)", rep.ExitCode, want, signedAtMust, scenarios.GenSignedAtMust)
		}
	})
}

// The README's and the driver contract's word on the examples: over
// JSON-RPC they pass every MUST of the fixed catalog's core profile but the
// extended card's, which they never ask for, in both modes. Twice a new
// scenario broke it unseen while only generated seeds were played here: a
// patch version compared whole (SKEW-007), and a kept-alive connection's
// later credentials judged in the first task (CRED-009).
func TestExamplesPassTheCoreProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the fixed catalog's core profile per example and mode")
	}
	eachExample(t, func(t *testing.T, c *runner.Command) {
		t.Parallel()
		e, err := engine.Run(t.Context(), engine.Options{Client: c, Bindings: []string{wire.BindingJSONRPC},
			Selection: engine.Selection{Profiles: []verdict.Profile{verdict.ProfileCore}}, Parallel: 4})
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range e.Report().Scenarios {
			for _, r := range sc.Requirements {
				switch {
				case r.Verdict == verdict.Error:
					t.Errorf("%s/%s is %s", sc.ID, r.ID, r.Verdict)
				case r.Verdict != verdict.Fail || r.Level != verdict.Must:
				case strings.HasPrefix(r.ID, "EXTCARD-"):
				default:
					t.Errorf("%s/%s fails: want %s, got %s", sc.ID, r.ID, r.Want, r.Got)
				}
			}
		}
	})
}

// eachExample runs test for each example client of docs/examples, in each
// mode; an example whose interpreter is missing is skipped.
func eachExample(t *testing.T, test func(*testing.T, *runner.Command)) {
	for file, interpreter := range map[string]string{"session-client.py": "python3", "session-client.mjs": "node"} {
		t.Run(file, func(t *testing.T) {
			bin, err := exec.LookPath(interpreter)
			if err != nil {
				t.Skipf("%s is not installed: %v", interpreter, err)
			}
			script, err := filepath.Abs(filepath.Join("..", "..", "..", "docs", "examples", file))
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range []driver.Mode{driver.ModeSession, driver.ModeOneShot} {
				t.Run(string(mode), func(t *testing.T) {
					test(t, &runner.Command{Line: bin + " " + script, Mode: mode})
				})
			}
		})
	}
}
