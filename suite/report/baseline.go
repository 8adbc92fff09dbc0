package report

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// BaselineEntry is one line of a known-failures file written from a run:
// the key it is listed under and why it is expected to fail.
type BaselineEntry struct {
	Key    string
	Reason string
	// New: the key was not in the file kept; Reason is the failure's
	// evidence, for a person to review before committing it.
	New bool
}

// Baseline is the known-failures file a run calls for: every requirement
// that failed, under the key of keep that already lists it (its reviewed
// reason kept), or else under "scenario/ID" with the failure's evidence as
// the reason. Stale are the keys of keep that no failure of the run needs.
func Baseline(r *Report, keep KnownFailures) (entries []BaselineEntry, stale []string) {
	used := map[string]bool{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			if req.Verdict != verdict.Fail {
				continue
			}
			reason, key, ok := keep.Lookup(sc.ID, req.ID)
			if !ok {
				key, reason = sc.ID+"/"+req.ID, evidenceLine(req)
			}
			if used[key] {
				continue
			}
			used[key] = true
			entries = append(entries, BaselineEntry{Key: key, Reason: reason, New: !ok})
		}
	}
	for key := range keep {
		if !used[key] {
			stale = append(stale, key)
		}
	}
	slices.Sort(stale)
	return entries, stale
}

// evidenceLine is a failure's evidence on one line: what the check got,
// else the first line of its message.
func evidenceLine(req *Requirement) string {
	text := req.Got
	if text == "" {
		text, _, _ = strings.Cut(strings.TrimSpace(req.Message), "\n")
	}
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		text = "failed (no evidence recorded)"
	}
	if r := []rune(text); len(r) > 200 {
		text = string(r[:199]) + "…"
	}
	return text
}

// WriteBaseline writes a known-failures file: header (comment lines, "#"
// added where missing), then one entry per line. ReadKnownFailures reads
// it back to the same entries.
func WriteBaseline(w io.Writer, header []string, entries []BaselineEntry) error {
	bw := bufio.NewWriter(w)
	for _, h := range header {
		if !strings.HasPrefix(h, "#") {
			h = "# " + h
		}
		fmt.Fprintln(bw, h)
	}
	for _, e := range entries {
		fmt.Fprintf(bw, "%s %s\n", e.Key, e.Reason)
	}
	return bw.Flush()
}

// KnownFailuresHeader is the leading comment block of a known-failures
// file (its explanation, which a rewrite keeps).
func KnownFailuresHeader(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "#") {
			break
		}
		out = append(out, line)
	}
	return out, sc.Err()
}
