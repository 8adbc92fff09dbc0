//go:build unix

package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// writeOutcome is shell that writes a well-formed outcome.
const writeOutcome = `printf '{"outcome":"completed","taskId":"t-1"}' > "$A2A_CONFORM_OUTCOME_FILE"`

const roomyDeadline = 30 * time.Second

func run(t *testing.T, c *Command, task driver.Assignment) Result {
	t.Helper()
	res, err := c.Run(context.Background(), task)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

func TestCommandWellBehaved(t *testing.T) {
	t.Setenv(driver.EnvBearerToken, "inherited-token")
	t.Setenv(driver.EnvPrefix+"SOMETHING_ELSE", "inherited")
	dir := t.TempDir()
	envFile := filepath.Join(dir, "env")
	c := &Command{
		Line: `env > ` + envFile + ` && pwd > cwd && echo to-stdout && echo to-stderr >&2 && ` + writeOutcome,
		Dir:  dir,
		Env:  []string{"EXTRA=1", driver.EnvCardURL + "=https://overridden", driver.EnvClientKeyFile + "=/not/granted.pem"},
	}
	task := driver.Assignment{
		CardURL: "https://127.0.0.2:4443/.well-known/agent-card.json", Message: "hello world", Skill: "greet",
		CAFile: "/farm/ca.pem", Deadline: roomyDeadline, RunID: "r-1",
		Credentials: driver.Credentials{OAuthClientID: "cid", OAuthClientSecret: "csecret", APIKey: "ak"},
	}
	res := run(t, c, task)

	if res.Outcome == nil || *res.Outcome != (driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "t-1"}) || res.OutcomeProblem != "" {
		t.Errorf("outcome = %+v, %q", res.Outcome, res.OutcomeProblem)
	}
	if res.ExitCode != 0 || res.TimedOut || res.Crashed {
		t.Errorf("exit %d, timed out %v, crashed %v; want a clean exit", res.ExitCode, res.TimedOut, res.Crashed)
	}
	if res.Stdout != "to-stdout\n" || res.Stderr != "to-stderr\n" {
		t.Errorf("stdout %q, stderr %q", res.Stdout, res.Stderr)
	}
	if !res.Started.Before(res.Ended) {
		t.Errorf("started %v, ended %v", res.Started, res.Ended)
	}
	if c.Describe() != c.Line {
		t.Errorf("Describe() = %q", c.Describe())
	}

	data, err := os.ReadFile(envFile)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			seen[k] = v
		}
	}
	outcomeFile := seen[driver.EnvOutcomeFile]
	want := map[string]string{
		driver.EnvCardURL:       task.CardURL,
		driver.EnvMessage:       "hello world",
		driver.EnvSkill:         "greet",
		driver.EnvCAFile:        "/farm/ca.pem",
		"SSL_CERT_FILE":         "/farm/ca.pem",
		"NODE_EXTRA_CA_CERTS":   "/farm/ca.pem",
		driver.EnvOAuthClientID: "cid",
		driver.EnvOAuthSecret:   "csecret",
		driver.EnvAPIKey:        "ak",
		driver.EnvDeadlineMS:    "30000",
		driver.EnvRunID:         "r-1",
		driver.EnvOutcomeFile:   outcomeFile,
		"EXTRA":                 "1",
		"PATH":                  os.Getenv("PATH"),
	}
	for k, v := range want {
		if got, ok := seen[k]; !ok || got != v {
			t.Errorf("client saw %s=%q (set %v), want %q", k, got, ok, v)
		}
	}
	for _, k := range []string{driver.EnvBearerToken, driver.EnvClientCertFile, driver.EnvClientKeyFile, driver.EnvPrefix + "SOMETHING_ELSE"} {
		if v, ok := seen[k]; ok {
			t.Errorf("client saw %s=%q, want it absent", k, v)
		}
	}
	if !filepath.IsAbs(outcomeFile) || strings.HasPrefix(outcomeFile, dir) {
		t.Errorf("outcome file %q: want an absolute path in the runner's own directory", outcomeFile)
	}
	if _, err := os.Stat(filepath.Dir(outcomeFile)); !os.IsNotExist(err) {
		t.Errorf("the runner's directory %s survived the run (stat: %v)", filepath.Dir(outcomeFile), err)
	}
	if cwd, _ := os.ReadFile(filepath.Join(dir, "cwd")); strings.TrimSpace(string(cwd)) != dir {
		t.Errorf("client ran in %q, want %q", cwd, dir)
	}
}

