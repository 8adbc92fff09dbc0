package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run writes report.html and text journals; `report` renders the same
// page again from the report folder.
func TestReportHTML(t *testing.T) {
	dir := t.TempDir()
	if code, out := runBinary(t, "run", "--label-filter", "scenario:version-skew", "--report-dir", dir); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, out)
	}
	for _, f := range []string{"report.html", "journals/version-skew.txt", "journals/version-skew.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("run wrote no %s", f)
		}
	}
	out := filepath.Join(t.TempDir(), "page.html")
	if code, msg := runBinary(t, "report", filepath.Join(dir, "report.json"), "-o", out); code != 0 {
		t.Fatalf("report: exit %d\n%s", code, msg)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<section class="scenario" id="version-skew">`) || !strings.Contains(string(page), "<svg") {
		t.Errorf("the rendered page lacks the scenario's diagram")
	}
	if code, _ := runBinary(t, "report", "-h"); code != 0 {
		t.Errorf("report -h: exit %d", code)
	}
	for _, bad := range [][]string{
		{"report"},
		{"report", filepath.Join(dir, "report.json")},
		{"report", filepath.Join(dir, "missing.json"), "-o", out},
		{"report", "-o", out, filepath.Join(dir, "report.json"), "extra"},
	} {
		if code, msg := runBinary(t, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, msg)
		}
	}
}
