package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Command is a client run as a shell command line, one process group per
// run. Its zero Timeouts mean DefaultTimeouts.
type Command struct {
	// Line is run by /bin/sh -c.
	Line string
	// Dir is the working directory; "" means the runner's.
	Dir string
	// Env is added to the runner's environment. A2A_CONFORM_* variables
	// are dropped from both: the driver variables come only from the Task.
	Env      []string
	Timeouts Timeouts
	// Mode is how the command takes a session's tasks: "" or one-shot, a
	// process per task; session, one process reading tasks on stdin.
	Mode driver.Mode
}

// Describe returns the command line.
func (c *Command) Describe() string { return c.Line }

// Open starts a session: in session mode the process, in one-shot mode
// nothing until the first task.
func (c *Command) Open(ctx context.Context, s driver.Assignment) (Session, error) {
	if c.Mode == driver.ModeSession {
		return c.openSession(ctx, s)
	}
	if c.Line == "" {
		return nil, errors.New("runner: command line is empty")
	}
	return &oneShot{base: s, run: c.Run}, nil
}

// Run starts the command with the driver environment of t and waits for it,
// at most t.Deadline from its start. Whatever happens, when Run returns the
// command's process group is dead (or a note in Stderr says it could not be
// killed). A canceled ctx kills the group too; Run then returns the result
// so far with an error wrapping ctx.Err().
func (c *Command) Run(ctx context.Context, t driver.Assignment) (Result, error) {
	if c.Line == "" {
		return Result{}, errors.New("runner: command line is empty")
	}
	if err := startable(ctx, t); err != nil {
		return Result{}, err
	}
	tmp, err := os.MkdirTemp("", "a2a-conform-run-*")
	if err != nil {
		return Result{}, fmt.Errorf("runner: %w", err)
	}
	defer os.RemoveAll(tmp)
	outcomeFile := filepath.Join(tmp, "outcome.json")

	p, err := c.newProcess(driver.Environ(t, outcomeFile))
	if err != nil {
		return Result{}, err
	}
	if err := p.start(); err != nil {
		return Result{}, err
	}
	res, cause := p.supervise(ctx, t.Deadline)
	res.Outcome, res.OutcomeProblem = driver.ReadOutcome(outcomeFile)
	if cause != nil {
		return res, fmt.Errorf("runner: run of %q canceled: %w", c.Line, cause)
	}
	return res, nil
}

// newProcess prepares the command with the driver variables vars, in its
// own process group, under the reaper where there is one.
func (c *Command) newProcess(vars []string) (*process, error) {
	cmd := exec.Command("/bin/sh", "-c", c.Line)
	cmd.Dir = c.Dir
	cmd.Env = append(append(withoutDriverVars(os.Environ()), withoutDriverVars(c.Env)...), vars...)
	if err := startInOwnGroup(cmd); err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, line: c.Line, timeouts: c.Timeouts.withDefaults()}
	p.status = wrapInReaper(cmd, p.timeouts.KillGrace)
	return p, nil
}

// withoutDriverVars drops every driver variable, so that a client is never
// handed a credential its task does not grant.
func withoutDriverVars(env []string) []string {
	var kept []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, driver.EnvPrefix) {
			kept = append(kept, kv)
		}
	}
	return kept
}

// process is one started command and what the runner saw of it.
type process struct {
	cmd  *exec.Cmd
	line string
	// status, when non-nil, is the command running under the reaper
	// (reaper_linux.go), which kills every descendant itself once asked to
	// stop and reports the client's wait status here.
	status         *os.File
	timeouts       Timeouts
	stdout, stderr *tailBuffer
	// outcomes, if non-nil, receives the outcome lines of a session-mode
	// client found on its stdout (session.go); other lines go to stdout.
	outcomes chan driver.OutcomeLine
	drained  chan struct{}
	readers  []*os.File
	exited   chan error
	started  time.Time
	notes    []string
}

