package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/suite"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("run", "[flags]", "Plays the catalog against a client (default: the built-in reference client) and writes junit.xml, report.json, report.html and the journals (JSONL and text).", stderr)
	client := fs.String("client", "", "client under test: a command line `CMD` run through the driver contract, or builtin:NAME (default builtin:reference)")
	mode := fs.String("client-mode", "", "how the client takes a scenario's tasks: one-shot (a process, or a fresh built-in client, per task) or session (one process, tasks as JSON lines on stdin, docs/driver-contract.md; or one built-in client value for all tasks). Default: one-shot for a command, session for a built-in client")
	label := fs.String("label", "", "name of the client under test in the reports, e.g. '@a2a-js/sdk 1.3.0' (default: the --client value)")
	sel := addSelectionFlags(fs)
	known := fs.String("known-failures", "", "`FILE` of requirement IDs expected to fail, one per line with the reason")
	reportDir := fs.String("report-dir", "a2a-conform-report", "folder `DIR` for junit.xml, report.json, report.html and the journals")
	junit := fs.String("junit", "", "JUnit XML `FILE` (default REPORT-DIR/junit.xml)")
	jsonPath := fs.String("json", "", "JSON report `FILE` (default REPORT-DIR/report.json)")
	acts := fs.String("acts-report", "", "also write the A2A conformance-test draft's JSON report into the folder `DIR`, one file per binding the client used (docs/acts.md)")
	scopes := addScopesFlag(fs)
	bindings := addBindingsFlag(fs)
	strict := fs.Bool("strict", false, "fail the run on any failure not in the known-failures file, whatever its level (pins a client's exact verdicts)")
	parallel := fs.Int("parallel", 1, "how many scenarios to play at once, each with its own peers and client; the verdicts and the reports' order are those of a run one after the other")
	shard := fs.String("shard", "", "play only shard `K/N`, the K-th of N shares of the selection (docs/running-in-ci.md); a2a-conform merge puts the shards' reports together")
	exploring := addExploreFlags(fs)
	verbose := fs.Bool("v", false, "print every spec as it runs")
	noColor := fs.Bool("no-color", false, "no colour in the output (never any when the output is not a terminal)")
	if code, done := parse(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fmt.Errorf("run: unexpected argument %q (a client command goes in --client %q)", fs.Arg(0), strings.Join(fs.Args(), " ")))
	}
	if flagSet(fs, "client") && strings.TrimSpace(*client) == "" {
		return usageError(stderr, errors.New("run: --client is empty (leave it out for the reference client)"))
	}
	o := suite.Options{Verbose: *verbose, NoColor: *noColor,
		Paths: engine.Paths{Dir: *reportDir, JSON: *jsonPath, JUnit: *junit, ACTS: *acts}}
	o.Engine.ClientLabel, o.Engine.Strict, o.Engine.Progress = *label, *strict, stderr
	clientMode, err := clientModeOf(*mode, *client)
	if err != nil {
		return usageError(stderr, err)
	}
	if o.Engine.Parallel, o.Engine.Shard, err = scheduling(*parallel, *shard); err != nil {
		return usageError(stderr, err)
	}
	if o.Engine.Client, err = builtin.Resolve(*client, clientMode); err != nil {
		return usageError(stderr, err)
	}
	if o.Engine.SecurityScopes, err = report.ParseScopes(*scopes); err != nil {
		return usageError(stderr, err)
	}
	if o.Engine.Bindings, err = parseBindings(*bindings); err != nil {
		return usageError(stderr, err)
	}
	if o.Engine.Selection, err = sel.parse(); err != nil {
		return usageError(stderr, err)
	}
	if err := exploring.apply(fs, &o.Engine, stderr); err != nil {
		return usageError(stderr, err)
	}
	if *known != "" {
		if o.Engine.KnownFailures, err = report.ReadKnownFailures(*known); err != nil {
			return usageError(stderr, err)
		}
	}
	dirs := []string{*reportDir}
	for _, path := range []string{*jsonPath, *junit} {
		if path != "" {
			dirs = append(dirs, filepath.Dir(path))
		}
	}
	if *acts != "" {
		dirs = append(dirs, *acts)
	}
	for _, path := range dirs {
		if err := writableDir(path); err != nil {
			return usageError(stderr, err)
		}
	}
	if err := engine.ClearVerdicts(o.Paths); err != nil {
		return usageError(stderr, err)
	}
	if err := preflight(o.Engine.Client); err != nil {
		return usageError(stderr, err)
	}
	fmt.Fprintf(stderr, "a2a-conform %s: client %s (%s), level ≥ %s, profiles %s, security scopes %s, bindings %s, reports in %s\n",
		report.SuiteVersion, o.Engine.Client.Describe(), clientMode, orDefault(string(o.Engine.Selection.Level), "may"),
		orDefault(sel.profiles, "all"), o.Engine.SecurityScopes, orDefault(strings.Join(o.Engine.Bindings, ","), "all three"), *reportDir)
	if *parallel > 1 || *shard != "" {
		fmt.Fprintf(stderr, "playing %d scenario(s) at once, shard %s\n", *parallel, orDefault(*shard, "all (no --shard)"))
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := suite.Run(ctx, o)
	if err != nil {
		if rep != nil { // played, then its reports could not be written: exit code 2
			printSummary(stdout, rep)
		}
		return usageError(stderr, err)
	}
	printSummary(stdout, rep)
	return rep.ExitCode
}

