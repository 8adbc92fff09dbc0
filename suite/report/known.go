package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// KnownFailures maps a requirement ID ("ROT-004": expected to fail in at
// least one scenario that judges it) or a "scenario/ID" key to the
// reviewed reason it is expected to fail.
type KnownFailures map[string]string

// Lookup returns the reason a requirement is expected to fail in a
// scenario: a "scenario/ID" entry wins over a bare "ID" entry.
func (k KnownFailures) Lookup(scenario, id string) (reason, key string, ok bool) {
	if reason, ok := k[scenario+"/"+id]; ok {
		return reason, scenario + "/" + id, true
	}
	reason, ok = k[id]
	return reason, id, ok
}

// ReadKnownFailures parses a known-failures file: one requirement ID (or
// scenario/ID) per line followed by the reason it is expected to fail;
// blank lines and lines starting with # are ignored. A line without a
// reason is an error: an expected failure nobody can explain is a failure.
func ReadKnownFailures(path string) (KnownFailures, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("report: known failures: %w", err)
	}
	defer f.Close()
	return ParseKnownFailures(f, path)
}

// ParseKnownFailures is ReadKnownFailures over a reader; name is used in
// error messages.
func ParseKnownFailures(r io.Reader, name string) (KnownFailures, error) {
	out := KnownFailures{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, reason, _ := strings.Cut(line, " ")
		reason = strings.TrimSpace(reason)
		if reason == "" {
			return nil, fmt.Errorf("report: %s:%d: %s has no reason; write `%s <why it is expected to fail>`", name, n, id, id)
		}
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("report: %s:%d: %s listed twice", name, n, id)
		}
		out[id] = reason
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("report: known failures: %w", err)
	}
	return out, nil
}
