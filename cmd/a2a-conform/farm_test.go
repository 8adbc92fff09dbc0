package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runningFarm is an `a2a-conform farm` process, serving, with what its
// banner and index told.
type runningFarm struct {
	*process // its lines after the banner
	index    farmIndex
	secret   string
	live     string       // the banner's live view URL
	client   *http.Client // trusts the CA file the index names
}

// startFarmCmd runs the farm with --index and waits for its banner: the
// index exists by then, since the banner follows it.
func startFarmCmd(t *testing.T, args ...string) *runningFarm {
	t.Helper()
	indexFile := filepath.Join(t.TempDir(), "farm.json")
	f := &runningFarm{process: startProcess(t,
		exec.Command(binary, append([]string{"farm", "--index", indexFile, "--dir", t.TempDir()}, args...)...))}
	for banner := true; banner; {
		l := f.next(t, 60*time.Second)
		if m := regexp.MustCompile(`admin secret .*: (\S+)`).FindStringSubmatch(l); m != nil {
			f.secret = m[1]
		}
		if m := regexp.MustCompile(`live view .*: (https://\S+)`).FindStringSubmatch(l); m != nil {
			f.live = m[1]
		}
		banner = !strings.HasPrefix(l, "serving")
	}
	raw, err := os.ReadFile(indexFile)
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(indexFile); info.Mode().Perm() != 0o600 {
		t.Errorf("index mode %v, want 0600: it holds the credentials", info.Mode().Perm())
	}
	if err := json.Unmarshal(raw, &f.index); err != nil {
		t.Fatalf("index: %v\n%s", err, raw)
	}
	if strings.Contains(string(raw), f.secret) {
		t.Error("the index holds the admin secret")
	}
	pem, err := os.ReadFile(f.index.CAFile)
	if err != nil {
		t.Fatalf("the index's CA file: %v", err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}
	t.Cleanup(tr.CloseIdleConnections)
	f.client = &http.Client{Transport: tr, Timeout: 20 * time.Second}
	return f
}

// call answers the status, body and headers of one request, with the
// admin secret when admin.
func (f *runningFarm) call(t *testing.T, method, url string, admin bool) (int, []byte, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	if admin {
		req.Header.Set("Authorization", "Bearer "+f.secret)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body, resp.Header
}

// Fifty copies of a scenario: an index whose every card URL serves a card
// trusted by the index's CA, the admin API over the whole farm, a clean
// stop on SIGTERM.
func TestFarm(t *testing.T) {
	f := startFarmCmd(t, "--scenario", "rotation-during-send", "--peers", "50")
	idx := f.index
	if len(idx.Peers) != 50 || idx.Scenarios["rotation-during-send"].Credentials["A2A_CONFORM_OAUTH_CLIENT_ID"] == "" {
		t.Fatalf("index: %d peers, scenarios %+v; want 50 and the scenario's OAuth credentials", len(idx.Peers), idx.Scenarios)
	}
	cards := map[string]bool{}
	for _, p := range idx.Peers {
		status, body, _ := f.call(t, http.MethodGet, p.CardURL, false)
		if status != http.StatusOK || p.Scenario != "rotation-during-send" || len(p.Origins) != 1 {
			t.Fatalf("peer %s (%s, %d origins): card %d", p.Name, p.Scenario, len(p.Origins), status)
		}
		cards[string(body)] = true
	}
	if len(cards) != 50 {
		t.Errorf("%d distinct cards for 50 copies: each copy's card names its own origin", len(cards))
	}

	version := func(peer string) string {
		status, _, h := f.call(t, http.MethodGet, idx.AdminURL+"/_conform/card?peer="+peer, true)
		if status != http.StatusOK {
			t.Fatalf("admin card of %s: %d", peer, status)
		}
		return h.Get("X-Card-Version")
	}
	if status, body, _ := f.call(t, http.MethodPost, idx.AdminURL+"/_conform/rotate?peer=7-A&to=1", true); status != http.StatusOK {
		t.Fatalf("admin rotate of 7-A: %d %s", status, body)
	}
	if v7, v8 := version("7-A"), version("8-A"); v7 != "1" || v8 != "0" {
		t.Errorf("after rotating 7-A: versions %s and %s, want 1 and 0", v7, v8)
	}
	if status, body, _ := f.call(t, http.MethodPost, idx.AdminURL+"/_conform/rotate?all&to=next", true); status != http.StatusOK {
		t.Fatalf("admin rotate of every peer: %d %s", status, body)
	}
	if v7, v8 := version("7-A"), version("8-A"); v7 != "0" || v8 != "1" {
		t.Errorf("after rotating every peer to its next: versions %s and %s, want 0 and 1", v7, v8)
	}
	_, journal, _ := f.call(t, http.MethodGet, idx.AdminURL+"/_conform/journal?peer=7-A", true)
	lines := strings.Split(strings.TrimSpace(string(journal)), "\n")
	for _, l := range lines {
		if !strings.Contains(l, `"peer":"7-A"`) {
			t.Errorf("journal of 7-A holds %s", l)
		}
	}
	if len(lines) < 2 { // its card, and the admin calls naming it
		t.Errorf("journal of 7-A: %d lines", len(lines))
	}
	// One copy's peer turns impostor; the others keep their certificate.
	if status, body, _ := f.call(t, http.MethodPost, idx.AdminURL+"/_conform/impostor?peer=7-A", true); status != http.StatusOK {
		t.Fatalf("admin impostor of 7-A: %d %s", status, body)
	}
	impostor, other := idx.Peers[6].Origins["7-A"], idx.Peers[7].Origins["8-A"]
	var unknown x509.UnknownAuthorityError
	if _, err := f.client.Get(impostor + "/.well-known/agent-card.json"); impostor == "" || !errors.As(err, &unknown) {
		t.Errorf("card of 7-A (%q) under the impostor: %v, want an unknown authority", impostor, err)
	}
	if status, _, _ := f.call(t, http.MethodGet, other+"/.well-known/agent-card.json", false); status != http.StatusOK {
		t.Errorf("card of 8-A beside the impostor: %d", status)
	}
	f.stop(t, syscall.SIGTERM, "stopping")
}

// --rotate-every cycles the peers through their cards with no one asking;
// several scenarios are dealt to the copies in turn.
func TestFarmRotatesOnSchedule(t *testing.T) {
	f := startFarmCmd(t, "--scenario", "rotation-during-send,skill-reorganization", "--peers", "3", "--rotate-every", "20ms")
	var got []string
	for _, p := range f.index.Peers {
		got = append(got, p.Name+":"+p.Scenario)
	}
	if want := "1:rotation-during-send 2:skill-reorganization 3:rotation-during-send"; strings.Join(got, " ") != want {
		t.Errorf("copies %q, want %q", got, want)
	}
	url := f.index.Peers[0].CardURL
	_, first, _ := f.call(t, http.MethodGet, url, false)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, now, _ := f.call(t, http.MethodGet, url, false); string(now) != string(first) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the card did not change in 30 s with --rotate-every 20ms")
		}
	}
	f.stop(t, syscall.SIGTERM, "stopping")
}

