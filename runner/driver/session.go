package driver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Session mode on the wire (docs/driver-contract.md): the runner starts
// the client once per scenario with EnvSession=1 and the session's
// environment (CA file, credentials, run id, state directory), then writes
// one TaskLine per task, a JSON object on one line, to its standard input.
// For each, the client writes exactly one OutcomeLine, a JSON object on one
// line, to its standard output, and then reads the next task. Other lines
// on standard output are kept as the client's output; logs belong on
// standard error. Standard input closes after the last task; the client
// then exits.

// TaskLine is one task of a session.
type TaskLine struct {
	Task       int    `json:"task"`
	CardURL    string `json:"cardUrl"`
	Message    string `json:"message"`
	Skill      string `json:"skill"`
	DeadlineMS int64  `json:"deadlineMs"`
}

// OutcomeLine is a client's outcome for task Task. Raw, when set, is the
// line as the client wrote it (the runner checks it with ParseOutcome).
type OutcomeLine struct {
	Task int `json:"task"`
	Outcome
	Raw []byte `json:"-"`
}

// TaskLineOf is the line the runner writes for assignment a.
func TaskLineOf(a Assignment) TaskLine {
	return TaskLine{Task: max(a.Task, 1), CardURL: a.CardURL, Message: a.Message, Skill: a.Skill,
		DeadlineMS: a.Deadline.Milliseconds()}
}

// MaxLine bounds one line of the session protocol, both ways.
const MaxLine = 1 << 20

// Serve is a session-mode client loop for Go clients: it reads task lines
// from in, completes each assignment (base plus the line: the session's
// CA file, credentials, run id and state directory come from base) with
// do, and writes its outcome line to out, until in ends or ctx is done.
func Serve(ctx context.Context, base Assignment, in io.Reader, out io.Writer, do func(context.Context, Assignment) Outcome) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), MaxLine)
	enc := json.NewEncoder(out)
	for sc.Scan() {
		var line TaskLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return fmt.Errorf("driver: task line: %w", err)
		}
		a := base
		a.Task, a.CardURL, a.Message, a.Skill = line.Task, line.CardURL, line.Message, line.Skill
		a.Deadline = time.Duration(line.DeadlineMS) * time.Millisecond
		o := do(ctx, a)
		if err := enc.Encode(OutcomeLine{Task: line.Task, Outcome: o}); err != nil {
			return fmt.Errorf("driver: outcome line: %w", err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("driver: task lines: %w", err)
	}
	return nil
}
