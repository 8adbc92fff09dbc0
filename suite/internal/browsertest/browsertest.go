// Package browsertest is what the suite's headless-Chromium checks share:
// finding Chromium, the rule that where it is required the checks run and
// never skip, and where screenshots are kept as artifacts.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Environment of the browser checks. RequireEnv set to 1 (make test does)
// makes a missing Chromium a failure; ArtifactsEnv, if set, is a folder
// that keeps the screenshots.
const (
	RequireEnv   = "A2A_CONFORM_REQUIRE_BROWSER"
	ArtifactsEnv = "A2A_CONFORM_ARTIFACTS"
)

// Chromium is the path of a Chromium on PATH. Without one the test is
// skipped, or failed when RequireEnv is 1.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("no Chromium on PATH and %s=1", RequireEnv)
	}
	t.Skip("no Chromium on PATH")
	return ""
}

// KeepArtifact writes data as name into the ArtifactsEnv folder, if set.
func KeepArtifact(t testing.TB, name string, data []byte) {
	t.Helper()
	keep := os.Getenv(ArtifactsEnv)
	if keep == "" {
		return
	}
	if err := os.MkdirAll(keep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(keep, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Run runs headless Chromium with args, in a profile of its own, and
// returns what it printed (--dump-dom prints the DOM on stdout).
func Run(t testing.TB, bin string, args ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"--headless", "--no-sandbox", "--disable-gpu",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}, args...)...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errOut.String())
	}
	return out.String(), errOut.String()
}
