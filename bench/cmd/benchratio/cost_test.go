package main

import (
	"bytes"
	"strings"
	"testing"
)

const costRounds = `BenchmarkPath/getTask/bare-2   1000   13000 ns/op   10000 cpu-ns/op   7200 B/op   26 allocs/op
BenchmarkPath/getTask/peer-2   1000   30000 ns/op   20000 cpu-ns/op  11000 B/op   60 allocs/op
BenchmarkPath/getTask/bare-2   1000   13000 ns/op   12000 cpu-ns/op   7200 B/op   26 allocs/op
BenchmarkPath/getTask/peer-2   1000   30000 ns/op   18000 cpu-ns/op  11000 B/op   65 allocs/op
BenchmarkPath/lonely/bare-2    1000   10 ns/op
`

func TestCostsAreCPUPerOpRatios(t *testing.T) {
	s, err := parseCosts(strings.NewReader(costRounds))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if n := printCosts(&out, s); n != 1 {
		t.Fatalf("%d pairs, want 1 (lonely has no peer side):\n%s", n, &out)
	}
	// cpu-ns/op ratios 2.0 and 1.5: median 1.75; allocs 60/26, 65/26.
	for _, want := range []string{"Path/getTask", "1.75", "1.50-2.00", "2.40", "cpu-ns/op"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, &out)
		}
	}
}
