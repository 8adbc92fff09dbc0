package journal

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBound(t *testing.T) {
	s := strings.Repeat("é", DefaultJournalLimits.BodyBytes) // 2 bytes a rune
	got, _ := boundBody(s, DefaultJournalLimits.BodyBytes, false)
	if !strings.HasSuffix(got, "bytes]") || !strings.HasPrefix(got, "éé") {
		t.Errorf("bound: %q…", got[:10])
	}
	if cut := strings.TrimSuffix(got, "…[truncated at 16384 bytes]"); len(cut) != DefaultJournalLimits.BodyBytes || !json.Valid(mustJSON(t, cut)) {
		t.Errorf("cut at %d bytes", len(cut))
	}
	if got, cut := boundBody("short", DefaultJournalLimits.BodyBytes, false); got != "short" || cut {
		t.Error("a short body was changed")
	}
}

// A ring journal keeps its newest exchanges in Seq order however long it
// runs, one arriving late included, without its slice growing.
func TestRingKeepsNewestInOrder(t *testing.T) {
	j := New(JournalLimits{Exchanges: 5, Ring: true}, nil)
	for seq := int64(1); seq <= 1000; seq++ {
		if seq == 999 {
			continue // arrives last, as a long stream's exchange does
		}
		j.Append(&Exchange{Seq: seq, Route: RouteCard})
	}
	j.Append(&Exchange{Seq: 999, Route: RouteCard})
	var got []int64
	for _, e := range j.All() {
		got = append(got, e.Seq)
	}
	if want := []int64{996, 997, 998, 999, 1000}; !slices.Equal(got, want) || j.Len() != 5 {
		t.Errorf("kept %v (Len %d), want %v", got, j.Len(), want)
	}
	if c := j.Counts(); c.Seen != 1000 || c.Whole != 5 || c.Dropped != 995 {
		t.Errorf("counts %+v", c)
	}
	if cap(j.records) > 16 {
		t.Errorf("the ring's slice grew to %d for 5 exchanges", cap(j.records))
	}
}

// A compact exchange drops headers and bodies, never what the checks read
// in their place.
func TestCompactKeepsWhatTheChecksRead(t *testing.T) {
	e := Exchange{Header: http.Header{"If-None-Match": {`"x"`}}, Body: "body", Response: "response",
		Validators:   &Validators{Tags: []Validator{{Version: 0, Served: true}}, TagCount: 1},
		RunningShown: []int{0, 1}, Announced: []string{"h"}, SentContract: &SentContract{Hash: "h"}}
	kept := e
	kept.Validators = &Validators{Tags: slices.Clone(e.Validators.Tags), TagCount: 1}
	compact(&e)
	if !reflect.DeepEqual(e.Validators, kept.Validators) || !slices.Equal(e.RunningShown, kept.RunningShown) ||
		!slices.Equal(e.Announced, kept.Announced) || *e.SentContract != *kept.SentContract {
		t.Errorf("compact lost facts: %+v", e)
	}
	for _, name := range []string{TruncHeader, TruncBody, TruncResponse} {
		i := slices.IndexFunc(e.Cuts, func(c Cut) bool { return c.Field == name })
		if i < 0 || e.Cuts[i].Limit != 0 || e.Cuts[i].Seen == 0 {
			t.Errorf("%s: cuts %+v do not say what compact dropped", name, e.Cuts)
		}
	}
}
