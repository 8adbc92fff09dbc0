package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// samples maps a benchmark name, without its -GOMAXPROCS suffix, to its
// ns/op in input order.
type samples map[string][]float64

// parse collects ns/op from every benchmark result line.
func parse(r io.Reader) (samples, error) {
	out := samples{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		name, ns, ok := resultLine(sc.Text())
		if ok {
			out[name] = append(out[name], ns)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading benchmark output: %w", err)
	}
	return out, nil
}

// resultLine reads "BenchmarkX/peer-2  20000  43412 ns/op  ..." as the
// name "X/peer" and 43412.
func resultLine(line string) (string, float64, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
		return "", 0, false
	}
	name := strings.TrimPrefix(f[0], "Benchmark")
	if i := strings.LastIndexByte(name, '-'); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	for i := 2; i+1 < len(f); i += 2 {
		if f[i+1] == "ns/op" {
			ns, err := strconv.ParseFloat(f[i], 64)
			return name, ns, err == nil && ns > 0
		}
	}
	return "", 0, false
}

// pair is the bare and peer samples of one benchmark, round by round.
type pair struct {
	name       string
	bare, peer []float64
}

// pairUp finds every X with both X/bare and X/peer, sorted by name.
func pairUp(s samples) []pair {
	var out []pair
	for name, bare := range s {
		base, ok := strings.CutSuffix(name, "/bare")
		if !ok {
			continue
		}
		if peer, ok := s[base+"/peer"]; ok {
			out = append(out, pair{name: base, bare: bare, peer: peer})
		}
	}
	slices.SortFunc(out, func(a, b pair) int { return strings.Compare(a.name, b.name) })
	return out
}

// ratios are peer ops/s ÷ bare ops/s = bare ns/op ÷ peer ns/op, one per
// round present on both sides.
func (p pair) ratios() []float64 {
	n := min(len(p.bare), len(p.peer))
	out := make([]float64, n)
	for i := range n {
		out[i] = p.bare[i] / p.peer[i]
	}
	return out
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func minOf(xs []float64) float64 { return slices.Min(xs) }
func maxOf(xs []float64) float64 { return slices.Max(xs) }

// targetFlag is the repeatable -target NAME=RATIO.
type targetFlag map[string]float64

func (t targetFlag) String() string { return fmt.Sprint(map[string]float64(t)) }

func (t targetFlag) Set(v string) error {
	name, ratio, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want NAME=RATIO, got %q", v)
	}
	x, err := strconv.ParseFloat(ratio, 64)
	if err != nil || x <= 0 {
		return fmt.Errorf("want a positive ratio in %q", v)
	}
	t[name] = x
	return nil
}
