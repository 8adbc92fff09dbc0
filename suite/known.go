package suite

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// ReadKnownFailures parses a known-failures file: one requirement ID per
// line followed by the reason it is expected to fail; blank lines and
// lines starting with # are ignored. A line without a reason is an error:
// an expected failure nobody can explain is a failure.
func ReadKnownFailures(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("suite: known failures: %w", err)
	}
	defer f.Close()
	return parseKnownFailures(f, path)
}

func parseKnownFailures(r io.Reader, name string) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, reason, _ := strings.Cut(line, " ")
		reason = strings.TrimSpace(reason)
		if reason == "" {
			return nil, fmt.Errorf("suite: %s:%d: %s has no reason; write `%s <why it is expected to fail>`", name, n, id, id)
		}
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("suite: %s:%d: %s listed twice", name, n, id)
		}
		out[id] = reason
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("suite: known failures: %w", err)
	}
	return out, nil
}