func printSummary(w io.Writer, rep *report.Report) {
	s := rep.Summary
	if rep.Interrupted {
		fmt.Fprintln(w, "\ninterrupted: the scenarios not played are errors; the report is partial")
	}
	fmt.Fprintf(w, "\n%d passed, %d failed, %d not applicable, %d skipped, %d errors (known failures %d, MUST failures %d)\n",
		s.Pass, s.Fail, s.NotApplicable, s.Skipped, s.Error, s.KnownFailures, s.MustFailures)
	if s.UnexpectedPasses > 0 {
		fmt.Fprintf(w, "known failures that nothing failed (the known-failures file is stale): %s\n",
			strings.Join(s.StaleKnownFailures, ", "))
	}
	if rep.Selection.Strict && s.UnlistedFailures > 0 {
		fmt.Fprintf(w, "--strict: %d failure(s) not in the known-failures file\n", s.UnlistedFailures)
	}
	fmt.Fprintf(w, "exit code %d\n", rep.ExitCode)
}

// scheduling checks --parallel and --shard.
func scheduling(parallel int, shard string) (int, engine.Shard, error) {
	if parallel < 1 {
		return 0, engine.Shard{}, fmt.Errorf("run: --parallel %d: want 1 or more", parallel)
	}
	if shard == "" {
		return parallel, engine.Shard{}, nil
	}
	s, err := engine.ParseShard(shard)
	return parallel, s, err
}

// writableDir creates dir if needed and proves a file can be written in
// it, so that a run never plays the whole catalog to lose its reports.
func writableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("run: report folder: %w", err)
	}
	f, err := os.CreateTemp(dir, ".a2a-conform-probe-*")
	if err != nil {
		return fmt.Errorf("run: report folder %s is not writable: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// preflight refuses a client that cannot start before anything is played.
func preflight(c runner.Client) error {
	if ch, ok := c.(runner.Checker); ok {
		return ch.Check()
	}
	return nil
}

// clientModeOf is the --client-mode given, or the default for the client:
// built-in clients are long-lived values (session), commands processes
// (one-shot).
func clientModeOf(mode, client string) (driver.Mode, error) {
	if mode != "" {
		return driver.ParseMode(mode)
	}
	if c := strings.TrimSpace(client); c == "" || strings.HasPrefix(c, builtin.Prefix) {
		return driver.ModeSession, nil
	}
	return driver.ModeOneShot, nil
}
