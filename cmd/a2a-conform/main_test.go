package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The command is tested as a user runs it: a built binary, its exit code,
// its output and the files it writes.

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "a2a-conform-cmd-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "a2a-conform")
	// The release's compile flags (tools/dist, make build): one compile of
	// the tree in the build cache serves all three.
	build := exec.Command("go", "build", "-trimpath", "-o", binary, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building a2a-conform: %v\n%s", err, out)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runBinary(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return 0, string(out)
}

func readReport(t *testing.T, dir string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestRunExitCodes(t *testing.T) {
	stale := filepath.Join(t.TempDir(), "stale.txt")
	os.WriteFile(stale, []byte("ROT-001 expected to fail, but the reference passes it\n"), 0o644)
	scoped := filepath.Join(t.TempDir(), "scoped.txt")
	os.WriteFile(scoped, []byte("no-validator/NOVAL-003 re-reads the card on every poll\n"), 0o644)
	unknown := filepath.Join(t.TempDir(), "unknown.txt")
	os.WriteFile(unknown, []byte("NOPE-001 no such requirement\n"), 0o644)

	cases := []struct {
		name string
		args []string
		want int
		out  string
	}{
		{"reference passes", []string{"run"}, 0, "0 failed"},
		{"in session mode the cache lasts", []string{"run", "--client", "builtin:ttl-cache"}, 1, mustFailuresLine},
		{"a stale known failure fails", []string{"run", "--known-failures", stale}, 1, "known-failures file is stale"},
		{"unknown requirement in the file", []string{"run", "--known-failures", unknown}, 2, "unknown requirement \"NOPE-001\""},
		{"bad level", []string{"run", "--level", "sometimes"}, 2, "unknown level"},
		{"bad profile", []string{"run", "--profile", "fast"}, 2, "unknown profile"},
		{"bad label filter", []string{"run", "--label-filter", "(("}, 2, "label filter"},
		{"bad builtin", []string{"run", "--client", "builtin:nope"}, 2, "nope"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"--strict fails on an unlisted SHOULD failure", []string{"run", "--strict", "--client", "builtin:refetch-every-transition", "--label-filter", "scenario:no-validator"}, 1, "not in the known-failures file"},
		{"--strict passes with it listed per scenario", []string{"run", "--strict", "--client", "builtin:refetch-every-transition", "--label-filter", "scenario:no-validator", "--known-failures", scoped}, 0, "known failures 1"},
		{"a narrow selection brings its positive control", []string{"run", "--client", "builtin:silent-abort-contract-changed", "--label-filter", "req:ROT-001"}, 1, "ROT-005"},
		{"general alone is judged with the positive controls", []string{"run", "--client", "builtin:silent-abort-untrusted-endpoint", "--profile", "general"}, 1, mustFailuresLine},
		{"the reference passes general with its controls", []string{"run", "--profile", "general", "--label-filter", "scenario:version-skew"}, 0, "0 failed"},
		{"SHOULD failures do not fail the run", []string{"run", "--client", "builtin:refetch-every-transition", "--label-filter", "scenario:no-validator"}, 0, "1 failed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := c.args
			if args[0] == "run" {
				args = append(args, "--report-dir", dir)
			}
			code, out := runBinary(t, args...)
			want := c.out
			if want == mustFailuresLine {
				want = mustFailuresOf(t, dir)
			}
			if code != c.want || !strings.Contains(out, want) {
				t.Errorf("exit %d, want %d; output should contain %q:\n%s", code, c.want, want, out)
			}
			if c.want != 2 && c.args[0] == "run" {
				rep := readReport(t, dir)
				if rep["schemaVersion"] != "a2a-conform.dev/report/v2" || int(rep["exitCode"].(float64)) != c.want {
					t.Errorf("report schema %v exit %v", rep["schemaVersion"], rep["exitCode"])
				}
				if _, err := os.Stat(filepath.Join(dir, "junit.xml")); err != nil {
					t.Error("no junit.xml")
				}
			}
		})
	}
}

