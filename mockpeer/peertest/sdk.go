package peertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

const (
	// EnvJSSDKDir points at runner/adapters/a2a-js (make sdk-compat sets it).
	EnvJSSDKDir = "A2A_CONFORM_JS_SDK_DIR"
	// EnvRequireSDKs turns a missing SDK from a skip into a failure (CI).
	EnvRequireSDKs = "A2A_CONFORM_REQUIRE_SDKS"
)

// JSSDKDir returns the absolute path of runner/adapters/a2a-js with
// @a2a-js/sdk installed, or skips (fails under A2A_CONFORM_REQUIRE_SDKS=1).
// root is the project root relative to the test's package directory, where
// go test runs; A2A_CONFORM_JS_SDK_DIR overrides the whole path.
func JSSDKDir(tb testing.TB, root string) string {
	tb.Helper()
	dir := os.Getenv(EnvJSSDKDir)
	if dir == "" {
		dir = filepath.Join(root, "runner", "adapters", "a2a-js")
	}
	if err := JSSDKInstalled(dir); err != nil {
		SDKMissing(tb, "@a2a-js/sdk is not installed in "+dir+" ("+err.Error()+"): run `make sdk-deps`")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		tb.Fatalf("resolve %s: %v", dir, err)
	}
	return abs
}

// JSSDKInstalled reports whether npm installed @a2a-js/sdk under dir.
func JSSDKInstalled(dir string) error {
	_, err := os.Stat(filepath.Join(dir, "node_modules", "@a2a-js", "sdk", "package.json"))
	return err
}

// NodePath returns the node executable on PATH, or skips (fails under
// A2A_CONFORM_REQUIRE_SDKS=1).
func NodePath(tb testing.TB) string {
	tb.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		SDKMissing(tb, "node is not on PATH: "+err.Error())
	}
	return node
}

// SDKMissing skips the test for why, or fails it when
// A2A_CONFORM_REQUIRE_SDKS=1 says the SDKs must be there.
func SDKMissing(tb testing.TB, why string) {
	tb.Helper()
	if os.Getenv(EnvRequireSDKs) == "1" {
		tb.Fatalf("%s (%s=1 requires the SDKs)", why, EnvRequireSDKs)
	}
	tb.Skip(why)
}
