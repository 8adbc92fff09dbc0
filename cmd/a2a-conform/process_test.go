package main

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// process is a started command whose stdout is read line by line; it is
// killed when the test ends.
type process struct {
	cmd   *exec.Cmd
	lines chan string // closed when stdout ends
	done  chan error  // the exit, sent twice: for the test and for the cleanup
}

func startProcess(t *testing.T, cmd *exec.Cmd) *process {
	t.Helper()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, lines: make(chan string, 100), done: make(chan error, 2)}
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-p.done
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		err := cmd.Wait()
		p.done <- err
		p.done <- err
	}()
	return p
}

// next is the next line; the test fails if the process ends first or
// prints nothing for wait.
func (p *process) next(t *testing.T, wait time.Duration) string {
	t.Helper()
	select {
	case l, ok := <-p.lines:
		if !ok {
			t.Fatalf("%s exited early", p.cmd.Args[1])
		}
		return l
	case <-time.After(wait):
		t.Fatalf("%s printed nothing for %v", p.cmd.Args[1], wait)
	}
	return ""
}

// stop sends sig and wants exit 0, after a line containing said if not "".
func (p *process) stop(t *testing.T, sig syscall.Signal, said string) {
	t.Helper()
	p.cmd.Process.Signal(sig)
	var out []string
	for l := range p.lines {
		out = append(out, l)
	}
	select {
	case err := <-p.done:
		if err != nil || !strings.Contains(strings.Join(out, "\n"), said) {
			t.Errorf("%s on %v: %v, said %q; want exit 0 after %q", p.cmd.Args[1], sig, err, out, said)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("%s ignored %v", p.cmd.Args[1], sig)
	}
}
