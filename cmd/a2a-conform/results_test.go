package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A labelled run with flat security scopes is recorded as such, and the
// results page renders it; bad flags are configuration errors.
func TestRunLabelScopesAndResults(t *testing.T) {
	dir := t.TempDir()
	code, out := runBinary(t, "run", "--label", "reference 1.0", "--security-scopes", "flat",
		"--label-filter", "scenario:version-skew", "--report-dir", dir)
	if code != 0 || !strings.Contains(out, "security scopes flat") {
		t.Fatalf("run: exit %d\n%s", code, out)
	}
	rep := readReport(t, dir)
	if rep["client"].(map[string]any)["label"] != "reference 1.0" || rep["selection"].(map[string]any)["securityScopes"] != "flat" {
		t.Errorf("client %v, selection %v", rep["client"], rep["selection"])
	}

	code, page := runBinary(t, "results", filepath.Join(dir, "report.json"))
	if code != 0 {
		t.Fatalf("results: exit %d\n%s", code, page)
	}
	if strings.Contains(page, "SDK") {
		t.Errorf("the results page of a client's runs speaks of SDKs:\n%s", page)
	}
	if code, sdks := runBinary(t, "results", "--sdks", filepath.Join(dir, "report.json")); code != 0 || !strings.HasPrefix(sdks, "# Results: the official A2A client SDKs\n") {
		t.Errorf("results --sdks: exit %d, want the SDK page's title:\n%s", code, sdks)
	}
	for _, want := range []string{"# Results", "| reference 1.0 | session | flat |", "## reference 1.0, session mode, flat security scopes",
		"| version-skew | [SKEW-002](requirements.md#skew-002) | MUST | pass |"} {
		if !strings.Contains(page, want) {
			t.Errorf("results page lacks %q:\n%s", want, page)
		}
	}

	for _, bad := range [][]string{
		{"run", "--security-scopes", "nested", "--report-dir", t.TempDir()},
		{"results"},
		{"results", filepath.Join(dir, "missing.json")},
	} {
		if code, out := runBinary(t, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, out)
		}
	}
}