// start runs the command with its output going to pipes the runner owns.
// Handing exec an *os.File means Wait does not wait for the pipes, so a
// grandchild that keeps stdout open cannot block it; the readers here are
// bounded by PipeDrain instead.
func (p *process) start() error {
	p.stdout = newTailBuffer(p.timeouts.OutputLimit)
	p.stderr = newTailBuffer(p.timeouts.OutputLimit)
	outR, outW, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return fmt.Errorf("runner: %w", err)
	}
	p.cmd.Stdout, p.cmd.Stderr = outW, errW
	p.started = time.Now()
	err = p.cmd.Start()
	outW.Close() // the child has its copies; ours would keep the pipes open
	errW.Close()
	for _, f := range p.cmd.ExtraFiles {
		f.Close()
	}
	if err != nil {
		outR.Close()
		errR.Close()
		return fmt.Errorf("runner: start %q: %w", p.line, err)
	}
	p.readers = []*os.File{outR, errR}
	p.drained = make(chan struct{})
	go func() {
		done := make(chan struct{}, 2)
		var sink io.Writer = p.stdout
		if p.outcomes != nil {
			sink = &lineSplitter{rest: p.stdout, outcomes: p.outcomes}
		}
		go func() { io.Copy(sink, outR); done <- struct{}{} }()
		go func() { io.Copy(p.stderr, errR); done <- struct{}{} }()
		<-done
		<-done
		close(p.drained)
	}()
	p.exited = make(chan error, 1)
	go func() { p.exited <- p.cmd.Wait() }()
	return nil
}

// supervise waits for the command to exit, its deadline, or ctx; then
// makes sure the whole group is dead and the output read. cause is
// non-nil when ctx ended the run.
func (p *process) supervise(ctx context.Context, deadline time.Duration) (res Result, cause error) {
	pgid := p.cmd.Process.Pid
	timer := time.NewTimer(deadline - time.Since(p.started))
	defer timer.Stop()

	var waitErr error
	exited, killedByUs := false, false
	select {
	case waitErr = <-p.exited:
		exited = true
	case <-timer.C:
		res.TimedOut = true
	case <-ctx.Done():
		cause = ctx.Err()
	}
	if !exited {
		killedByUs = true
		exited, waitErr = p.stop(pgid)
	}
	// Whatever the command left behind dies with it.
	killGroup(pgid)
	if !groupGone(pgid, p.timeouts.GroupExit) {
		p.note("process group %d still alive %v after SIGKILL", pgid, p.timeouts.GroupExit)
	}
	p.drain()

	res.ExitCode = -1
	if exited {
		if ps := p.cmd.ProcessState; ps != nil {
			res.ExitCode = ps.ExitCode()
			res.Crashed = !ps.Exited() && !killedByUs
		} else if waitErr != nil {
			p.note("wait: %v", waitErr)
		}
		if p.status != nil {
			// The client's own status, as the reaper saw it.
			if ws, ok := readReaperStatus(p.status, p.timeouts.PipeDrain); ok {
				res.ExitCode = ws.ExitStatus() // -1 when signaled
				res.Crashed = ws.Signaled() && !killedByUs
			}
		}
	}
	if p.status != nil {
		p.status.Close()
	}
	res.Stdout = p.stdout.String()
	res.Stderr = p.stderr.String() + strings.Join(p.notes, "")
	res.Started, res.Ended = p.started, time.Now()
	return res, cause
}

// stop ends a command that is still running: SIGTERM to the group, then
// SIGKILL after KillGrace (under the reaper, which needs its own KillGrace
// to stop the client and the time to kill what is left, after KillGrace
// plus GroupExit). It reports whether the command was reaped, and how Wait
// ended.
func (p *process) stop(pgid int) (reaped bool, waitErr error) {
	terminateGroup(pgid)
	wait := p.timeouts.KillGrace
	if p.status != nil {
		wait += p.timeouts.GroupExit
	}
	grace := time.NewTimer(wait)
	defer grace.Stop()
	select {
	case err := <-p.exited:
		return true, err
	case <-grace.C:
	}
	killGroup(pgid)
	_ = p.cmd.Process.Kill() // in case the leader moved to another group
	limit := time.NewTimer(p.timeouts.GroupExit)
	defer limit.Stop()
	select {
	case err := <-p.exited:
		return true, err
	case <-limit.C:
		p.note("process %d not reaped %v after SIGKILL", pgid, p.timeouts.GroupExit)
		return false, nil
	}
}

// drain waits for the output readers, at most PipeDrain, then closes the
// pipes to release them: a process outside the group may hold them.
func (p *process) drain() {
	limit := time.NewTimer(p.timeouts.PipeDrain)
	defer limit.Stop()
	select {
	case <-p.drained:
	case <-limit.C:
		p.note("output pipe still open %v after the process group died; stopped reading", p.timeouts.PipeDrain)
	}
	for _, r := range p.readers {
		r.Close()
	}
	<-p.drained
}

func (p *process) note(format string, args ...any) {
	p.notes = append(p.notes, "\n[runner: "+fmt.Sprintf(format, args...)+"]\n")
}
