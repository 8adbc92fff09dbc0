// Command benchratio reads `go test -bench` output holding pairs of
// sub-benchmarks X/bare and X/peer, and prints, per pair, the throughput
// ratio peer/bare against a target. Several rounds may be concatenated on
// stdin: the ratio is taken per round (bare and peer of one round ran side
// by side) and the median round decides. It reports, it does not judge:
// the exit status is 0 unless the input holds no pair at all.
//
//	benchratio -target CardRevalidation=0.8 -target GetTask=0.5 < bench.txt
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	targets := targetFlag{}
	flag.Var(targets, "target", "NAME=RATIO: the lowest acceptable peer/bare ratio of pair NAME (repeatable)")
	cost := flag.Bool("cost", false, "print peer ÷ bare of CPU time and allocations per op instead of throughput")
	flag.Parse()
	if *cost {
		s, err := parseCosts(os.Stdin)
		if err != nil {
			fail(err)
		}
		if printCosts(os.Stdout, s) == 0 {
			fail(fmt.Errorf("no X/bare and X/peer pair in the input"))
		}
		return
	}
	samples, err := parse(os.Stdin)
	if err != nil {
		fail(err)
	}
	pairs := pairUp(samples)
	if len(pairs) == 0 {
		fail(fmt.Errorf("no X/bare and X/peer pair with ns/op in the input"))
	}
	printTable(os.Stdout, pairs, targets)
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "benchratio: %v\n", err)
	os.Exit(1)
}

// printTable writes one line per pair: median ops/s of each side, the
// median round ratio with its spread, and the target's verdict.
func printTable(w io.Writer, pairs []pair, targets targetFlag) {
	fmt.Fprintf(w, "%-20s %12s %12s %7s %13s %7s  %s\n", "benchmark", "bare ops/s", "peer ops/s", "ratio", "min-max", "target", "")
	for _, p := range pairs {
		r := p.ratios()
		verdict, target := "", "-"
		if t, ok := targets[p.name]; ok {
			target = fmt.Sprintf(">= %.2f", t)
			verdict = "PASS"
			if median(r) < t {
				verdict = "BELOW"
			}
		}
		fmt.Fprintf(w, "%-20s %12.0f %12.0f %7.2f %13s %7s  %s\n", p.name,
			1e9/median(p.bare), 1e9/median(p.peer), median(r),
			fmt.Sprintf("%.2f-%.2f", minOf(r), maxOf(r)), target, verdict)
	}
	fmt.Fprintf(w, "(ratio = peer ops/s ÷ bare ops/s per round, median of %s rounds)\n", rounds(pairs))
}

func rounds(pairs []pair) string {
	seen := map[int]bool{}
	var out []string
	for _, p := range pairs {
		if n := len(p.ratios()); !seen[n] {
			seen[n] = true
			out = append(out, fmt.Sprint(n))
		}
	}
	return strings.Join(out, "/")
}
