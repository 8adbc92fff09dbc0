package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// `a2a-conform client` in another send mode and binding passes the whole
// catalog as a subprocess, and the journals show it talked that way.
func TestClientSendModeAndBinding(t *testing.T) {
	for _, tc := range []struct {
		clientMode, flags, binding string
		creates                    string
	}{
		{"session", "--send-mode stream --binding http+json", wire.BindingHTTPJSON, wire.MethodSendStreamingMessage},
		{"one-shot", "--send-mode block --binding jsonrpc", wire.BindingJSONRPC, wire.MethodSendMessage},
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
				id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
				want := bindingUsed(t, id, tc.binding)
				polled := map[string]bool{} // sent under a card that declares no streaming: polled
				for _, e := range readJournal(t, path) {
					if e.Route != mockpeer.RouteA2A {
						continue
					}
					if tc.creates == wire.MethodSendStreamingMessage && e.TaskCreating() && !declaresStreaming(t, id, e.CardVersion) {
						polled[e.TaskID] = true
						continue
					}
					if polled[e.TaskID] && e.Op == wire.MethodGetTask {
						continue
					}
					if e.Binding != want || e.Op == wire.MethodGetTask {
						t.Errorf("%s: %s", filepath.Base(path), e.Line())
					}
					if e.TaskCreating() {
						created++
						if e.Op != tc.creates || strings.Contains(e.Body, `"returnImmediately":true`) {
							t.Errorf("%s: %s %s, want %s", filepath.Base(path), e.Line(), e.Body, tc.creates)
						}
					}
				}
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

// bindingUsed is the binding the reference speaks to the honest card of
// scenario id when it prefers preferred: preferred if the card lists it
// (most list both HTTP bindings), else the card's first (the
// repointed-grpc cards list gRPC alone).
func bindingUsed(t *testing.T, id, preferred string) string {
	t.Helper()
	sc, err := scenarios.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	origin := func(string) string { return "https://127.0.0.1:1" }
	ifaces := sc.Peers[sc.CardPeerIndex()].Cards[0](origin).SupportedInterfaces
	for _, iface := range ifaces {
		if iface.ProtocolBinding == preferred {
			return preferred
		}
	}
	return ifaces[0].ProtocolBinding
}

// declaresStreaming: version v of the card the client is given in
// scenario id declares streaming (the reference streams only then).
func declaresStreaming(t *testing.T, id string, v int) bool {
	t.Helper()
	sc, err := scenarios.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	cards := sc.Peers[sc.CardPeerIndex()].Cards
	if v < 0 || v >= len(cards) {
		return true
	}
	c := cards[v](func(string) string { return "https://127.0.0.1:1" })
	return c.Capabilities.Streaming != nil && *c.Capabilities.Streaming
}

func readJournal(t *testing.T, path string) []mockpeer.Exchange {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []mockpeer.Exchange
	lines := bufio.NewScanner(f)
	lines.Buffer(nil, 16<<20)
	for lines.Scan() {
		var e mockpeer.Exchange
		if err := json.Unmarshal(lines.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, e)
	}
	return out
}
