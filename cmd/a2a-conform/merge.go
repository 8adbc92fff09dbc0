package main

import (
	"errors"
	"fmt"
	"io"
	"maps"

	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// mergeCmd puts the report folders of a run's shards together into the
// folder the whole run would have written.
func mergeCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("merge", "-o DIR REPORT.json|SHARD-DIR...",
		"Merges the reports of every shard of one run (run --shard K/N) into one report folder: report.json, junit.xml, report.html, the journals "+
			"and, with --acts-report, the ACTS reports, "+
			"as the whole run would have written them, and exits with that run's exit code. "+
			"Refuses (exit 2) reports that are not every shard of one run: another client, selection or suite build, a shard twice or missing.", stderr)
	out := fs.String("o", "", "the report folder `DIR` to write (required)")
	acts := fs.String("acts-report", "", "a folder `DIR` for the merged run's ACTS reports, one file per binding the client used (docs/acts.md)")
	paths, code, done := parseInterspersed(fs, args)
	if done {
		return code
	}
	if len(paths) == 0 || *out == "" {
		missing := "-o DIR (the report folder to write) is required"
		if len(paths) == 0 {
			missing = "no shard report given (REPORT.json or SHARD-DIR)"
		}
		usageError(stderr, errors.New("merge: "+missing))
		fs.Usage()
		return report.ExitHarness
	}
	var shards []*report.Report
	journals := map[string][]byte{}
	for _, path := range paths {
		r, err := readShard(path, journals)
		if err != nil {
			return usageError(stderr, err)
		}
		shards = append(shards, r)
	}
	merged, err := engine.MergeShards(shards)
	if err != nil {
		return usageError(stderr, fmt.Errorf("merge: %w", err))
	}
	for _, dir := range []string{*out, *acts} {
		if dir == "" {
			continue
		}
		if err := writableDir(dir); err != nil {
			return usageError(stderr, err)
		}
	}
	if err := engine.WriteReport(engine.Paths{Dir: *out, ACTS: *acts}, merged, journals); err != nil {
		return usageError(stderr, fmt.Errorf("merge: %w", err))
	}
	fmt.Fprintf(stderr, "merged %d shards into %s\n", len(shards), *out)
	printSummary(stdout, merged)
	return merged.ExitCode
}

// readShard reads a shard's report.json (path, or path/report.json for a
// folder) and adds its journals, as written, to journals.
func readShard(path string, journals map[string][]byte) (*report.Report, error) {
	path = reportFile(path)
	r, err := report.Read(path)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	files, err := report.ReadJournalFiles(path, r)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	maps.Copy(journals, files)
	return r, nil
}
