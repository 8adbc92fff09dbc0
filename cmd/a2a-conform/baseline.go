package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// baselineCmd writes the known-failures file a run calls for, keeping the
// reviewed reasons of an existing one.
func baselineCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("baseline", "[--keep FILE] REPORT.json",
		"Writes to standard output a known-failures file listing every requirement the run failed: "+
			"under the key and with the reason of --keep where it lists the failure, else as scenario/ID "+
			"with the failure's evidence as the reason (review those before committing). "+
			"The keys of --keep that the run no longer fails are left out and named on standard error.", stderr)
	keepPath := fs.String("keep", "", "an existing known-failures file whose reasons and header are kept")
	r, code := parseOneReport(fs, "baseline", args, stderr)
	if r == nil {
		return code
	}
	keep, header := report.KnownFailures{}, []string{
		"known failures of " + r.Client.Title() + ", written by a2a-conform baseline from a run of suite " + r.Suite.Version,
		"each line: a requirement ID (or scenario/ID) and why it is expected to fail; review every reason",
	}
	if *keepPath != "" {
		raw, err := os.ReadFile(*keepPath)
		if err != nil {
			return usageError(stderr, fmt.Errorf("baseline: %w", err))
		}
		if keep, err = report.ParseKnownFailures(bytes.NewReader(raw), *keepPath); err != nil {
			return usageError(stderr, err)
		}
		if header, err = report.KnownFailuresHeader(bytes.NewReader(raw)); err != nil {
			return usageError(stderr, err)
		}
	}
	entries, stale := report.Baseline(r, keep)
	if err := report.WriteBaseline(stdout, header, entries); err != nil {
		return usageError(stderr, err)
	}
	added := 0
	for _, e := range entries {
		if e.New {
			added++
		}
	}
	fmt.Fprintf(stderr, "a2a-conform baseline: %d failure(s): %d kept, %d new (their reasons are the evidence: review them)",
		len(entries), len(entries)-added, added)
	if len(stale) > 0 {
		fmt.Fprintf(stderr, "; %d stale entr(ies) left out: %s", len(stale), strings.Join(stale, ", "))
	}
	fmt.Fprintln(stderr)
	return 0
}
