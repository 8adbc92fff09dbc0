package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite"
)

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("a2a-conform run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	client := fs.String("client", "", "client under test: a command line run through the driver contract, or builtin:POLICY (default builtin:reference)")
	label := fs.String("label", "", "name of the client under test in the reports, e.g. '@a2a-js/sdk 1.3.0' (default: the --client value)")
	profiles := fs.String("profile", "", "comma-separated profiles to run: core, signatures, extension, general (default all)")
	level := fs.String("level", "may", "weakest requirement level to run: must, should or may")
	labelFilter := fs.String("label-filter", "", "Ginkgo label filter, e.g. 'scenario:rotation-during-send || req:GEN-001'")
	known := fs.String("known-failures", "", "file of requirement IDs expected to fail, one per line with the reason")
	reportDir := fs.String("report-dir", "a2a-conform-report", "folder for junit.xml, report.json and the journals")
	junit := fs.String("junit", "", "JUnit XML path (default REPORT-DIR/junit.xml)")
	jsonPath := fs.String("json", "", "JSON report path (default REPORT-DIR/report.json)")
	scopes := fs.String("security-scopes", suite.ScopesSpec, "shape of the cards' security scopes: spec ({\"list\": [...]}) or flat (bare arrays, for clients that parse only that)")
	strict := fs.Bool("strict", false, "fail the run on any failure not in the known-failures file, whatever its level (pins a client's exact verdicts)")
	verbose := fs.Bool("v", false, "print every spec as it runs")
	noColor := fs.Bool("no-color", false, "no colour in the output")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o := suite.Options{ClientLabel: *label, LabelFilter: *labelFilter, ReportDir: *reportDir, JUnitFile: *junit, JSONFile: *jsonPath,
		Progress: stderr, Verbose: *verbose, NoColor: *noColor, Strict: *strict}
	var err error
	if o.Client, err = suite.ResolveClient(*client); err != nil {
		return configError(stderr, err)
	}
	switch *scopes {
	case suite.ScopesSpec:
	case suite.ScopesFlat:
		o.FlatSecurityScopes = true
	default:
		return configError(stderr, fmt.Errorf("--security-scopes %q: want %s or %s", *scopes, suite.ScopesSpec, suite.ScopesFlat))
	}
	if o.Level, err = scenarios.ParseLevel(*level); err != nil {
		return configError(stderr, err)
	}
	for _, p := range splitList(*profiles) {
		o.Profiles = append(o.Profiles, scenarios.Profile(p))
	}
	if *known != "" {
		if o.KnownFailures, err = suite.ReadKnownFailures(*known); err != nil {
			return configError(stderr, err)
		}
	}
	fmt.Fprintf(stderr, "a2a-conform %s: client %s, level ≥ %s, profiles %s, security scopes %s, reports in %s\n",
		suite.Version, o.Client.Describe(), o.Level, orAll(*profiles), *scopes, o.ReportDir)
	rep, err := suite.Run(o)
	if err != nil {
		return configError(stderr, err)
	}
	s := rep.Summary
	fmt.Fprintf(stdout, "\n%d passed, %d failed, %d not applicable, %d skipped, %d errors (known failures %d, MUST failures %d)\n",
		s.Pass, s.Fail, s.NotApplicable, s.Skipped, s.Error, s.KnownFailures, s.MustFailures)
	if s.UnexpectedPasses > 0 {
		fmt.Fprintf(stdout, "known failures that nothing failed (the known-failures file is stale): %s\n",
			strings.Join(s.StaleKnownFailures, ", "))
	}
	if *strict && s.UnlistedFailures > 0 {
		fmt.Fprintf(stdout, "--strict: %d failure(s) not in the known-failures file\n", s.UnlistedFailures)
	}
	fmt.Fprintf(stdout, "reports: %s\n", o.ReportDir)
	return rep.ExitCode
}

func configError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "a2a-conform: %v\n", err)
	return suite.ExitHarness
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func orAll(s string) string {
	if s == "" {
		return "all"
	}
	return s
}
