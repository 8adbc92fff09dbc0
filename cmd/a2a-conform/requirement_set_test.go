package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Each suite release's requirement set is checked in: the file of this
// version is what the catalog generates (regenerate it while the version is
// unreleased: make docs), and every other release's file stays readable,
// named after the version it holds.
func TestRequirementSetsFrozen(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"list", "--format", "requirement-set"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	current := filepath.Join("..", "..", "fixtures", "requirements", "v"+report.SuiteVersion+".json")
	raw, err := os.ReadFile(current)
	if err != nil {
		t.Fatalf("no requirement set for suite version %s: %v (run make docs)", report.SuiteVersion, err)
	}
	if !bytes.Equal(raw, stdout.Bytes()) {
		t.Errorf("%s is not the catalog's requirement set: run make docs (a released version's set never changes: bump report.SuiteVersion instead)", current)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "fixtures", "requirements", "v*.json"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var set scenarios.RequirementSet
		if err := json.Unmarshal(b, &set); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if want := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "v"), ".json"); set.SuiteVersion != want || len(set.Requirements) == 0 || set.Digest == "" {
			t.Errorf("%s: suite version %q, %d requirements, digest %q", f, set.SuiteVersion, len(set.Requirements), set.Digest)
		}
	}
}
