package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run writes report.html and text journals; `report` renders the same
// page again from its report.json or from the report folder itself.
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
	for _, from := range []string{filepath.Join(dir, "report.json"), dir} {
		if code, msg := runBinary(t, "report", from, "-o", out); code != 0 {
			t.Fatalf("report %s: exit %d\n%s", from, code, msg)
		}
		page, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), `<section class="scenario" id="version-skew">`) || !strings.Contains(string(page), "<svg") {
			t.Errorf("the page rendered from %s lacks the scenario's diagram", from)
		}
		os.Remove(out)
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

// Without what to write (or what to read), report and merge say what is
// missing on their first line, before the usage text.
func TestMissingOutputSaysWhatIsMissing(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", "a/report.json", "b/report.json"}, "a2a-conform: merge: -o DIR (the report folder to write) is required"},
		{[]string{"merge", "-o", "out"}, "a2a-conform: merge: no shard report given (REPORT.json or SHARD-DIR)"},
		{[]string{"report", "x/report.json"}, "a2a-conform: report: nothing to write: give -o FILE.html, --acts-report DIR or both"},
		{[]string{"report", "-o", "page.html"}, "a2a-conform: report: no report given (REPORT.json or its folder)"},
	} {
		var stdout, stderr bytes.Buffer
		code := dispatch(c.args, &stdout, &stderr)
		first, rest, _ := strings.Cut(stderr.String(), "\n")
		if code != 2 || first != c.want || !strings.HasPrefix(rest, "Usage: a2a-conform "+c.args[0]) {
			t.Errorf("%v: exit %d, want 2 with %q first, then the usage:\n%s", c.args, code, c.want, stderr.String())
		}
	}
}
