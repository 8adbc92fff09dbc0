package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
)

func TestPrintVerdicts(t *testing.T) {
	tests := []struct {
		name, report string
		want         string // "" means an error is expected
	}{
		{
			name: "sorted with exit line",
			report: `{"schemaVersion":"a2a-conform.dev/report/v2","exitCode":1,"scenarios":[
				{"id":"z-scenario","requirements":[{"id":"GEN-001","verdict":"pass"}]},
				{"id":"a-scenario","requirements":[{"id":"ROT-002","verdict":"fail"},{"id":"ROT-001","verdict":"not-applicable"}]}]}`,
			want: "a-scenario/ROT-001 not-applicable\na-scenario/ROT-002 fail\nz-scenario/GEN-001 pass\nexit 1\n",
		},
		{name: "other schema", report: `{"schemaVersion":"x/v9","scenarios":[{"id":"s","requirements":[{"id":"R","verdict":"pass"}]}]}`},
		{name: "no verdicts", report: `{"schemaVersion":"a2a-conform.dev/report/v2","scenarios":[]}`},
		{name: "not JSON", report: `{`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "report.json")
			if err := os.WriteFile(path, []byte(tc.report), 0o644); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			err := printVerdicts(&out, path)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("no error; printed %q", out.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestPrintVerdictsMissingFile(t *testing.T) {
	err := printVerdicts(&bytes.Buffer{}, filepath.Join(t.TempDir(), "absent.json"))
	if err == nil || !strings.Contains(err.Error(), "absent.json") {
		t.Errorf("err = %v, want one naming the file", err)
	}
}

// -policies prints what bench/stability.sh plays by default, the reference
// and its mutants; -all adds the adversarial clients.
func TestPrintClients(t *testing.T) {
	var policies, all bytes.Buffer
	printClients(&policies, false)
	printClients(&all, true)
	if got, want := policies.String(), strings.Join(builtin.Names(), "\n")+"\n"; got != want {
		t.Errorf("-policies printed\n%s\nwant\n%s", got, want)
	}
	if got, want := all.String(), strings.Join(builtin.All(), "\n")+"\n"; got != want || !strings.HasPrefix(got, policies.String()) {
		t.Errorf("-all printed\n%s\nwant\n%s", got, want)
	}
	for _, name := range builtin.Gallery() {
		if !strings.Contains(all.String(), "\n"+name+"\n") {
			t.Errorf("-all leaves out %s", name)
		}
	}
}
