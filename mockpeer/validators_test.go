package mockpeer

import (
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

func TestEntityTagListsMatch(t *testing.T) {
	tests := []struct {
		lines   []string
		current string
		want    bool
	}{
		{[]string{`"a"`}, `"a"`, true},
		{[]string{`W/"a"`}, `"a"`, true},
		{[]string{`"b" , W/"a"`}, `"a"`, true},
		{[]string{`"b"`}, `"a"`, false},
		{[]string{`*`}, "", true},
		{[]string{`"b"`, ` * `}, `"a"`, true}, // on a line of its own
		{[]string{`"a"`}, "", false},
		{[]string{`a`}, `"a"`, false},
		{[]string{`W/*`}, `"a"`, false},         // no such member
		{[]string{`"*"`}, `"a"`, false},         // a tag whose opaque part is *
		{[]string{`"x, *, y"`}, `"a"`, false},   // one tag holding commas, not a list with "*"
		{[]string{`"x, "a", y"`}, `"a"`, false}, // quotes inside a tag spoil it
		{[]string{`"a" junk`}, `"a"`, false},    // trailing bytes spoil the member
		{[]string{`"a b"`, `"a"`}, `"a"`, true}, // a spoilt member beside a good one
		{[]string{`"unterminated, "a"`}, `"a"`, false},
	}
	for _, tt := range tests {
		h := http.Header{"If-None-Match": tt.lines}
		if got := matchesAny(parseEntityTags(h), tt.current); got != tt.want {
			t.Errorf("If-None-Match %q against %s: match %v, want %v", tt.lines, tt.current, got, tt.want)
		}
	}
}

func TestReadValidators(t *testing.T) {
	cards := CardValidators{ETags: []string{`"v0"`, `"v1"`}, Dates: []string{"date-v0", "date-v1"}}
	servedV0 := func(v int) bool { return v == 0 }
	tag := func(version int, weak, served bool) journal.Validator {
		return journal.Validator{Version: version, Weak: weak, Served: served}
	}
	star := journal.Validator{Version: -1, Star: true}
	tests := []struct {
		name   string
		header http.Header
		want   *journal.Validators
	}{
		{"none", http.Header{"Accept": {"*/*"}}, nil},
		{"the ETag served", http.Header{"If-None-Match": {`"v0"`}},
			&journal.Validators{Tags: []journal.Validator{tag(0, false, true)}, TagCount: 1}},
		{"weak, and a date served", http.Header{"If-None-Match": {`W/"v0"`}, "If-Modified-Since": {"date-v0"}},
			&journal.Validators{Tags: []journal.Validator{tag(0, true, true)}, TagCount: 1, Dates: []journal.Validator{tag(0, false, true)}, DateCount: 1}},
		{"the ETag in force, never served", http.Header{"If-None-Match": {`"v0", "v1"`}},
			&journal.Validators{Tags: []journal.Validator{tag(0, false, true), tag(1, false, false)}, TagCount: 2, Unserved: 1}},
		{"on a second line, weak", http.Header{"If-None-Match": {`"v0"`, `W/"v1"`}},
			&journal.Validators{Tags: []journal.Validator{tag(0, false, true), tag(1, true, false)}, TagCount: 2, Unserved: 1}},
		{"a star", http.Header{"If-None-Match": {`"v0"`, `*`}},
			&journal.Validators{Tags: []journal.Validator{tag(0, false, true), star}, TagCount: 2, Star: true, Unserved: 1}},
		{"a guessed date", http.Header{"If-Modified-Since": {"date-v1"}},
			&journal.Validators{Dates: []journal.Validator{tag(1, false, false)}, DateCount: 1, Unserved: 1}},
		{"garbage", http.Header{"If-None-Match": {`v0`}},
			&journal.Validators{Tags: []journal.Validator{tag(-1, false, false)}, TagCount: 1, Unserved: 1}},
	}
	for _, tt := range tests {
		got := ReadValidators(tt.header, cards, servedV0)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
		if tt.want != nil && got.AllServed() != (tt.want.Unserved == 0) {
			t.Errorf("%s: AllServed %v", tt.name, got.AllServed())
		}
	}
}

// The counts and flags cover every validator, however many the request
// carried: a "*" as the 70th line, or past 16 KiB, is seen.
func TestReadValidatorsCountsEveryLine(t *testing.T) {
	cards := CardValidators{ETags: []string{`"v0"`}}
	lines := make([]string, 69, 70)
	for i := range lines {
		lines[i] = `"v0"`
	}
	lines[0] = `W/"` + strings.Repeat("0", 16<<10) + `"`
	v := ReadValidators(http.Header{"If-None-Match": append(lines, "*")}, cards, func(int) bool { return true })
	if v.TagCount != 70 || len(v.Tags) != journal.MaxValidatorsKept || !v.Star || v.Unserved != 2 || v.AllServed() {
		t.Errorf("70 lines, the first 16 KiB and the last \"*\": %+v", v)
	}
}
