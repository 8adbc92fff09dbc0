package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/scenariotest"
)

// `a2a-conform client` in another send mode and binding passes the whole
// catalog as a subprocess, and the journals show it talked that way.
func TestClientSendModeAndBinding(t *testing.T) {
	for _, tc := range []struct {
		clientMode, flags string
		mode              refclient.SendMode
		binding           string
	}{
		{"session", "--send-mode stream --binding http+json", refclient.Stream, wire.BindingHTTPJSON},
		{"one-shot", "--send-mode block --binding jsonrpc", refclient.Block, wire.BindingJSONRPC},
	} {
		t.Run(tc.clientMode+" "+tc.flags, func(t *testing.T) {
			dir := t.TempDir()
			code, out := runBinary(t, "run", "--client", binary+" client "+tc.flags, "--client-mode", tc.clientMode, "--report-dir", dir)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			journals, _ := filepath.Glob(filepath.Join(dir, "journals", "*.jsonl"))
			created := 0
			for _, path := range journals {
				sc, err := scenarios.Lookup(strings.TrimSuffix(filepath.Base(path), ".jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				problems, n := scenariotest.ModeOnWire(sc, readJournal(t, path), tc.mode, tc.binding)
				for _, p := range problems {
					t.Error(p)
				}
				created += n
			}
			if created == 0 {
				t.Errorf("no task created in %d journals", len(journals))
			}
		})
	}
	if code, out := runBinary(t, "client", "--send-mode", "turbo"); code != 2 || !strings.Contains(out, "turbo") {
		t.Errorf("client --send-mode turbo: exit %d, want 2\n%s", code, out)
	}
}

func readJournal(t *testing.T, path string) []journal.Exchange {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []journal.Exchange
	lines := bufio.NewScanner(f)
	lines.Buffer(nil, 16<<20)
	for lines.Scan() {
		var e journal.Exchange
		if err := json.Unmarshal(lines.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, e)
	}
	return out
}
