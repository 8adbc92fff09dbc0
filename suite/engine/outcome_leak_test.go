package engine_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// TestOutcomeLeakLeavesNoTrace plays outcome-leak, which writes its token
// plain and encoded into every field of its outcomes, through the engine in
// both modes, writes every output a run writes (report.json, report.html,
// junit.xml, the ACTS reports, the journals) and reads each, and the
// terminal's progress lines, for every credential the farm handed the
// client, in every form the farm's scan finds: none holds one.
func TestOutcomeLeakLeavesNoTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two scenarios in two modes")
	}
	var catalog []*scenarios.Scenario
	for _, id := range []string{"repointed-endpoint", "card-redirect-cross-origin"} {
		sc, err := scenarios.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		catalog = append(catalog, sc)
	}
	for _, mode := range galleryModes {
		t.Run(string(mode), func(t *testing.T) {
			inner, err := builtin.LookupMode(builtin.OutcomeLeak, mode)
			if err != nil {
				t.Fatal(err)
			}
			c := &credentialsSeen{Client: inner}
			var progress bytes.Buffer
			e, err := engine.Run(t.Context(), engine.Options{Client: c, Catalog: catalog, Progress: &progress})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if err := e.WriteReports(engine.Paths{Dir: dir, ACTS: filepath.Join(dir, "acts")}); err != nil {
				t.Fatal(err)
			}
			secrets := c.secrets()
			if len(secrets) == 0 {
				t.Fatal("the client was handed no credential")
			}
			outputs := map[string]string{"progress": progress.String()}
			err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(path)
				outputs[strings.TrimPrefix(path, dir)] = string(b)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"/report.json", "/report.html", "/junit.xml", "/journals/repointed-endpoint.jsonl", "/journals/repointed-endpoint.txt"} {
				if _, ok := outputs[want]; !ok {
					t.Errorf("no %s among %d outputs", want, len(outputs))
				}
			}
			acts := 0
			for name, text := range outputs {
				if strings.HasPrefix(name, "/acts/") {
					acts++
				}
				found, err := journal.SecretsIn(text, secrets)
				if err != nil {
					t.Fatal(err)
				}
				if len(found) > 0 {
					t.Errorf("%s holds %v", name, found)
				}
				for _, v := range secrets {
					if strings.Contains(strings.ToLower(text), strings.ToLower(v)) {
						t.Errorf("%s holds a credential as it is", name)
					}
				}
			}
			if acts == 0 {
				t.Error("no ACTS report written")
			}
			// Judged as what it was: a token is no outcome of the contract.
			for _, sc := range e.Report().Scenarios {
				for _, r := range sc.Requirements {
					if r.ID == "GEN-003" && r.Verdict != verdict.Fail {
						t.Errorf("%s: GEN-003 is %s, want fail", sc.ID, r.Verdict)
					}
				}
			}
		})
	}
}

// credentialsSeen is a client that notes the credentials of every session
// it opens.
type credentialsSeen struct {
	runner.Client
	mu   sync.Mutex
	seen []driver.Credentials
}

func (c *credentialsSeen) Open(ctx context.Context, a driver.Assignment) (runner.Session, error) {
	c.mu.Lock()
	c.seen = append(c.seen, a.Credentials)
	c.mu.Unlock()
	return c.Client.Open(ctx, a)
}

// secrets are the credential values handed out, by where they came from.
func (c *credentialsSeen) secrets() map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]string{}
	for i, cr := range c.seen {
		for name, v := range map[string]string{"bearer": cr.BearerToken, "client-secret": cr.OAuthClientSecret, "api-key": cr.APIKey} {
			if v != "" {
				out[name+string(rune('a'+i))] = v
			}
		}
	}
	return out
}
