package engine_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// The report's mirror of an exchange (report.JournalLine) reads what the
// peer recorded for the checks by the journal's JSON names, and its note
// says it.
func TestJournalLineMirrorsThePeersRecord(t *testing.T) {
	ex := mockpeer.Exchange{Seq: 3, Route: mockpeer.RouteCard, Blocking: true, RunningShown: []int{1},
		Validators: &mockpeer.Validators{TagCount: 2, Star: true, Unserved: 1},
		Cuts:       []mockpeer.Cut{{Field: "header", Limit: 16384, Seen: 20000}, {Field: "body", Limit: 16384, Seen: 17408, AtLeast: true}}}
	raw, err := json.Marshal(ex)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := report.DecodeJournal(raw)
	if err != nil || len(lines) != 1 {
		t.Fatalf("%d lines, %v", len(lines), err)
	}
	l := lines[0]
	if !l.Blocking || !slices.Equal(l.RunningShown, []int{1}) || l.Validators == nil || l.Validators.Unserved != 1 || len(l.Cuts) != 2 {
		t.Errorf("mirror %+v lost the peer's record", l)
	}
	note := l.Note()
	for _, want := range []string{`1 of 2 validators never served, "*" among them`, "held to the task's end",
		"header cut to 16384 of 20000", "body cut to 16384 of ≥17408"} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q does not say %q", note, want)
		}
	}
}
