package peertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

const (
	// EnvJSSDKDir points at runner/adapters/a2a-js (make sdk-compat sets it).
	EnvJSSDKDir = "A2A_CONFORM_JS_SDK_DIR"
	// EnvRequireSDKs turns a missing SDK from a skip into a failure (CI).
	EnvRequireSDKs = "A2A_CONFORM_REQUIRE_SDKS"
)

// ErrSkip is wrapped by the error of FindJSSDK when an SDK is missing and
// the test may skip for it: unless A2A_CONFORM_REQUIRE_SDKS=1, which makes
// a missing SDK a failure. A test does
//
//	js, err := peertest.FindJSSDK(dir)
//	if errors.Is(err, peertest.ErrSkip) {
//		t.Skip(err)
//	}
//	if err != nil {
//		t.Fatal(err)
//	}
var ErrSkip = errors.New("skip")

// JSSDK is an installed @a2a-js/sdk and the node that runs it.
type JSSDK struct {
	Dir  string // absolute path of the package folder holding node_modules
	Node string // the node executable
}

// JSSDKDir is where a test finds runner/adapters/a2a-js: the folder
// A2A_CONFORM_JS_SDK_DIR names, else root/runner/adapters/a2a-js, with root
// the project root relative to the test's package directory, where go test
// runs.
func JSSDKDir(root string) string {
	if dir := os.Getenv(EnvJSSDKDir); dir != "" {
		return dir
	}
	return filepath.Join(root, "runner", "adapters", "a2a-js")
}

// FindJSSDK returns node on PATH and @a2a-js/sdk as npm installed it in dir.
// When either is missing the error wraps ErrSkip (see there).
func FindJSSDK(dir string) (JSSDK, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return JSSDK{}, missing("node is not on PATH: " + err.Error())
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@a2a-js", "sdk", "package.json")); err != nil {
		return JSSDK{}, missing("@a2a-js/sdk is not installed in " + dir + " (" + err.Error() + "): run `make sdk-deps`")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return JSSDK{}, fmt.Errorf("peertest: %w", err)
	}
	return JSSDK{Dir: abs, Node: node}, nil
}

// missing is the error for a missing SDK: skippable unless required.
func missing(why string) error {
	if os.Getenv(EnvRequireSDKs) == "1" {
		return fmt.Errorf("peertest: %s (%s=1 requires the SDKs)", why, EnvRequireSDKs)
	}
	return fmt.Errorf("peertest: %w: %s", ErrSkip, why)
}

// Run runs node with args in js.Dir, with the process environment plus env
// and stdin, until it exits or ctx ends (then at most 5 s more for its
// pipes). It returns what the script wrote to stdout and stderr.
func (js JSSDK) Run(ctx context.Context, stdin []byte, env []string, args ...string) (stdout, stderr []byte, err error) {
	cmd := exec.CommandContext(ctx, js.Node, args...)
	cmd.Dir = js.Dir
	cmd.WaitDelay = 5 * time.Second
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.Bytes(), errOut.Bytes(), err
}