func TestCommandFreshOutcomeFilePerRun(t *testing.T) {
	c := &Command{Line: `test ! -e "$A2A_CONFORM_OUTCOME_FILE" && echo "$A2A_CONFORM_OUTCOME_FILE" && ` + writeOutcome}
	task := driver.Assignment{CardURL: "https://h/c", Deadline: roomyDeadline}
	first, second := run(t, c, task), run(t, c, task)
	if first.Outcome == nil || second.Outcome == nil {
		t.Fatalf("outcomes %+v / %+v (%q, %q): the outcome file existed before the run",
			first.Outcome, second.Outcome, first.OutcomeProblem, second.OutcomeProblem)
	}
	if first.Stdout == second.Stdout {
		t.Errorf("both runs got the outcome file %q", first.Stdout)
	}
}

func TestCommandDeadlineKillsTheGroup(t *testing.T) {
	tests := []struct {
		name string
		line string
	}{
		{"hangs", `echo $$ > "$PIDS"; sleep 60 & echo $! >> "$PIDS"; wait`},
		{"ignores SIGTERM", `trap "" TERM; echo $$ > "$PIDS"; sh -c 'trap "" TERM; sleep 60' & echo $! >> "$PIDS"; wait; wait`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pids")
			c := &Command{Line: tt.line, Env: []string{"PIDS=" + pidFile},
				Timeouts: Timeouts{KillGrace: 100 * time.Millisecond}}
			// The deadline must pass with the client running: it is long
			// enough for a loaded machine to start it (under the reaper).
			res := run(t, c, driver.Assignment{CardURL: "https://h/c", Deadline: 3 * time.Second})

			if !res.TimedOut || res.Crashed || res.ExitCode != -1 {
				t.Errorf("timed out %v, crashed %v, exit %d; want a timeout kill", res.TimedOut, res.Crashed, res.ExitCode)
			}
			if res.Outcome != nil || res.OutcomeProblem != driver.ProblemMissing {
				t.Errorf("outcome %+v, problem %q; want missing", res.Outcome, res.OutcomeProblem)
			}
			pids := readPids(t, pidFile)
			if groupLives(pids[0]) {
				t.Errorf("process group %d still has live members", pids[0])
			}
			for _, pid := range pids {
				if processLives(pid) {
					t.Errorf("process %d survived", pid)
				}
			}
		})
	}
}

func TestCommandGrandchildHoldingStdout(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	c := &Command{Line: `sleep 60 & echo $! > "$PIDS"; echo done; ` + writeOutcome, Env: []string{"PIDS=" + pidFile}}
	// If Run waited for the grandchild's stdout it would hit this deadline.
	res := run(t, c, driver.Assignment{CardURL: "https://h/c", Deadline: 20 * time.Second})

	if res.TimedOut || res.ExitCode != 0 || res.Outcome == nil {
		t.Errorf("timed out %v, exit %d, outcome %+v; want the client's own clean exit", res.TimedOut, res.ExitCode, res.Outcome)
	}
	if res.Stdout != "done\n" {
		t.Errorf("stdout = %q", res.Stdout)
	}
	if pid := readPids(t, pidFile)[0]; processLives(pid) {
		t.Errorf("grandchild %d survived", pid)
	}
}

// answer is a session-mode client in sh: for each task line it logs a line
// on stdout and answers with an outcome line carrying the task's number.
const answer = `while IFS= read -r line; do ` +
	`n=$(printf '%s' "$line" | sed 's/.*"task":\([0-9]*\).*/\1/'); ` +
	`echo "log: task $n"; printf '{"task":%s,"outcome":"completed","taskId":"t-%s"}\n' "$n" "$n"; done`

