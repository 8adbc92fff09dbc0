// Command verdicts prints the verdict table of an a2a-conform report, one
// "scenario/requirement verdict" line per requirement in sorted order and
// a last "exit N" line, so that two runs compare with cmp or diff. With
// -policies it prints the reference and its mutants instead, one per line
// (the clients bench/stability.sh plays by default); with -all every
// built-in client, the adversarial ones of the gallery too.
//
//	verdicts REPORT.json
//	verdicts -policies
//	verdicts -all
package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

func main() {
	policies := flag.Bool("policies", false, "print the reference and its mutants, the reference first")
	all := flag.Bool("all", false, "print every built-in client: the reference, its mutants, then the adversarial clients")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: verdicts REPORT.json | verdicts -policies | verdicts -all")
	}
	flag.Parse()
	if *policies || *all {
		printClients(os.Stdout, *all)
		return
	}
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := printVerdicts(os.Stdout, flag.Arg(0)); err != nil {
		fmt.Fprintf(os.Stderr, "verdicts: %v\n", err)
		os.Exit(1)
	}
}

func printVerdicts(w io.Writer, path string) error {
	rep, err := report.Read(path)
	if err != nil {
		return err
	}
	v := rep.Verdicts()
	if len(v) == 0 {
		return fmt.Errorf("%s: no verdicts", path)
	}
	for _, key := range slices.Sorted(maps.Keys(v)) {
		fmt.Fprintf(w, "%s %s\n", key, v[key])
	}
	fmt.Fprintf(w, "exit %d\n", rep.ExitCode)
	return nil
}

// printClients prints the reference and its mutants, one per line, and
// with all the adversarial clients after them.
func printClients(w io.Writer, all bool) {
	names := builtin.Names()
	if all {
		names = builtin.All()
	}
	for _, name := range names {
		fmt.Fprintln(w, name)
	}
}
