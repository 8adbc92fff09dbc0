package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/suite/report/actsgrammar"
)

// run --acts-report writes the draft's documents; report --acts-report
// renders the same bytes again from report.json.
func TestRunAndReportWriteACTS(t *testing.T) {
	dir := t.TempDir()
	acts := filepath.Join(dir, "acts")
	if code, out := runBinary(t, "run", "--label-filter", "scenario:version-skew", "--label", "my-sdk 1.2.3",
		"--report-dir", dir, "--acts-report", acts); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, out)
	}
	written := actsFiles(t, acts)
	if len(written) != 1 {
		t.Fatalf("run wrote %v, want one document (the reference client speaks JSON-RPC)", slices.Collect(maps.Keys(written)))
	}
	for name, raw := range written {
		if err := actsgrammar.ValidateFile(name, raw); err != nil {
			t.Error(err)
		}
	}
	again := filepath.Join(t.TempDir(), "again")
	if code, msg := runBinary(t, "report", filepath.Join(dir, "report.json"), "--acts-report", again); code != 0 {
		t.Fatalf("report: exit %d\n%s", code, msg)
	}
	rendered := actsFiles(t, again)
	for name, raw := range written {
		if !bytes.Equal(raw, rendered[name]) {
			t.Errorf("report --acts-report rendered %s differently (or not at all)", name)
		}
	}
	blocker := filepath.Join(dir, "blocker")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _ := runBinary(t, "report", filepath.Join(dir, "report.json"), "--acts-report", blocker); code != 2 {
		t.Errorf("report into a file: exit %d, want 2", code)
	}
	if code, _ := runBinary(t, "run", "--label-filter", "scenario:version-skew", "--report-dir", dir, "--acts-report", blocker); code != 2 {
		t.Errorf("run into a file: exit %d, want 2", code)
	}
}

func actsFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = raw
	}
	return out
}