// mustFailuresLine stands for the summary's count of MUST failures, which
// must be the count of failed MUST requirements in the report the run
// wrote, and not zero: the engine's verdict table pins which requirements
// each built-in client fails, so the command's tests need no count that
// every new scenario changes.
const mustFailuresLine = "MUST failures <from report.json>"

// mustFailuresOf is the summary line's MUST failures part for the report
// in dir, which must hold at least one.
func mustFailuresOf(t *testing.T, dir string) string {
	t.Helper()
	var n int
	for _, key := range failedIn(t, dir) {
		if key.level == "MUST" {
			n++
		}
	}
	if n == 0 {
		t.Errorf("the report in %s has no MUST failure", dir)
	}
	return fmt.Sprintf("MUST failures %d", n)
}

// failedRequirement is one failed requirement of a report.
type failedRequirement struct{ scenario, id, level string }

// failedIn lists the failed requirements of the report in dir.
func failedIn(t *testing.T, dir string) []failedRequirement {
	t.Helper()
	var failed []failedRequirement
	for _, sc := range readReport(t, dir)["scenarios"].([]any) {
		s := sc.(map[string]any)
		for _, r := range s["requirements"].([]any) {
			if req := r.(map[string]any); req["verdict"] == "fail" {
				failed = append(failed, failedRequirement{s["id"].(string), req["id"].(string), req["level"].(string)})
			}
		}
	}
	return failed
}

// A mutant's failures, written into a known-failures file as a vendor
// baselines theirs, are absorbed by the next run: exit 0, each one counted.
func TestKnownFailuresAbsorbAMutant(t *testing.T) {
	t.Parallel()
	mutant := []string{"run", "--client", "builtin:ttl-cache", "--client-mode", "one-shot"}
	first := t.TempDir()
	code, out := runBinary(t, append(mutant, "--report-dir", first)...)
	if want := mustFailuresOf(t, first); code != 1 || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want 1; output should contain %q:\n%s", code, want, out)
	}
	var lines []string
	failed := failedIn(t, first)
	for _, f := range failed {
		lines = append(lines, f.scenario+"/"+f.id+" the ttl-cache mutant trusts max-age\n")
	}
	known := filepath.Join(t.TempDir(), "known.txt")
	if err := os.WriteFile(known, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out = runBinary(t, append(mutant, "--known-failures", known, "--report-dir", t.TempDir())...)
	if want := fmt.Sprintf("known failures %d", len(failed)); code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 0; output should contain %q:\n%s", code, want, out)
	}
}

// The reference client as a subprocess: the driver contract end to end.
func TestRunSubprocessClient(t *testing.T) {
	dir := t.TempDir()
	code, out := runBinary(t, "run", "--client", binary+" client", "--report-dir", dir)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	rep := readReport(t, dir)
	if !strings.HasSuffix(rep["client"].(map[string]any)["name"].(string), " client") {
		t.Errorf("client identity %v", rep["client"])
	}
	journals, _ := filepath.Glob(filepath.Join(dir, "journals", "*.jsonl"))
	if len(journals) < 10 {
		t.Errorf("%d journals written, want one per scenario", len(journals))
	}
}

func TestRunSelection(t *testing.T) {
	dir := t.TempDir()
	code, out := runBinary(t, "run", "--profile", "core", "--level", "must", "--label-filter", "scenario:rotation-during-send", "--report-dir", dir)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, sc := range readReport(t, dir)["scenarios"].([]any) {
		s := sc.(map[string]any)
		for _, r := range s["requirements"].([]any) {
			req := r.(map[string]any)
			selected := s["id"] == "rotation-during-send" && req["level"] == "MUST" && req["profile"] == "core"
			if (req["verdict"] != "skipped") != selected {
				t.Errorf("%s/%s is %s", s["id"], req["id"], req["verdict"])
			}
		}
	}
}

