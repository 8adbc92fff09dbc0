package runner

import (
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// ErrCannotStart: the client command cannot be started at all (its program
// is not found or not executable). It is a configuration error of the run,
// found before any scenario is played.
var ErrCannotStart = errors.New("runner: the client cannot be started")

// Check verifies, without running it, that the command's program exists
// and is executable. Lines whose first word the shell interprets
// (assignments, builtins, quoting, expansions) are left to the shell.
func (c *Command) Check() error {
	words := strings.Fields(c.Line)
	if len(words) == 0 {
		return fmt.Errorf("%w: the command line is empty", ErrCannotStart)
	}
	prog := words[0]
	if strings.ContainsAny(prog, "'\"$`=(){}<>|;&*?[]~\\") || slices.Contains(shellWords, prog) {
		return nil
	}
	if _, err := exec.LookPath(prog); err != nil {
		return fmt.Errorf("%w: %q: %v", ErrCannotStart, prog, errors.Unwrap(err))
	}
	return nil
}

// Check verifies the in-process client has a function to run.
func (c *InProcessClient) Check() error {
	if c.Fn == nil && c.Session == nil {
		return fmt.Errorf("%w: in-process client %q has no function", ErrCannotStart, c.Name)
	}
	return nil
}

// Checker is a client that can say, before a run, whether it can start.
type Checker interface {
	Check() error
}

// shellWords are the first words /bin/sh runs itself.
var shellWords = []string{"cd", "exec", "eval", "set", "export", "if", "for", "while", "case", "until",
	"{", "(", "!", ".", "source", "command", "builtin", "time", "trap", "ulimit", "umask", "true", "false", ":"}
