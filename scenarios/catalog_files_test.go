package scenarios

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The catalog is one file per scenario, named after it: the file that
// registers a scenario registers no other, and is its ID with underscores
// (repointed-endpoint: repointed_endpoint.go). What several scenarios
// share lives in files whose names say what they hold (_family, _checks,
// checks, views, cards, scripts), never in a scenario's file.
func TestEveryScenarioHasItsOwnFile(t *testing.T) {
	registration := regexp.MustCompile(`(?m)^var _ = register\(`)
	scenarioID := regexp.MustCompile(`(?m)^\tID:\s+"([a-z0-9-]+)",$`)
	check := regexp.MustCompile(`(?m)^func .*\*Evidence\b`)
	registeredIn := map[string]string{}
	for f, raw := range catalogSources(t) {
		n := len(registration.FindAllIndex(raw, -1))
		ids := scenarioID.FindAllSubmatch(raw, -1)
		if n > 1 || n != len(ids) {
			t.Errorf("%s registers %d scenarios and names %d: want one file per scenario", f, n, len(ids))
		}
		if n > 0 && check.Match(raw) {
			t.Errorf("%s holds a check or a view: it goes in a _checks file, the scenario's file holds the scenario", f)
		}
		for _, id := range ids {
			registeredIn[string(id[1])] = f
		}
	}
	for _, sc := range Catalog() {
		want := strings.ReplaceAll(sc.ID, "-", "_") + ".go"
		if got := registeredIn[sc.ID]; got != want {
			t.Errorf("%s is registered in %q, want %s", sc.ID, got, want)
		}
	}
}

// catalogSources are the catalog's own files (this package's, tests left
// out), by name, as they are on disk.
func catalogSources(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sources := map[string][]byte{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources[f] = raw
	}
	return sources
}
