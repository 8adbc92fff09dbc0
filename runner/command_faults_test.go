//go:build unix

package runner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestCommandClientFaults(t *testing.T) {
	tests := []struct {
		name        string
		line        string
		wantExit    int
		wantCrash   bool
		wantOutcome bool
		wantProblem string // prefix
	}{
		{"crash by signal", writeOutcome + `; kill -SEGV $$`, -1, true, true, ""},
		{"non-zero exit", writeOutcome + `; exit 3`, 3, false, true, ""},
		{"no outcome", `exit 0`, 0, false, false, driver.ProblemMissing},
		{"empty outcome", `: > "$A2A_CONFORM_OUTCOME_FILE"`, 0, false, false, driver.ProblemEmpty},
		{"garbage outcome", `echo 'all good!' > "$A2A_CONFORM_OUTCOME_FILE"`, 0, false, false, "not a JSON object: "},
		{"huge outcome", `{ printf '{"outcome":"completed","detail":"'; head -c 70000 /dev/zero | tr '\0' a; printf '"}'; } > "$A2A_CONFORM_OUTCOME_FILE"`,
			0, false, false, driver.ProblemTooLarge},
		{"unknown outcome value", `printf '{"outcome":"done"}' > "$A2A_CONFORM_OUTCOME_FILE"`, 0, false, true, `unknown outcome "done"`},
		{"two objects", `printf '{"outcome":"failed"}\n{"outcome":"completed"}\n' > "$A2A_CONFORM_OUTCOME_FILE"`, 0, false, false, driver.ProblemTrailing},
		{"command not found", `/nonexistent/client`, 127, false, false, driver.ProblemMissing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, &Command{Line: tt.line}, driver.Assignment{CardURL: "https://h/c", Deadline: roomyDeadline})
			if res.ExitCode != tt.wantExit || res.Crashed != tt.wantCrash || res.TimedOut {
				t.Errorf("exit %d, crashed %v, timed out %v; want exit %d, crashed %v",
					res.ExitCode, res.Crashed, res.TimedOut, tt.wantExit, tt.wantCrash)
			}
			if (res.Outcome != nil) != tt.wantOutcome {
				t.Errorf("outcome %+v, want present: %v", res.Outcome, tt.wantOutcome)
			}
			if tt.wantProblem == "" && res.OutcomeProblem != "" || !strings.HasPrefix(res.OutcomeProblem, tt.wantProblem) {
				t.Errorf("problem %q, want prefix %q", res.OutcomeProblem, tt.wantProblem)
			}
		})
	}
}

func TestCommandFloodingOutputIsBounded(t *testing.T) {
	const limit = 64 << 10
	c := &Command{Line: `head -c 10485760 /dev/zero | tr '\0' x; echo; echo LAST-LINE; ` +
		`head -c 10485760 /dev/zero | tr '\0' y >&2; ` + writeOutcome}
	res := run(t, c, driver.Assignment{CardURL: "https://h/c", Deadline: roomyDeadline})
	if res.TimedOut || res.Outcome == nil {
		t.Fatalf("timed out %v, outcome %+v (%q)", res.TimedOut, res.Outcome, res.OutcomeProblem)
	}
	for name, out := range map[string]string{"stdout": res.Stdout, "stderr": res.Stderr} {
		note, kept, ok := strings.Cut(out, "\n")
		// The tail loses what the cut left of its first word (at most maxCutWord).
		if !ok || !strings.Contains(note, "output truncated") || len(kept) > limit || len(kept) < limit-maxCutWord {
			t.Errorf("%s: note %q, %d bytes kept; want a truncation note and %d bytes, less a cut word", name, note, len(kept), limit)
		}
	}
	if !strings.HasSuffix(res.Stdout, "\nLAST-LINE\n") {
		t.Errorf("stdout does not end with the last line: …%q", res.Stdout[len(res.Stdout)-40:])
	}
}

func TestCommandContextCancellation(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	c := &Command{Line: `echo $$ > "$PIDS.tmp" && mv "$PIDS.tmp" "$PIDS"; sleep 60`, Env: []string{"PIDS=" + pidFile}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		waitForFile(pidFile, roomyDeadline)
		cancel()
	}()
	res, err := c.Run(ctx, driver.Assignment{CardURL: "https://h/c", Deadline: roomyDeadline})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res.TimedOut || res.Crashed {
		t.Errorf("timed out %v, crashed %v; a cancellation is neither", res.TimedOut, res.Crashed)
	}
	if pgid := readPids(t, pidFile)[0]; groupLives(pgid) {
		t.Errorf("process group %d survived the cancellation", pgid)
	}
}

func TestCommandHarnessErrors(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	task := driver.Assignment{CardURL: "https://h/c", Deadline: time.Second}
	tests := []struct {
		name string
		c    *Command
		ctx  context.Context
		task driver.Assignment
	}{
		{"empty line", &Command{}, context.Background(), task},
		{"no deadline", &Command{Line: "true"}, context.Background(), driver.Assignment{CardURL: "https://h/c"}},
		{"missing directory", &Command{Line: "true", Dir: "/nonexistent/dir"}, context.Background(), task},
		{"canceled before start", &Command{Line: "true"}, canceled, task},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.c.Run(tt.ctx, tt.task)
			if err == nil || !strings.HasPrefix(err.Error(), "runner: ") {
				t.Errorf("err = %v, want a runner error", err)
			}
		})
	}
}