// Mistakes on the command line are exit 2 with one clear message.
func TestFarmUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		out  string
	}{
		{[]string{"farm", "--peers", "3"}, "--scenario is required"},
		{[]string{"farm", "--scenario", "nope"}, `no scenario "nope"`},
		{[]string{"farm", "--scenario", "rotation-during-send", "--peers", "0"}, "want at least 1"},
		{[]string{"farm", "--scenario", "rotation-during-send", "--rotate-every", "-1s"}, "want 0 or more"},
		{[]string{"farm", "--scenario", "rotation-during-send", "extra"}, `unexpected argument "extra"`},
	} {
		if code, out := runBinary(t, c.args...); code != 2 || !strings.Contains(out, c.out) {
			t.Errorf("%v: exit %d, want 2 with %q:\n%s", c.args, code, c.out, out)
		}
	}
}

// A descriptor limit too low for the peers asked for stops the start with
// an error naming the limit and its numbers (the limit is lowered for the
// child alone, soft and hard, so the runtime cannot lift it).
func TestFarmDescriptorLimit(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("Linux only")
	}
	cmd := exec.Command("/bin/sh", "-c", `ulimit -n 64 && exec "$0" "$@"`, binary,
		"farm", "--scenario", "rotation-during-send", "--peers", "200", "--dir", t.TempDir())
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v, want 2\n%s", err, out)
	}
	for _, want := range []string{"200 peers need a file descriptor each", "file-descriptor limit (RLIMIT_NOFILE) is 64 (hard limit 64)", "too many open files"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output should contain %q:\n%s", want, out)
		}
	}
}
