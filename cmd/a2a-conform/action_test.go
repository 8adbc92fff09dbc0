package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The composite action at the repository root (action.yml) runs the
// command as a vendor's workflow would: its script, with the action's
// inputs in the environment, against the binary built here.
func TestActionRunsTheCatalog(t *testing.T) {
	raw, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	action := string(raw)
	declared := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z-]+):$`).FindAllStringSubmatch(action[strings.Index(action, "inputs:"):strings.Index(action, "outputs:")], -1) {
		declared[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`inputs\.([a-z-]+)`).FindAllStringSubmatch(action, -1) {
		if !declared[m[1]] {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	script := stepScript(t, action, "Run the catalog")
	temp := t.TempDir()
	if err := os.Symlink(binary, filepath.Join(temp, "a2a-conform")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(temp, "github-output")
	reports := filepath.Join(temp, "reports")
	cmd := exec.Command("bash", "-e", "-c", script)
	cmd.Env = append(os.Environ(), "RUNNER_TEMP="+temp, "GITHUB_OUTPUT="+out,
		"INPUT_CLIENT=builtin:reference", "INPUT_CLIENT_MODE=", "INPUT_LEVEL=must", "INPUT_PROFILE=core",
		"INPUT_KNOWN_FAILURES=", "INPUT_REPORT_DIR="+reports, "INPUT_ACTS_REPORT="+filepath.Join(reports, "acts"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the action's script: %v\n%s", err, b)
	}
	if got, _ := os.ReadFile(out); strings.TrimSpace(string(got)) != "exit-code=0" {
		t.Errorf("GITHUB_OUTPUT = %q, want exit-code=0", got)
	}
	if _, err := os.Stat(filepath.Join(reports, "report.json")); err != nil {
		t.Error(err)
	}
	if acts, _ := filepath.Glob(filepath.Join(reports, "acts", "acts-report-*-jsonrpc-*.json")); len(acts) != 1 {
		t.Errorf("the acts-report input wrote %v, want one JSON-RPC document", acts)
	}
}

// stepScript is the `run: |` block of the step named name, dedented.
func stepScript(t *testing.T, action, name string) string {
	t.Helper()
	i := strings.Index(action, "- name: "+name)
	if i < 0 {
		t.Fatalf("action.yml has no step %q", name)
	}
	rest := action[i:]
	j := strings.Index(rest, "run: |\n")
	if j < 0 {
		t.Fatalf("step %q has no script", name)
	}
	var lines []string
	for _, l := range strings.Split(rest[j+len("run: |\n"):], "\n") {
		if !strings.HasPrefix(l, "        ") {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "        "))
	}
	return strings.Join(lines, "\n")
}
