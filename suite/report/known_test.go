package report_test

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

func TestParseKnownFailures(t *testing.T) {
	got, err := report.ParseKnownFailures(strings.NewReader("# comment\n\nROT-004  no ETag support yet\nno-validator/NOVAL-003 polls the card\n"), "k.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got["ROT-004"] != "no ETag support yet" || got["no-validator/NOVAL-003"] != "polls the card" || len(got) != 2 {
		t.Errorf("parsed %v", got)
	}
	for in, want := range map[string]string{
		"ROT-004\n":              "k.txt:1: ROT-004 has no reason",
		"ROT-004 a\nROT-004 b\n": "k.txt:2: ROT-004 listed twice",
		"# ok\nGEN-001   \n":     "k.txt:2: GEN-001 has no reason",
	} {
		if _, err := report.ParseKnownFailures(strings.NewReader(in), "k.txt"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v, want %q", in, err, want)
		}
	}
}

func TestKnownFailureScoping(t *testing.T) {
	k := report.KnownFailures{"GEN-001": "all", "no-validator/NOVAL-003": "one", "no-validator/GEN-001": "scoped"}
	if _, key, ok := k.Lookup("version-skew", "GEN-001"); !ok || key != "GEN-001" {
		t.Error("a bare ID does not apply to every scenario")
	}
	if reason, key, ok := k.Lookup("no-validator", "GEN-001"); !ok || key != "no-validator/GEN-001" || reason != "scoped" {
		t.Errorf("a scoped entry does not win over a bare one: %q %q %v", reason, key, ok)
	}
	if _, _, ok := k.Lookup("skill-reorganization", "NOVAL-003"); ok {
		t.Error("a scoped entry leaked into another scenario")
	}
}
