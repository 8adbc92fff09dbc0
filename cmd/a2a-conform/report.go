package main

import (
	"fmt"
	"io"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// reportCmd renders the HTML report of an existing report folder.
func reportCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("report", "REPORT.json -o FILE.html",
		"Renders the HTML report (summary, sequence diagrams, requirements, journals) of a run from its report.json and the journals/*.jsonl next to it.", stderr)
	out := fs.String("o", "", "the HTML file to write (required)")
	// Flags may come before or after the report's path.
	var paths []string
	for {
		if code, done := parse(fs, args); done {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		paths, args = append(paths, fs.Arg(0)), fs.Args()[1:]
	}
	if len(paths) != 1 || *out == "" {
		fs.Usage()
		return report.ExitHarness
	}
	path := paths[0]
	r, err := report.Read(path)
	if err != nil {
		return usageError(stderr, err)
	}
	journals, err := report.ReadJournals(path, r)
	if err != nil {
		return usageError(stderr, err)
	}
	if err := report.WriteHTMLFile(*out, r, journals); err != nil {
		return usageError(stderr, err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return 0
}
