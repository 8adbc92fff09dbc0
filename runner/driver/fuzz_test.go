package driver

import (
	"bytes"
	"testing"
)

// FuzzParseOutcome: whatever a client writes as its outcome (a file or a
// session line), parsing never panics, and an outcome returned without a
// problem is well-formed: a known outcome and, if any, a known reason.
func FuzzParseOutcome(f *testing.F) {
	for _, seed := range []string{
		`{"outcome":"completed","taskId":"task-1"}`,
		`{"outcome":"aborted","reason":"contract-changed","detail":"x"}`,
		`{"task":2,"outcome":"failed","reason":"contract-diverged"}`,
		`{"outcome":"done"}`, `[]`, `"completed"`, `{"outcome":5}`, `{} {}`, "\xff\xfe", "",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, problem := ParseOutcome(data)
		if problem == "" {
			if o == nil || Check(*o) != "" {
				t.Fatalf("ParseOutcome(%q) = %+v with no problem", data, o)
			}
		}
		if len(bytes.TrimSpace(data)) == 0 && o != nil {
			t.Fatalf("an empty outcome parsed as %+v", o)
		}
	})
}
