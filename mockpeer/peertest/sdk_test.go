package peertest

import (
	"errors"
	"path/filepath"
	"testing"
)

// TestFindJSSDKMissing: a folder without the SDK is a skip, unless the
// environment requires the SDKs.
func TestFindJSSDKMissing(t *testing.T) {
	for _, tc := range []struct {
		require  string
		wantSkip bool
	}{{"", true}, {"0", true}, {"1", false}} {
		t.Setenv(EnvRequireSDKs, tc.require)
		_, err := FindJSSDK(t.TempDir())
		if err == nil || errors.Is(err, ErrSkip) != tc.wantSkip {
			t.Errorf("%s=%q: error %v, want one that skips: %v", EnvRequireSDKs, tc.require, err, tc.wantSkip)
		}
	}
}

func TestJSSDKDir(t *testing.T) {
	t.Setenv(EnvJSSDKDir, "")
	if got := JSSDKDir("root"); got != filepath.Join("root", "runner", "adapters", "a2a-js") {
		t.Errorf("JSSDKDir(root) = %q", got)
	}
	t.Setenv(EnvJSSDKDir, "/elsewhere")
	if got := JSSDKDir("root"); got != "/elsewhere" {
		t.Errorf("with %s set: %q", EnvJSSDKDir, got)
	}
}
