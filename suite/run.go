// Package suite is the Ginkgo front of a2a-conform, and the only package
// that imports Ginkgo outside tests: it turns the catalog into specs (one
// Ordered container per scenario, one It per requirement) that assert the
// verdicts of the engine (package suite/engine) with Gomega matchers. The
// engine's report is the record of a run; Ginkgo shows it.
package suite

import (
	"context"
	"errors"
	"io"
	"os"
	"sync/atomic"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"

	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Options of a run through the Ginkgo front.
type Options struct {
	Engine engine.Options
	// Paths of the reports; Paths.Dir "" means a2a-conform-report.
	Paths engine.Paths
	// Verbose makes Ginkgo print every spec; NoColor turns colour off
	// (it is off anyway when standard output is not a terminal).
	Verbose, NoColor bool
}

// ErrRunOnce: Ginkgo runs one suite per process.
var ErrRunOnce = errors.New("suite: Run may be called only once per process (Ginkgo's RunSpecs); use package engine to play more")

var ran atomic.Bool

// failer satisfies ginkgo.GinkgoTestingT outside `go test`: the verdicts
// are read from the engine's report, not from this.
type failer struct{}

func (failer) Fail() {}

// Run plays the selected catalog against the client through Ginkgo and
// writes the reports. The error is a configuration problem (exit code 2)
// found before anything was played, or a failure to write the reports;
// conformance failures and harness faults are in the report and its
// ExitCode. When ctx ends the run stops, and the report is marked
// interrupted.
func Run(ctx context.Context, o Options) (*report.Report, error) {
	if o.Engine.Progress != nil {
		// Ginkgo's progress dots have no newline of their own.
		o.Engine.Progress = newlineFirst{o.Engine.Progress}
	}
	e, err := engine.New(o.Engine)
	if err != nil {
		return nil, err
	}
	if !ran.CompareAndSwap(false, true) {
		return nil, ErrRunOnce
	}
	if o.Paths.Dir == "" {
		o.Paths.Dir = "a2a-conform-report"
	}
	sched := e.Schedule(ctx)
	declare(e, ctx, sched)
	gomega.RegisterFailHandler(ginkgo.Fail)
	suiteConfig, reporterConfig := ginkgo.GinkgoConfiguration()
	suiteConfig.RandomizeAllSpecs = false
	suiteConfig.FailFast = false
	reporterConfig.NoColor = o.NoColor || !isTerminal(os.Stdout)
	reporterConfig.SilenceSkips = !o.Verbose
	reporterConfig.Succinct = !o.Verbose
	reporterConfig.Verbose = o.Verbose
	reporterConfig.JUnitReport = "" // written from the engine's report
	ginkgo.RunSpecs(failer{}, "a2a-conform: A2A v1.0 client conformance", suiteConfig, reporterConfig)
	// Ginkgo may stop early (an interrupt); the plays under way end once
	// ctx does, and none may change the record after Finish.
	sched.Wait()

	rep := e.Finish(ctx)
	if err := e.WriteReports(o.Paths); err != nil {
		return rep, err
	}
	return rep, nil
}

// isTerminal reports whether f is a character device: colour codes only
// belong on a terminal, never in CI logs or files.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// newlineFirst starts every write on a fresh line.
type newlineFirst struct{ w io.Writer }

func (n newlineFirst) Write(p []byte) (int, error) {
	if _, err := n.w.Write([]byte{'\n'}); err != nil {
		return 0, err
	}
	return n.w.Write(p)
}
