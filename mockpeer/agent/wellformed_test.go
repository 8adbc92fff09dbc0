package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
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

// FuzzScanJSON holds the one-pass scan of a request to encoding/json's
// reading of it: the same value for every top-level name (the last one of
// a repeated name), and a repeat reported exactly when one exists.
func FuzzScanJSON(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t"}}`,
		`{"id" : [1,{"a":2}] , "\u0069d":"x"}`, `{"a":{"b":1,"b":2}}`, `[{"a":1,"a":1}]`, ` { } `,
		`{"a\\":1,"a\\":2}`, `{"k":"\"}","x":true}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) || !utf8.Valid(data) { // checkJSON refuses both first
			return
		}
		s := scanJSON(data, nil)
		if _, dup := oldDuplicateName(data); dup != s.dup {
			t.Fatalf("%s: scan says repeat %v (%q)", data, s.dup, s.dupPath)
		}
		var fields map[string]json.RawMessage
		if json.Unmarshal(data, &fields) != nil {
			if len(s.members) > 0 {
				t.Fatalf("%s: not an object, scan found %d members", data, len(s.members))
			}
			return
		}
		for name, want := range fields {
			if got, ok := s.get(name); !ok || !bytes.Equal(got, want) {
				t.Fatalf("%s: member %q is %q, want %q", data, name, got, want)
			}
		}
		for _, m := range s.members {
			if _, ok := fields[m.name()]; !ok {
				t.Fatalf("%s: scan found member %q encoding/json did not", data, m.name())
			}
		}
	})
}

// oldDuplicateName answers with maps what scanJSON answers in one pass.
func oldDuplicateName(data []byte) (string, bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	var walk func() bool
	walk = func() bool {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for d.More() {
				k, _ := d.Token()
				if seen[k.(string)] {
					return true
				}
				seen[k.(string)] = true
				if walk() {
					return true
				}
			}
			_, _ = d.Token()
		case json.Delim('['):
			for d.More() {
				if walk() {
					return true
				}
			}
			_, _ = d.Token()
		}
		return false
	}
	return "", walk()
}
