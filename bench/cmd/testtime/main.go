// Command testtime reads `go test -json` output and prints where a test
// run's time went: each package's wall time, its slowest top-level tests
// and the total. A test's time runs from its start to its end, less the
// time it was paused waiting for the sequential tests (t.Parallel), so a
// test's parallel subtests count in it, and tests that ran side by side
// each count whole. It is how bench/testtime.sh reports `make unit`.
//
//	go test -json ./... | testtime [-top N]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// event is the part of a test2json event testtime reads.
type event struct {
	Time    time.Time
	Action  string
	Package string
	Test    string
	Elapsed float64
}

// clock is one top-level test's running time, paused while t.Parallel
// holds it back.
type clock struct {
	since   time.Time
	running bool
	ran     time.Duration
}

func (c *clock) start(at time.Time) { c.since, c.running = at, true }

func (c *clock) stop(at time.Time) {
	if c.running {
		c.ran += at.Sub(c.since)
		c.running = false
	}
}

type timing struct {
	name    string
	seconds float64
	failed  bool
}

type packageTimes struct {
	timing
	tests []timing
}

func main() {
	top := flag.Int("top", 3, "the slowest top-level tests printed per package")
	flag.Parse()
	pkgs, err := read(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testtime:", err)
		os.Exit(1)
	}
	write(os.Stdout, pkgs, *top)
}

// read gathers the pass and fail events of packages and top-level tests.
func read(r io.Reader) ([]*packageTimes, error) {
	byName := map[string]*packageTimes{}
	clocks := map[[2]string]*clock{}
	var order []*packageTimes
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Package == "" {
			continue // a line that is not an event: a build error, printed as it came
		}
		key := [2]string{e.Package, e.Test}
		if e.Test != "" && !strings.Contains(e.Test, "/") {
			switch e.Action {
			case "run", "cont":
				if clocks[key] == nil {
					clocks[key] = &clock{}
				}
				clocks[key].start(e.Time)
			case "pause", "pass", "fail", "skip":
				if c := clocks[key]; c != nil {
					c.stop(e.Time)
				}
			}
		}
		if e.Action != "pass" && e.Action != "fail" {
			continue
		}
		p := byName[e.Package]
		if p == nil {
			p = &packageTimes{timing: timing{name: e.Package}}
			byName[e.Package] = p
			order = append(order, p)
		}
		t := timing{name: e.Test, seconds: e.Elapsed, failed: e.Action == "fail"}
		switch {
		case e.Test == "":
			p.seconds, p.failed = t.seconds, t.failed
		case !strings.Contains(e.Test, "/"):
			if c := clocks[key]; c != nil {
				t.seconds = max(t.seconds, c.ran.Seconds())
			}
			p.tests = append(p.tests, t)
		}
	}
	return order, sc.Err()
}

func write(w io.Writer, pkgs []*packageTimes, top int) {
	slices.SortFunc(pkgs, func(a, b *packageTimes) int { return compare(b.seconds, a.seconds) })
	var sum float64
	for _, p := range pkgs {
		sum += p.seconds
		fmt.Fprintf(w, "%8.1f s  %s%s\n", p.seconds, p.name, failMark(p.failed))
		slices.SortFunc(p.tests, func(a, b timing) int { return compare(b.seconds, a.seconds) })
		for _, t := range p.tests[:min(top, len(p.tests))] {
			if t.seconds >= 1 {
				fmt.Fprintf(w, "%8.1f s      %s%s\n", t.seconds, t.name, failMark(t.failed))
			}
		}
	}
	fmt.Fprintf(w, "%8.1f s  the packages' times summed (%d packages; they run -p at a time)\n", sum, len(pkgs))
}

func compare(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func failMark(failed bool) string {
	if failed {
		return "  FAIL"
	}
	return ""
}