func openSession(t *testing.T, c *Command) Session {
	t.Helper()
	c.Mode = driver.ModeSession
	s, err := c.Open(context.Background(), driver.Assignment{RunID: "r", StateDir: t.TempDir(),
		Credentials: driver.Credentials{BearerToken: "tok"}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func do(t *testing.T, s Session, n int, deadline time.Duration) Result {
	t.Helper()
	res, err := s.Do(context.Background(), driver.Assignment{Task: n, CardURL: "https://h/c", Message: "m", Skill: "s", Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestSessionAnswersEachTask(t *testing.T) {
	s := openSession(t, &Command{Line: `test "$A2A_CONFORM_SESSION" = 1 && test -n "$A2A_CONFORM_BEARER_TOKEN" && test -z "$A2A_CONFORM_CARD_URL" && ` + answer})
	if s.Mode() != driver.ModeSession {
		t.Errorf("mode %s", s.Mode())
	}
	for n := 1; n <= 3; n++ {
		res := do(t, s, n, roomyDeadline)
		if res.Outcome == nil || res.Outcome.TaskID != "t-"+string(rune('0'+n)) || res.OutcomeProblem != "" {
			t.Errorf("task %d: %+v %q", n, res.Outcome, res.OutcomeProblem)
		}
	}
	end := s.Close()
	if end.ExitCode != 0 || end.Crashed || !strings.Contains(end.Stdout, "log: task 3") || strings.Contains(end.Stdout, `"outcome"`) {
		t.Errorf("close: exit %d crashed %v stdout %q stderr %q", end.ExitCode, end.Crashed, end.Stdout, end.Stderr)
	}
}

// A client stuck on a task is stopped at the task's deadline; the tasks
// after it fail at once; an outcome line for another task is ignored.
func TestSessionFaults(t *testing.T) {
	t.Run("stuck", func(t *testing.T) {
		s := openSession(t, &Command{Line: `read -r line; sleep 60`, Timeouts: Timeouts{KillGrace: 50 * time.Millisecond}})
		if res := do(t, s, 1, 300*time.Millisecond); !res.TimedOut || res.Outcome != nil {
			t.Errorf("task 1: %+v", res)
		}
		if res := do(t, s, 2, roomyDeadline); res.Outcome != nil || !strings.Contains(res.OutcomeProblem, "already ended") {
			t.Errorf("task 2: %+v", res)
		}
		s.Close()
	})
	t.Run("exits", func(t *testing.T) {
		s := openSession(t, &Command{Line: `read -r line; echo bye >&2; exit 4`})
		res := do(t, s, 1, roomyDeadline)
		if res.Outcome != nil || !strings.Contains(res.OutcomeProblem, "exited during the task") {
			t.Errorf("task 1: %+v", res)
		}
		if end := s.Close(); end.ExitCode != 4 || !strings.Contains(end.Stderr, "bye") {
			t.Errorf("close: %+v", end)
		}
	})
	t.Run("wrong task number and garbage", func(t *testing.T) {
		s := openSession(t, &Command{Line: `read -r line; echo '{"task":7,"outcome":"completed"}'; echo '{"task":1,"outcome":"done"}'; cat >/dev/null`})
		res := do(t, s, 1, roomyDeadline)
		if res.Outcome == nil || !strings.Contains(res.OutcomeProblem, `unknown outcome "done"`) {
			t.Errorf("task 1: %+v %q", res.Outcome, res.OutcomeProblem)
		}
		if end := s.Close(); !strings.Contains(end.Stderr, "outcome line for task 7") {
			t.Errorf("close stderr %q", end.Stderr)
		}
	})
	t.Run("lingers after its last task", func(t *testing.T) {
		s := openSession(t, &Command{Line: answer + `; trap "" TERM; sleep 60`, Timeouts: Timeouts{GroupExit: 200 * time.Millisecond, KillGrace: 50 * time.Millisecond}})
		do(t, s, 1, roomyDeadline)
		if end := s.Close(); !strings.Contains(end.Stderr, "still running") {
			t.Errorf("close stderr %q", end.Stderr)
		}
	})
}

// One-shot mode: a fresh process per task, and the state directory kept.
func TestOneShotSessionKeepsStateDir(t *testing.T) {
	c := &Command{Line: `echo x >> "$A2A_CONFORM_STATE_DIR/count"; n=$(wc -l < "$A2A_CONFORM_STATE_DIR/count"); ` +
		`printf '{"outcome":"completed","taskId":"%s-%s"}' "$A2A_CONFORM_TASK" "$n" > "$A2A_CONFORM_OUTCOME_FILE"`}
	state := t.TempDir()
	s, err := c.Open(context.Background(), driver.Assignment{StateDir: state})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 2; n++ {
		res := do(t, s, n, roomyDeadline)
		want := strings.Repeat(string(rune('0'+n)), 1) + "-" + string(rune('0'+n))
		if res.Outcome == nil || strings.ReplaceAll(res.Outcome.TaskID, " ", "") != want {
			t.Errorf("task %d: %+v %q", n, res.Outcome, res.OutcomeProblem)
		}
	}
	s.Close()
	if _, err := os.Stat(filepath.Join(state, "count")); err != nil {
		t.Error(err)
	}
}
