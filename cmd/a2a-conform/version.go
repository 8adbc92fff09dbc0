package main

import (
	"fmt"
	"io"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

func versionCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "", "Prints the suite, A2A protocol and report-schema versions.", stderr)
	if code, done := parse(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fmt.Errorf("version: unexpected argument %q", fs.Arg(0)))
	}
	fmt.Fprintf(stdout, "a2a-conform %s\nA2A protocol %s\nreport schema %s\n", report.SuiteVersion, wire.ProtocolVersion, report.SchemaVersion)
	return 0
}
