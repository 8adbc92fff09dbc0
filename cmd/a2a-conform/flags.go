package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/suite"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// newFlagSet is a subcommand's flag set with a usage text: -h prints it
// and exits 0.
func newFlagSet(name, synopsis, what string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("a2a-conform "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: a2a-conform %s %s\n\n%s\n\nFlags:\n", name, synopsis, what)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args; done reports that the command ends here with code
// (0 after -h, 2 on a bad flag).
func parse(fs *flag.FlagSet, args []string) (code int, done bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0, true
	case err != nil:
		return 2, true
	}
	return 0, false
}

// parseInterspersed parses args whose flags may come before, between or
// after its positional arguments (report and merge take paths), and
// returns those arguments in order.
func parseInterspersed(fs *flag.FlagSet, args []string) (positional []string, code int, done bool) {
	for {
		if code, done := parse(fs, args); done {
			return nil, code, true
		}
		if fs.NArg() == 0 {
			return positional, 0, false
		}
		positional, args = append(positional, fs.Arg(0)), fs.Args()[1:]
	}
}

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// selectionFlags are the flags `run` and `list` share: one selection model.
type selectionFlags struct {
	profiles, level, labelFilter, specVersion string
}

func addSelectionFlags(fs *flag.FlagSet) *selectionFlags {
	s := &selectionFlags{}
	fs.StringVar(&s.profiles, "profile", "", "comma-separated profiles: core, signatures, extension, general (default all)")
	fs.StringVar(&s.level, "level", "may", "weakest requirement level: must, should or may")
	fs.StringVar(&s.labelFilter, "label-filter", "", "Ginkgo label filter over level:, profile:, scenario:, req: and spec: labels, e.g. 'scenario:rotation-during-send || req:GEN-001'")
	fs.StringVar(&s.specVersion, "spec-version", "", "judge only the requirements that apply to this A2A specification revision, e.g. 1.0 (default: every revision the suite knows)")
	return s
}

func (s *selectionFlags) parse() (engine.Selection, error) {
	sel, err := suite.ParseSelection(s.profiles, s.level, s.labelFilter)
	if err != nil {
		return sel, err
	}
	sel.SpecVersion = strings.TrimSpace(s.specVersion)
	return sel, sel.Validate()
}

// addScopesFlag is --security-scopes, the same on `run` and `peer`.
func addScopesFlag(fs *flag.FlagSet) *string {
	return fs.String("security-scopes", string(report.ScopesSpec),
		"shape of the cards' security scopes: spec ({\"list\": [...]}) or flat (bare arrays, the only shape a2a-go v2.3.1 parses)")
}

// addBindingsFlag is --bindings, the same on `run` and `peer`.
func addBindingsFlag(fs *flag.FlagSet) *string {
	return fs.String("bindings", "",
		"comma-separated protocol bindings the peers offer and serve, each card keeping its order: any of jsonrpc, http+json, grpc; default: all three, as each scenario's card lists them (JSON-RPC, HTTP+JSON, then gRPC)")
}

// parseBindings turns the --bindings value into protocolBinding values;
// "" is nil, each scenario's cards as written.
func parseBindings(value string) ([]string, error) {
	if strings.TrimSpace(value) == "" {
		return nil, nil
	}
	var out []string
	for _, name := range strings.Split(value, ",") {
		b, ok := mockpeer.ParseBinding(strings.TrimSpace(name))
		if !ok {
			return nil, fmt.Errorf("--bindings: %q is not jsonrpc, http+json or grpc", strings.TrimSpace(name))
		}
		if !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out, nil
}

// usageError prints a configuration problem and returns exit code 2.
// parseOneReport parses the arguments of command name with fs and reads
// the one REPORT.json they name. When it returns nil the command is over,
// with the exit code it returns: help was asked for, or a usage error was
// written to stderr.
func parseOneReport(fs *flag.FlagSet, name string, args []string, stderr io.Writer) (*report.Report, int) {
	positional, code, done := parseInterspersed(fs, args)
	if done {
		return nil, code
	}
	if len(positional) != 1 {
		return nil, usageError(stderr, fmt.Errorf("%s: want one REPORT.json, got %d arguments", name, len(positional)))
	}
	r, err := report.Read(positional[0])
	if err != nil {
		return nil, usageError(stderr, err)
	}
	return r, 0
}

func usageError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "a2a-conform: %v\n", err)
	return report.ExitHarness
}
