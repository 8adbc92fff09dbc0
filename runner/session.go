package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// processSession is a session-mode command: one process for all the tasks
// of a scenario, tasks as JSON lines on its stdin, outcomes as JSON lines
// on its stdout (driver/session.go).
type processSession struct {
	p     *process
	stdin *os.File
	// ended is set once the process is gone (it exited, or was stopped at
	// a task's deadline): later tasks fail at once.
	ended bool
	// reaped: Wait returned, so the process state may be read.
	reaped  bool
	waitErr error
	killed  bool
	notes   []string
}

// openSession starts the session's process with the session's variables.
func (c *Command) openSession(ctx context.Context, s driver.Assignment) (*processSession, error) {
	if c.Line == "" {
		return nil, errors.New("runner: command line is empty")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("runner: not started: %w", err)
	}
	p, err := c.newProcess(driver.SessionEnviron(s))
	if err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	p.cmd.Stdin = r
	p.outcomes = make(chan driver.OutcomeLine, 64)
	err = p.start()
	r.Close() // the child has its copy
	if err != nil {
		w.Close()
		return nil, err
	}
	return &processSession{p: p, stdin: w}, nil
}

func (s *processSession) Mode() driver.Mode { return driver.ModeSession }

// Do writes the task's line and waits for the outcome line with its
// number, the task's deadline, the process's end, or ctx. A client stuck
// past a deadline cannot take more tasks: its process is stopped.
func (s *processSession) Do(ctx context.Context, a driver.Assignment) (Result, error) {
	res := Result{ExitCode: -1, Started: time.Now()}
	if s.ended {
		res.OutcomeProblem = driver.ProblemMissing + " (the session's process had already ended)"
		res.Ended = time.Now()
		return res, nil
	}
	if a.Deadline <= 0 {
		return res, fmt.Errorf("runner: task deadline %v is not positive", a.Deadline)
	}
	line, _ := json.Marshal(driver.TaskLineOf(a))
	_ = s.stdin.SetWriteDeadline(time.Now().Add(a.Deadline))
	if _, err := s.stdin.Write(append(line, '\n')); err != nil {
		s.note("task %d: could not write its line to stdin: %v", a.Task, err)
	}
	timer := time.NewTimer(a.Deadline)
	defer timer.Stop()
	for {
		select {
		case o := <-s.p.outcomes:
			if o.Task != max(a.Task, 1) {
				s.note("outcome line for task %d while task %d runs: ignored", o.Task, a.Task)
				continue
			}
			res.Outcome, res.OutcomeProblem = driver.ParseOutcome(o.Raw)
			res.Ended = time.Now()
			return res, nil
		case err := <-s.p.exited:
			s.ended, s.reaped, s.waitErr = true, true, err
			// The last lines may still be on their way from the pipe.
			if o, ok := s.lastOutcome(max(a.Task, 1)); ok {
				res.Outcome, res.OutcomeProblem = driver.ParseOutcome(o.Raw)
				res.Ended = time.Now()
				return res, nil
			}
			res.OutcomeProblem = driver.ProblemMissing + " (the session's process exited during the task)"
			res.Crashed = s.crashed()
			res.Ended = time.Now()
			return res, nil
		case <-timer.C:
			res.TimedOut = true
			s.stop()
			res.OutcomeProblem = driver.ProblemMissing
			res.Ended = time.Now()
			return res, nil
		case <-ctx.Done():
			s.stop()
			res.Ended = time.Now()
			return res, fmt.Errorf("runner: session of %q canceled: %w", s.p.line, ctx.Err())
		}
	}
}

// lastOutcome waits for the output to be read (at most PipeDrain) and
// looks for task's outcome line among what is left.
func (s *processSession) lastOutcome(task int) (driver.OutcomeLine, bool) {
	limit := time.NewTimer(s.p.timeouts.PipeDrain)
	defer limit.Stop()
	select {
	case <-s.p.drained:
	case <-limit.C:
	}
	for {
		select {
		case o := <-s.p.outcomes:
			if o.Task == task {
				return o, true
			}
		default:
			return driver.OutcomeLine{}, false
		}
	}
}

// stop ends the process now: SIGTERM, then SIGKILL (process.stop).
func (s *processSession) stop() {
	if s.ended {
		return
	}
	s.ended, s.killed = true, true
	s.reaped, s.waitErr = s.p.stop(s.p.cmd.Process.Pid)
}

// crashed reads the process state, which only a reaped process has (Wait
// writes it in another goroutine until then).
func (s *processSession) crashed() bool {
	if !s.reaped {
		return false
	}
	ps := s.p.cmd.ProcessState
	return ps != nil && !ps.Exited() && !s.killed
}

// Close closes stdin (the end of the tasks), gives the process
// GroupExit to exit on its own, then stops it, and reports its output and
// how it ended.
func (s *processSession) Close() Result {
	s.stdin.Close()
	if !s.ended {
		limit := time.NewTimer(s.p.timeouts.GroupExit)
		select {
		case s.waitErr = <-s.p.exited:
			s.ended, s.reaped = true, true
		case <-limit.C:
			s.note("still running %v after its last task and the end of its stdin: stopped", s.p.timeouts.GroupExit)
			s.stop()
		}
		limit.Stop()
	}
	pgid := s.p.cmd.Process.Pid
	killGroup(pgid)
	if !groupGone(pgid, s.p.timeouts.GroupExit) {
		s.p.note("process group %d still alive %v after SIGKILL", pgid, s.p.timeouts.GroupExit)
	}
	s.p.drain()
	res := Result{ExitCode: -1, Started: s.p.started, Ended: time.Now()}
	if ps := s.p.cmd.ProcessState; s.reaped && ps != nil {
		res.ExitCode, res.Crashed = ps.ExitCode(), s.crashed()
	}
	if s.p.status != nil {
		if ws, ok := readReaperStatus(s.p.status, s.p.timeouts.PipeDrain); ok {
			res.ExitCode, res.Crashed = ws.ExitStatus(), ws.Signaled() && !s.killed
		}
		s.p.status.Close()
	}
	res.Stdout = s.p.stdout.String()
	res.Stderr = s.p.stderr.String() + strings.Join(s.p.notes, "") + strings.Join(s.notes, "")
	return res
}

func (s *processSession) note(format string, args ...any) {
	s.notes = append(s.notes, "\n[runner: "+fmt.Sprintf(format, args...)+"]\n")
}
