package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
