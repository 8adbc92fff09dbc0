package agent

import (
	"strings"
	"testing"
)

func TestDuplicateName(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"a":1,"b":{"a":2}}`, ""},
		{`[{"a":1},{"a":1}]`, ""},
		{`{"a":"\"a\"","b":"a"}`, ""},
		{`{"a":1,"a":2}`, "a"},
		{`{"id":1,"\u0069d":2}`, "id"},
		{`{"p":{"m":{"parts":[{"t":1},{"t":1,"t":2}]}}}`, "p.m.parts[].t"},
		{`[[{"x":[{"y":1,"y":1}]}]]`, "[][].x[].y"},
		{`{"a\\":1,"a\\":2}`, `a\`},
		{`{"":1,"":2}`, ""},
	} {
		got, dup := duplicateName([]byte(tc.text))
		if wantDup := tc.want != "" || tc.text == `{"":1,"":2}`; got != tc.want || dup != wantDup {
			t.Errorf("%s: %q %v, want %q %v", tc.text, got, dup, tc.want, wantDup)
		}
	}
	// Deep nesting costs linear time: no path is built until one is needed.
	deep := strings.Repeat("[", 9000) + strings.Repeat("]", 9000)
	if got, dup := duplicateName([]byte(deep)); dup {
		t.Errorf("deep arrays: %q", got)
	}
}
