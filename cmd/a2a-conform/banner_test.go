package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ginkgo's banner agrees with the exit code: SUCCESS! on a run whose only
// failures are SHOULDs (exit 0), FAIL! on one whose known-failures file is
// stale (exit 1); and --no-color holds on every error path.
func TestBannerAgreesWithExitCode(t *testing.T) {
	code, out := runBinary(t, "run", "--client", "builtin:no-frozen-contract", "--report-dir", t.TempDir())
	if code != 0 || !strings.Contains(out, "SUCCESS!") || strings.Contains(out, "FAIL!") {
		t.Errorf("a run failing SHOULDs only: exit %d, banner:\n%s", code, lastLines(out, 4))
	}
	if !strings.Contains(out, "2 failed") {
		t.Errorf("the SHOULD failures are not counted:\n%s", lastLines(out, 4))
	}
	known := filepath.Join(t.TempDir(), "known.txt")
	if err := os.WriteFile(known, []byte("ROT-001 stale on purpose\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out = runBinary(t, "run", "--known-failures", known, "--report-dir", t.TempDir())
	if code != 1 || !strings.Contains(out, "FAIL!") || strings.Contains(out, "SUCCESS!") {
		t.Errorf("a stale known-failures file: exit %d, banner:\n%s", code, lastLines(out, 6))
	}
	code, out = runBinary(t, "run", "--no-color", "--label-filter", "scenario:(")
	if code != 2 || strings.Contains(out, "\x1b[") || !strings.Contains(out, "Syntax Error Parsing Label Filter") {
		t.Errorf("a bad label filter with --no-color: exit %d, output %q", code, out)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}
