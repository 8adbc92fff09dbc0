package report

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The report reads the peer's record for the checks from a journal file
// by the journal's own type, and its note says it.
func TestExchangeNoteSaysThePeersRecord(t *testing.T) {
	ex := journal.Exchange{Seq: 3, Route: journal.RouteCard, Blocking: true, RunningShown: []int{1},
		Validators: &journal.Validators{TagCount: 2, Star: true, Unserved: 1},
		Cuts:       []journal.Cut{{Field: "header", Limit: 16384, Seen: 20000}, {Field: "body", Limit: 16384, Seen: 17408, AtLeast: true}}}
	raw, err := json.Marshal(ex)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := journal.DecodeJSONLines(raw)
	if err != nil || len(lines) != 1 {
		t.Fatalf("%d lines, %v", len(lines), err)
	}
	l := lines[0]
	if !l.Blocking || !slices.Equal(l.RunningShown, []int{1}) || l.Validators == nil || l.Validators.Unserved != 1 || len(l.Cuts) != 2 {
		t.Errorf("decoded %+v lost the peer's record", l)
	}
	note := exchangeNote(l)
	for _, want := range []string{`1 of 2 validators never served, "*" among them`, "held to the task's end",
		"header cut to 16384 of 20000", "body cut to 16384 of ≥17408"} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q does not say %q", note, want)
		}
	}
	if got := exchangeNote(journal.Exchange{Seq: 1, Route: journal.RouteA2A}); got != "" {
		t.Errorf("an exchange with nothing to note has note %q", got)
	}
}
