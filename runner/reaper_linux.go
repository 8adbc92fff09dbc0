//go:build linux

package runner

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// The reaper: on Linux every client command runs under a small supervisor,
// this very binary re-executed with reaperEnv set. The supervisor makes
// itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every
// descendant of the client that is orphaned — including one that left the
// process group with setsid, or double-forked — is re-parented to it
// instead of to init. When the client exits, or the runner asks it to stop,
// the supervisor kills the client's process group and then every process
// re-parented to it, until none is left, and exits with the client's
// status. Nothing the client starts outlives its run.
const (
	reaperEnv           = "A2A_CONFORM_INTERNAL_REAPER"
	reaperGraceEnv      = "A2A_CONFORM_INTERNAL_REAPER_GRACE"
	prSetChildSubreaper = 36
	// reaperRounds bounds the kill loop against a fork bomb.
	reaperRounds = 1000
)

func init() {
	if os.Getenv(reaperEnv) == "" {
		return
	}
	os.Exit(superviseClient(os.Args[1:]))
}

// wrapInReaper rewrites cmd to run under the reaper. It returns the read
// end of the pipe on which the reaper reports the client's wait status (its
// own exit status cannot say "killed by a signal": the Go runtime handles
// some signals itself), or nil when the command runs bare because the
// running binary cannot be found.
func wrapInReaper(cmd *exec.Cmd, grace time.Duration) *os.File {
	self, err := os.Executable()
	if err != nil {
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	cmd.Args = append([]string{self}, cmd.Args...)
	cmd.Path = self
	cmd.Env = append(cmd.Env, reaperEnv+"=1", reaperGraceEnv+"="+grace.String())
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	cmd.ExtraFiles = []*os.File{w} // fd 3 in the reaper
	return r
}

// reaperStatusFD is where the reaper writes the client's wait status.
const reaperStatusFD = 3

// superviseClient runs args (the client's /bin/sh -c LINE) and returns its
// exit code once it and every descendant are gone.
func superviseClient(args []string) int {
	grace, err := time.ParseDuration(os.Getenv(reaperGraceEnv))
	if err != nil || grace <= 0 {
		grace = DefaultKillGrace
	}
	os.Unsetenv(reaperEnv)
	os.Unsetenv(reaperGraceEnv)
	syscall.CloseOnExec(reaperStatusFD) // the client must not hold it
	status := os.NewFile(reaperStatusFD, "status")
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		fmt.Fprintf(os.Stderr, "\n[runner: cannot become a child subreaper: %v; escaped descendants may survive]\n", errno)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	if len(args) == 0 {
		return 127
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "[runner: start client: %v]\n", err)
		return 127
	}
	pgid := cmd.Process.Pid
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-stop:
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(grace):
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			<-exited
		}
	}
	killOrphans(pgid)
	ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
	fmt.Fprintf(status, "%d\n", uint32(ws))
	status.Close()
	return cmd.ProcessState.ExitCode()
}

// killOrphans kills the client's group, then every process re-parented
// to this subreaper (and its group), reaping each, until none is left.
func killOrphans(clientGroup int) {
	_ = syscall.Kill(-clientGroup, syscall.SIGKILL)
	self := os.Getpid()
	for range reaperRounds {
		children := childrenOf(self)
		if len(children) == 0 {
			return
		}
		for _, c := range children {
			if c.pgid != self {
				_ = syscall.Kill(-c.pgid, syscall.SIGKILL)
			}
			_ = syscall.Kill(c.pid, syscall.SIGKILL)
		}
		for _, c := range children {
			var ws syscall.WaitStatus
			_, _ = syscall.Wait4(c.pid, &ws, 0, nil)
		}
	}
}

type proc struct{ pid, pgid int }

// childrenOf lists the processes whose parent is ppid, from /proc.
func childrenOf(ppid int) []proc {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []proc
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		parent, group, ok := parseParentAndGroup(stat)
		if ok && parent == ppid {
			out = append(out, proc{pid, group})
		}
	}
	return out
}

// parseParentAndGroup reads ppid and pgrp from a /proc/<pid>/stat line.
func parseParentAndGroup(stat []byte) (ppid, pgid int, ok bool) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(stat[i+1:])
	if len(f) < 3 {
		return 0, 0, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	pgid, err2 := strconv.Atoi(string(f[2]))
	return ppid, pgid, err1 == nil && err2 == nil
}

// readReaperStatus reads the client's wait status the reaper reported.
func readReaperStatus(r *os.File, limit time.Duration) (syscall.WaitStatus, bool) {
	_ = r.SetReadDeadline(time.Now().Add(limit))
	b, _ := io.ReadAll(io.LimitReader(r, 32))
	n, err := strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 32)
	return syscall.WaitStatus(n), err == nil
}