func TestList(t *testing.T) {
	code, out := runBinary(t, "list", "--label-filter", "scenario:rotation-during-send")
	if code != 0 || !strings.Contains(out, "ROT-001") || strings.Contains(out, "DRIFT-001") {
		t.Errorf("list --label-filter scenario:...: exit %d\n%s", code, out)
	}
	code, out = runBinary(t, "list", "--format", "json", "--level", "must")
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) == 0 {
		t.Fatalf("list json: exit %d\n%s", code, out)
	}
	for _, r := range rows {
		if r["level"] != "MUST" {
			t.Errorf("--level must listed %s %s", r["id"], r["level"])
		}
	}
	for _, args := range [][]string{{"--label-filter", "scenario:nope"}, {"--format", "yaml"}, {"--profile", "fast"}, {"extra"}} {
		if code, out = runBinary(t, append([]string{"list"}, args...)...); code != 2 {
			t.Errorf("list %v: exit %d, want 2\n%s", args, code, out)
		}
	}
}

// The standalone peer: banner, a real card over TLS, the journal streamed
// and kept in a ring, the admin API behind its secret, a clean stop on SIGINT.
func TestPeer(t *testing.T) {
	p := startProcess(t, exec.Command(binary, "peer", "--scenario", "rotation-during-send", "--dir", t.TempDir(), "--journal-limit", "2"))
	next := func() string { return p.next(t, 20*time.Second) }
	b := readPeerBanner(t, p)
	cardURL, caFile, adminURL, secret := b.cardURL, b.caFile, b.adminURL, b.secret
	if want := adminURL + "/_conform/live?key=" + secret; b.liveURL != want {
		t.Errorf("banner: live view %q, want %q", b.liveURL, want)
	}
	pem, err := os.ReadFile(caFile)
	if err != nil || cardURL == "" {
		t.Fatalf("banner: card %q, CA %q: %v", cardURL, caFile, err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := hc.Get(cardURL)
	if err != nil || resp.StatusCode != 200 || resp.Header.Get("ETag") == "" {
		t.Fatalf("card: %v %v", resp, err)
	}
	resp.Body.Close()
	if l := next(); !strings.Contains(l, "GET /.well-known/agent-card.json → 200") {
		t.Errorf("journal line %q", l)
	}
	checkPeerAdmin(t, hc, cardURL, adminURL, secret, next)
	p.stop(t, syscall.SIGINT, "stopping")
}

// checkPeerAdmin: two more exchanges push the first out of a ring of two;
// the admin API answers its secret only, and only on its own listener.
func checkPeerAdmin(t *testing.T, hc *http.Client, cardURL, adminURL, secret string, next func() string) {
	t.Helper()
	origin := strings.TrimSuffix(cardURL, "/.well-known/agent-card.json")
	for _, url := range []string{origin + "/_conform/journal", adminURL + "/_conform/journal"} {
		resp, err := hc.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if want := map[bool]int{true: 404, false: 401}[strings.HasPrefix(url, origin)]; resp.StatusCode != want {
			t.Errorf("GET %s without the secret: %d, want %d", url, resp.StatusCode, want)
		}
		next()
	}
	req, _ := http.NewRequest(http.MethodGet, adminURL+"/_conform/journal", nil)
	req.Header.Set("Authorization", "Bearer "+secret)
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// The client's connections are journaled too, as each ends.
	var counts struct{ Seen, Whole, Dropped int }
	_ = json.Unmarshal([]byte(resp.Header.Get("X-Journal-Counts")), &counts)
	if n := strings.Count(string(body), "\n"); resp.StatusCode != 200 || n != 2 || counts.Whole != 2 || counts.Seen < 3 || counts.Dropped != counts.Seen-2 {
		t.Errorf("admin journal: %d, %d lines, counts %s; want 200, a ring of 2, the rest dropped", resp.StatusCode, n, resp.Header.Get("X-Journal-Counts"))
	}
	next()
}
