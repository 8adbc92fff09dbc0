package report

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

func baselineReport() *Report {
	req := func(id string, v verdict.Verdict, got, msg string) *Requirement {
		return &Requirement{ID: id, Verdict: v, Got: got, Message: msg}
	}
	return &Report{Client: Client{Name: "node c.mjs"}, Suite: Suite{Version: SuiteVersion}, Scenarios: []*Scenario{
		{ID: "rotation-during-send", Requirements: []*Requirement{
			req("ROT-001", verdict.Fail, "SendMessage at #7\nunder card version 1", ""),
			req("ROT-002", verdict.Pass, "", ""),
			req("GEN-004", verdict.Fail, "no look", ""),
		}},
		{ID: "mirrored-stale-cache", Requirements: []*Requirement{
			req("STALE-001", verdict.Fail, "", "The client MUST ...\nwant x"),
			req("GEN-004", verdict.Fail, "no look", ""),
			req("STALE-002", verdict.NotApplicable, "", ""),
		}},
	}}
}

// A run's failures become a known-failures file: reviewed reasons kept
// under their keys (a bare ID once, however many scenarios it covers), new
// failures as scenario/ID with their evidence, stale keys left out.
func TestBaseline(t *testing.T) {
	keep := KnownFailures{"GEN-004": "reviewed: no revalidation", "version-skew/SKEW-001": "fixed since"}
	entries, stale := Baseline(baselineReport(), keep)
	want := []BaselineEntry{
		{Key: "rotation-during-send/ROT-001", Reason: "SendMessage at #7 under card version 1", New: true},
		{Key: "GEN-004", Reason: "reviewed: no revalidation"},
		{Key: "mirrored-stale-cache/STALE-001", Reason: "The client MUST ...", New: true},
	}
	if !reflect.DeepEqual(entries, want) {
		t.Errorf("entries = %+v\nwant %+v", entries, want)
	}
	if !reflect.DeepEqual(stale, []string{"version-skew/SKEW-001"}) {
		t.Errorf("stale = %v", stale)
	}
}

// What WriteBaseline writes, ParseKnownFailures reads back, header and all.
func TestBaselineRoundTrip(t *testing.T) {
	entries, _ := Baseline(baselineReport(), nil)
	var b bytes.Buffer
	if err := WriteBaseline(&b, []string{"# kept", "written"}, entries); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "# kept\n# written\n") {
		t.Errorf("header not kept as comments:\n%s", b.String())
	}
	kf, err := ParseKnownFailures(&b, "baseline")
	if err != nil {
		t.Fatal(err)
	}
	if len(kf) != len(entries) {
		t.Fatalf("read back %d entries, wrote %d", len(kf), len(entries))
	}
	for _, e := range entries {
		if kf[e.Key] != e.Reason {
			t.Errorf("%s read back as %q, want %q", e.Key, kf[e.Key], e.Reason)
		}
	}
	header, err := KnownFailuresHeader(strings.NewReader("# a\n#b\n\nX-1 r\n# not header\n"))
	if err != nil || !reflect.DeepEqual(header, []string{"# a", "#b"}) {
		t.Errorf("header = %v, %v", header, err)
	}
}

// A failure without any evidence still gets a reason, so the file it is
// written into stays readable (a line without a reason is an error).
func TestBaselineEvidenceNeverEmpty(t *testing.T) {
	r := &Report{Scenarios: []*Scenario{{ID: "s", Requirements: []*Requirement{{ID: "X-1", Verdict: verdict.Fail}}}}}
	entries, _ := Baseline(r, nil)
	if len(entries) != 1 || strings.TrimSpace(entries[0].Reason) == "" {
		t.Fatalf("entries = %+v", entries)
	}
	long := &Requirement{Got: strings.Repeat("é", 300)}
	if got := evidenceLine(long); len([]rune(got)) != 200 {
		t.Errorf("evidence cut to %d runes, want 200", len([]rune(got)))
	}
}
