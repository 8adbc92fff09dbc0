package peertest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"time"
)

// RunNode runs node with args in dir, with the process environment plus env
// and stdin, until it exits or ctx ends (then at most 5 s more for its
// pipes). It returns what the script wrote to stdout and stderr.
func RunNode(ctx context.Context, node, dir string, stdin []byte, env []string, args ...string) (stdout, stderr []byte, err error) {
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = dir
	cmd.WaitDelay = 5 * time.Second
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.Bytes(), errOut.Bytes(), err
}
