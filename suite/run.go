package suite

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/onsi/ginkgo/v2"
)

// failer satisfies ginkgo.GinkgoTestingT outside `go test`: the verdicts
// are read from the report, not from this.
type failer struct{}

func (failer) Fail() {}

// Run plays the selected catalog against o.Client and writes the reports.
// Ginkgo allows one RunSpecs per process, so Run may be called only once.
// The returned error is a configuration or harness problem (exit code 2);
// conformance failures are in the report and its ExitCode.
func Run(o Options) (*Report, error) {
	filter, err := o.validate()
	if err != nil {
		return nil, err
	}
	if o.ReportDir == "" {
		o.ReportDir = "a2a-conform-report"
	}
	rep := newReport(o)
	buildSpecs(o, filter, rep)

	suiteConfig, reporterConfig := ginkgo.GinkgoConfiguration()
	suiteConfig.LabelFilter = o.labelFilter()
	suiteConfig.RandomizeAllSpecs = false
	suiteConfig.FailFast = false
	reporterConfig.NoColor = o.NoColor || !isTerminal(os.Stdout)
	reporterConfig.SilenceSkips = !o.Verbose
	reporterConfig.Succinct = !o.Verbose
	reporterConfig.Verbose = o.Verbose
	reporterConfig.JUnitReport = o.JUnitFile
	if reporterConfig.JUnitReport == "" {
		reporterConfig.JUnitReport = filepath.Join(o.ReportDir, "junit.xml")
	}
	ginkgo.RunSpecs(failer{}, "a2a-conform: A2A v1.0 client conformance", suiteConfig, reporterConfig)

	rep.finish()
	if err := rep.write(o); err != nil {
		return rep, fmt.Errorf("suite: writing reports: %w", err)
	}
	return rep, nil
}

// isTerminal reports whether f is a character device: colour codes only
// belong on a terminal, never in CI logs or files.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
