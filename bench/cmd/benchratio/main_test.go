package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

const twoRounds = `goos: linux
BenchmarkCardRevalidation/bare-2   20000   30000 ns/op   33333 ops/s   8398 B/op   83 allocs/op
BenchmarkCardRevalidation/peer-2   20000   40000 ns/op   25000 ops/s  14815 B/op  162 allocs/op
BenchmarkGetTask/bare-2            20000   50000 ns/op
BenchmarkGetTask/peer-2            20000   80000 ns/op
PASS
BenchmarkCardRevalidation/bare-2   20000   30000 ns/op
BenchmarkCardRevalidation/peer-2   20000   33000 ns/op
BenchmarkGetTask/bare-2            20000   50000 ns/op
BenchmarkGetTask/peer-2            20000   120000 ns/op
BenchmarkLonely/bare               10      10 ns/op
ok  	example	1.0s
`

func TestPairsAndRatios(t *testing.T) {
	s, err := parse(strings.NewReader(twoRounds))
	if err != nil {
		t.Fatal(err)
	}
	pairs := pairUp(s)
	tests := []struct {
		name        string
		ratioMedian float64
	}{
		{"CardRevalidation", (0.75 + 30000.0/33000) / 2},
		{"GetTask", (0.625 + 50000.0/120000) / 2},
	}
	if len(pairs) != len(tests) {
		t.Fatalf("got %d pairs %+v, want %d (Lonely has no peer side)", len(pairs), pairs, len(tests))
	}
	for i, tc := range tests {
		if pairs[i].name != tc.name {
			t.Errorf("pair %d is %q, want %q", i, pairs[i].name, tc.name)
		}
		if got := median(pairs[i].ratios()); math.Abs(got-tc.ratioMedian) > 1e-9 {
			t.Errorf("%s: median ratio %v, want %v", tc.name, got, tc.ratioMedian)
		}
	}
}

func TestResultLine(t *testing.T) {
	tests := []struct {
		line string
		name string
		ns   float64
		ok   bool
	}{
		{"BenchmarkGetTask/peer-2  100  81921 ns/op  12207 ops/s", "GetTask/peer", 81921, true},
		{"BenchmarkX/with-dash/bare-16  5  12.5 ns/op", "X/with-dash/bare", 12.5, true},
		{"BenchmarkNoProcs  5  7 ns/op", "NoProcs", 7, true},
		{"BenchmarkNoNs  5  7 B/op", "", 0, false},
		{"--- FAIL: BenchmarkX", "", 0, false},
		{"PASS", "", 0, false},
	}
	for _, tc := range tests {
		name, ns, ok := resultLine(tc.line)
		if name != tc.name || ns != tc.ns || ok != tc.ok {
			t.Errorf("resultLine(%q) = %q, %v, %v; want %q, %v, %v", tc.line, name, ns, ok, tc.name, tc.ns, tc.ok)
		}
	}
}

func TestTableVerdicts(t *testing.T) {
	s, _ := parse(strings.NewReader(twoRounds))
	targets := targetFlag{}
	// Medians: CardRevalidation (0.75+0.91)/2 = 0.83, GetTask (0.625+0.417)/2 = 0.52.
	for _, v := range []string{"CardRevalidation=0.8", "GetTask=0.6"} {
		if err := targets.Set(v); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	printTable(&out, pairUp(s), targets)
	for name, verdict := range map[string]string{"CardRevalidation": "PASS", "GetTask": "BELOW"} {
		found := false
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, name+" ") {
				found = true
				if !strings.HasSuffix(l, verdict) {
					t.Errorf("line %q does not end in %s", l, verdict)
				}
			}
		}
		if !found {
			t.Errorf("no line for %s in\n%s", name, out.String())
		}
	}
}

func TestTargetFlagRejects(t *testing.T) {
	for _, v := range []string{"GetTask", "=0.5", "GetTask=x", "GetTask=-1"} {
		if err := (targetFlag{}).Set(v); err == nil {
			t.Errorf("Set(%q) accepted", v)
		}
	}
}
