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
