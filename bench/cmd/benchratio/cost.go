package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// costSamples maps a benchmark name (without -GOMAXPROCS) to its result
// lines' metrics (unit → value), in input order.
type costSamples map[string][]map[string]float64

// parseCosts collects every metric of every benchmark result line.
func parseCosts(r io.Reader) (costSamples, error) {
	out := costSamples{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name, _, _ := resultLine(sc.Text())
		if name == "" {
			continue
		}
		m := map[string]float64{}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				m[f[i+1]] = v
			}
		}
		out[name] = append(out[name], m)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading benchmark output: %w", err)
	}
	return out, nil
}

// costUnit is what a request costs in: CPU time per op when the
// benchmark reports it (on a shared machine it moves far less with the
// load than the wall time), ns/op otherwise.
func costUnit(s costSamples) string {
	for _, ms := range s {
		for _, m := range ms {
			if _, ok := m["cpu-ns/op"]; ok {
				return "cpu-ns/op"
			}
		}
	}
	return "ns/op"
}

// costRatios is peer ÷ bare of unit, one per round present on both sides.
func costRatios(bare, peer []map[string]float64, unit string) (b, p, r []float64) {
	for i := range min(len(bare), len(peer)) {
		if bare[i][unit] > 0 {
			b, p = append(b, bare[i][unit]), append(p, peer[i][unit])
			r = append(r, peer[i][unit]/bare[i][unit])
		}
	}
	return b, p, r
}

// printCosts writes, per X/bare and X/peer pair, what a request costs on
// each side and peer ÷ bare, for the time and the allocations: the
// median round's, the spread of the time ratio beside it.
func printCosts(w io.Writer, s costSamples) int {
	unit := costUnit(s)
	var names []string
	for name := range s {
		if base, ok := strings.CutSuffix(name, "/bare"); ok && s[base+"/peer"] != nil {
			names = append(names, base)
		}
	}
	slices.Sort(names)
	fmt.Fprintf(w, "%-22s %11s %11s %7s %11s %9s %9s %7s\n", "benchmark", "bare "+strings.TrimSuffix(unit, "/op"), "peer", "ratio", "min-max", "bare allocs", "peer", "ratio")
	for _, name := range names {
		b, p, r := costRatios(s[name+"/bare"], s[name+"/peer"], unit)
		ab, ap, ar := costRatios(s[name+"/bare"], s[name+"/peer"], "allocs/op")
		if len(r) == 0 {
			continue
		}
		allocs := fmt.Sprintf("%11s %9s %7s", "-", "-", "-")
		if len(ar) > 0 {
			allocs = fmt.Sprintf("%11.0f %9.0f %7.2f", median(ab), median(ap), median(ar))
		}
		fmt.Fprintf(w, "%-22s %11.0f %11.0f %7.2f %11s %s\n", name, median(b), median(p), median(r),
			fmt.Sprintf("%.2f-%.2f", minOf(r), maxOf(r)), allocs)
	}
	fmt.Fprintf(w, "(ratio = peer ÷ bare per round, median of the rounds; %s)\n", unit)
	return len(names)
}
