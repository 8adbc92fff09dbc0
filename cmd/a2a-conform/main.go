// Command a2a-conform tests whether an A2A v1.0 client stays safe when a
// remote agent's card changes under it.
//
//	a2a-conform run     [--client CMD | --client builtin:POLICY] [flags]
//	a2a-conform list    [--format text|markdown|json]
//	a2a-conform peer    --scenario ID [--http] [--addr HOST:PORT]
//	a2a-conform farm    --scenario ID[,ID...] --peers N [--rotate-every D] [--index FILE]
//	a2a-conform client  [--policy POLICY]   (the reference client, driver contract)
//	a2a-conform results REPORT.json...      (markdown results page of runs)
//	a2a-conform report  REPORT.json|DIR [-o FILE.html] [--acts-report DIR]  (HTML and ACTS reports of a run)
//	a2a-conform merge   -o DIR REPORT.json...     (the shards of a run as one report)
//	a2a-conform baseline [--keep FILE] REPORT.json (a known-failures file from a run)
//	a2a-conform summary [--format markdown|github] REPORT.json (a run for a CI job's summary or annotations)
//	a2a-conform version
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

const usage = `a2a-conform: conformance suite and mock peer farm for A2A v1.0 clients

Usage:
  a2a-conform run    [flags]   run the catalog against a client (default: the reference client)
  a2a-conform list   [flags]   list scenarios and requirements
  a2a-conform peer   [flags]   start a scenario's mock peers standalone (demos, debugging)
  a2a-conform farm   [flags]   serve many copies of scenarios' peers from one process (load, soak)
  a2a-conform client [flags]   the reference client, speaking the driver contract
  a2a-conform results REPORT.json...   the markdown results page of runs (docs/results.md)
  a2a-conform report REPORT.json -o FILE.html   the HTML report of a run (also written by run);
                     --acts-report DIR          its ACTS reports (docs/acts.md)
  a2a-conform merge -o DIR REPORT.json...        the reports of a run's shards (run --shard K/N) as one
  a2a-conform baseline [--keep FILE] REPORT.json  a known-failures file from a run, each new line's reason its evidence
  a2a-conform summary [--format markdown|github] REPORT.json   a run as a CI job summary, or as annotations
  a2a-conform version          suite, A2A and report-schema versions

Run "a2a-conform COMMAND -h" for the flags of a command.
Docs: docs/driver-contract.md, docs/contract-model.md, docs/requirements.md
`

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run":
		return runCmd(args[1:], stdout, stderr)
	case "list":
		return listCmd(args[1:], stdout, stderr)
	case "peer":
		return peerCmd(args[1:], stdout, stderr)
	case "farm":
		return farmCmd(args[1:], stdout, stderr)
	case "client":
		return clientCmd(args[1:], stdout, stderr)
	case "results":
		return resultsCmd(args[1:], stdout, stderr)
	case "report":
		return reportCmd(args[1:], stdout, stderr)
	case "merge":
		return mergeCmd(args[1:], stdout, stderr)
	case "baseline":
		return baselineCmd(args[1:], stdout, stderr)
	case "summary":
		return summaryCmd(args[1:], stdout, stderr)
	case "version":
		return versionCmd(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "a2a-conform: unknown command %q\n\n%s", args[0], usage)
	return 2
}

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
