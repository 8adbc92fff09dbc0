package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// run --explore prints its seed, records it and the variants' parameters
// in report.json, and replays: the same seed and N play the same variants.
func TestRunExplorePrintsAndReplaysItsSeed(t *testing.T) {
	first, second := t.TempDir(), t.TempDir()
	code, out := runBinary(t, "run", "--explore", "6", "--label-filter", "catalog:explore", "--report-dir", first)
	seed := regexp.MustCompile(`explore: seed (\d+), 6 generated variant`).FindStringSubmatch(out)
	if code != 0 || seed == nil {
		t.Fatalf("exit %d, no seed printed:\n%s", code, out)
	}
	if code, out := runBinary(t, "run", "--explore", "6", "--seed", seed[1], "--label-filter", "catalog:explore", "--report-dir", second); code != 0 {
		t.Fatalf("replay: exit %d:\n%s", code, out)
	}
	ids := func(dir string) []string {
		var out []string
		for _, sc := range readReport(t, dir)["scenarios"].([]any) {
			m := sc.(map[string]any)
			if m["params"] != nil {
				out = append(out, m["id"].(string))
			}
		}
		return out
	}
	a, b := ids(first), ids(second)
	if len(a) != 6 || strings.Join(a, " ") != strings.Join(b, " ") {
		t.Errorf("variants %v, replayed %v", a, b)
	}
	x, _ := readReport(t, second)["explore"].(map[string]any)
	if x == nil || x["replay"] != "--explore 6 --seed "+seed[1] {
		t.Errorf("report.json explore = %v", x)
	}
	junit, _ := os.ReadFile(filepath.Join(second, "junit.xml"))
	if !strings.Contains(string(junit), `<property name="seed" value="`+seed[1]+`">`) {
		t.Error("junit.xml has no seed property")
	}
}

func TestRunExploreRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--seed", "3"}, {"--explore", "1"}, {"--explore", "-4"}} {
		if code, out := runBinary(t, append([]string{"run", "--report-dir", t.TempDir()}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, code, out)
		}
	}
}
