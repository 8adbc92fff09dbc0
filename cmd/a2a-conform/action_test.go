package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The composite action at the repository root (action.yml), step by step
// under a simulated runner: its scripts, with the runner's environment
// (RUNNER_TEMP, RUNNER_OS, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, ...) and
// the action's inputs as the runner passes them, against the binary built
// here.

func readAction(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// declaredInputs are the inputs action.yml declares, with their defaults.
func declaredInputs(action string) map[string]string {
	block := action[strings.Index(action, "inputs:"):strings.Index(action, "outputs:")]
	out := map[string]string{}
	re := regexp.MustCompile(`(?m)^  ([a-z-]+):\n(?:    [a-z]+: .*\n)*?    default: (.*)$`)
	for _, m := range re.FindAllStringSubmatch(block, -1) {
		out[m[1]] = strings.Trim(m[2], `"'`)
	}
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z-]+):$`).FindAllStringSubmatch(block, -1) {
		if _, ok := out[m[1]]; !ok {
			out[m[1]] = ""
		}
	}
	return out
}

// Every input used is declared, and every flag of run a vendor needs has
// an input: a flag added to run without one fails here.
func TestActionInputs(t *testing.T) {
	action := readAction(t)
	declared := declaredInputs(action)
	for _, m := range regexp.MustCompile(`inputs\.([a-z-]+)`).FindAllStringSubmatch(action, -1) {
		if _, ok := declared[m[1]]; !ok {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	// Flags the action sets itself or that make no sense in it.
	notInputs := map[string]bool{"junit": true, "json": true, "v": true, "no-color": true}
	var stderr bytes.Buffer
	dispatch([]string{"run", "-h"}, io.Discard, &stderr)
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(stderr.String(), -1) {
		if _, ok := declared[m[1]]; !ok && !notInputs[m[1]] {
			t.Errorf("run --%s has no input in action.yml", m[1])
		}
	}
	// The simulated runner passes input x as INPUT_X, as the steps' env
	// blocks must map it.
	for _, m := range regexp.MustCompile(`(?m)^        (INPUT_[A-Z_]+): \$\{\{ inputs\.([a-z-]+) \}\}$`).FindAllStringSubmatch(action, -1) {
		if want := "INPUT_" + strings.ToUpper(strings.ReplaceAll(m[2], "-", "_")); m[1] != want {
			t.Errorf("the env block maps inputs.%s to %s, want %s", m[2], m[1], want)
		}
	}
}

// simulatedRunner runs the steps of action.yml by name in one job's
// environment, as GitHub's runner does for a composite action.
type simulatedRunner struct {
	t              *testing.T
	action         string
	temp           string
	output, digest string // GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files
	env            []string
}

func newSimulatedRunner(t *testing.T, inputs map[string]string) *simulatedRunner {
	action := readAction(t)
	temp := t.TempDir()
	r := &simulatedRunner{t: t, action: action, temp: temp,
		output: filepath.Join(temp, "github-output"), digest: filepath.Join(temp, "step-summary")}
	r.env = append(os.Environ(), "RUNNER_TEMP="+temp, "RUNNER_OS=Linux", "RUNNER_ARCH=X64",
		"GITHUB_OUTPUT="+r.output, "GITHUB_STEP_SUMMARY="+r.digest, "GITHUB_JOB=conformance")
	for name, def := range declaredInputs(action) {
		v, ok := inputs[name]
		if !ok {
			v = def
		}
		r.env = append(r.env, "INPUT_"+strings.ToUpper(strings.ReplaceAll(name, "-", "_"))+"="+v)
	}
	return r
}

// step runs the script of the step named name with extra environment and
// returns its exit code and output; GITHUB_OUTPUT starts empty.
func (r *simulatedRunner) step(name string, env ...string) (int, string) {
	r.t.Helper()
	if err := os.WriteFile(r.output, nil, 0o644); err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", stepScript(r.t, r.action, name))
	cmd.Env = append(r.env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		}
		r.t.Fatal(err)
	}
	return 0, string(out)
}

func (r *simulatedRunner) outputs() map[string]string {
	raw, _ := os.ReadFile(r.output)
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			out[k] = v
		}
	}
	return out
}

// A version tag installs the release binary after checking it against the
// release's SHA256SUMS; a branch, a missing release or a bad checksum
// builds from source instead.
func TestActionInstallsTheRelease(t *testing.T) {
	releases := t.TempDir()
	dir := filepath.Join(releases, "v9.8.7")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	archive := "a2a-conform_9.8.7_linux_amd64.tar.gz"
	if out, err := exec.Command("tar", "-czf", filepath.Join(dir, archive), "-C", filepath.Dir(binary), filepath.Base(binary)).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(dir, archive))
	sum := sha256.Sum256(data)
	writeSums := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(s+"  "+archive+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base := "A2A_CONFORM_RELEASE_BASE=file://" + releases
	cases := []struct {
		name, ref, sums string
		installed       bool
	}{
		{"release", "v9.8.7", hex.EncodeToString(sum[:]), true},
		{"bad checksum", "v9.8.7", strings.Repeat("0", 64), false},
		{"no release", "v1.2.3", hex.EncodeToString(sum[:]), false},
		{"branch", "main", hex.EncodeToString(sum[:]), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			writeSums(c.sums)
			r := newSimulatedRunner(t, map[string]string{"client": "builtin:reference"})
			if code, out := r.step("Install a2a-conform", base, "ACTION_REF="+c.ref); code != 0 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			if got := r.outputs()["installed"]; got != map[bool]string{true: "true", false: "false"}[c.installed] {
				t.Fatalf("installed=%s, want %v", got, c.installed)
			}
			_, err := os.Stat(filepath.Join(r.temp, "a2a-conform"))
			if c.installed != (err == nil) {
				t.Errorf("binary in RUNNER_TEMP: %v, want installed %v", err, c.installed)
			}
		})
	}
}

// The run step as a vendor's workflow uses it: every input reaches the
// command line, the exit code and a unique artifact name are outputs, the
// job summary holds the verdicts, and failures are annotated.
func TestActionRunsTheCatalog(t *testing.T) {
	play := func(inputs map[string]string) (*simulatedRunner, int, string) {
		r := newSimulatedRunner(t, inputs)
		if err := os.Symlink(binary, filepath.Join(r.temp, "a2a-conform")); err != nil {
			t.Fatal(err)
		}
		code, out := r.step("Run the catalog")
		return r, code, out
	}
	reports := filepath.Join(t.TempDir(), "reports")
	r, code, out := play(map[string]string{
		"client": "builtin:reference", "level": "must", "profile": "core", "bindings": "jsonrpc,http+json",
		"label-filter": "!scenario:frozen-contract-extension", "strict": "true", "label": "reference under test",
		"parallel": "2", "spec-version": "1.0", "report-dir": reports, "acts-report": filepath.Join(reports, "acts"),
	})
	if code != 0 {
		t.Fatalf("the run step: exit %d\n%s", code, out)
	}
	got := r.outputs()
	if got["exit-code"] != "0" || !strings.HasPrefix(got["artifact-name"], "a2a-conform-report-conformance-") {
		t.Errorf("outputs = %v", got)
	}
	raw, err := os.ReadFile(filepath.Join(reports, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if sel := readReport(t, reports)["selection"].(map[string]any); sel["specVersion"] != "1.0" {
		t.Errorf("selection %v: the spec-version input did not reach the command line", sel)
	}
	for _, want := range []string{`"label": "reference under test"`, `"strict": true`, `"labelFilter": "!scenario:frozen-contract-extension"`,
		`"bindings": [`} {
		if !bytes.Contains(raw, []byte(want)) {
			t.Errorf("report.json lacks %s: an input did not reach the command line", want)
		}
	}
	if acts, _ := filepath.Glob(filepath.Join(reports, "acts", "acts-report-*-jsonrpc-*.json")); len(acts) != 1 {
		t.Errorf("the acts-report input wrote %v, want one JSON-RPC document", acts)
	}
	digest, _ := os.ReadFile(r.digest)
	if !strings.Contains(string(digest), "### a2a-conform: reference under test — passed") ||
		!strings.Contains(string(digest), "| `rotation-during-send` |") {
		t.Errorf("job summary:\n%s", digest)
	}

	// A failing client: exit 1, its failures annotated and summarised, and
	// another set of inputs another artifact name.
	r2, code, out := play(map[string]string{"client": "builtin:follow-url", "report-dir": filepath.Join(t.TempDir(), "r")})
	if code != 1 {
		t.Fatalf("follow-url: exit %d, want 1\n%s", code, out)
	}
	if !strings.Contains(out, "::error title=a2a-conform REPOINT-001 in repointed-endpoint::") {
		t.Errorf("no annotation of REPOINT-001 in the step's output:\n%s", out)
	}
	digest, _ = os.ReadFile(r2.digest)
	if !strings.Contains(string(digest), "#### Failures") || !strings.Contains(string(digest), "docs/requirements.md#repoint-001") {
		t.Errorf("job summary of a failing run:\n%s", digest)
	}
	if name := r2.outputs()["artifact-name"]; name == got["artifact-name"] || name == "" {
		t.Errorf("two runs with other inputs share the artifact name %q", name)
	}
	r3, _, _ := play(map[string]string{"client": "builtin:follow-url", "artifact-name": "mine", "summary": "false",
		"report-dir": filepath.Join(t.TempDir(), "r")})
	if name := r3.outputs()["artifact-name"]; name != "mine" {
		t.Errorf("artifact-name input: output %q", name)
	}
	if digest, _ := os.ReadFile(r3.digest); len(digest) != 0 {
		t.Errorf("summary false still wrote the job summary:\n%s", digest)
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
		if !strings.HasPrefix(l, "        ") && l != "" {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "        "))
	}
	return strings.Join(lines, "\n")
}
