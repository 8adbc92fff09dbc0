package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/a2a-conform/a2a-conform/suite"
)

// resultsCmd renders the results page (docs/results.md) from run reports.
func resultsCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("a2a-conform results", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: a2a-conform results REPORT.json...\n\nWrites the markdown results page of the given runs to standard output, in argument order.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var reports []*suite.Report
	for _, path := range fs.Args() {
		r, err := suite.ReadReport(path)
		if err != nil {
			return configError(stderr, err)
		}
		reports = append(reports, r)
	}
	if err := suite.WriteResults(stdout, reports); err != nil {
		return configError(stderr, err)
	}
	return 0
}
