package vendorsuite_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/suite"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// A vendor's suite: their client (here the built-in reference client; a
// vendor passes &runner.Command{Line: "./my-client"} or an in-process
// runner.Client), the selection from Ginkgo's own --label-filter, and the
// catalog declared among their specs.
func TestMyClientAgainstA2AConform(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "my A2A client: a2a-conform")
}

var conform = newEngine()

func newEngine() *engine.Engine {
	client, err := builtin.Lookup(builtin.Reference)
	if err != nil {
		panic(err)
	}
	sel, err := suite.ParseSelection("core", "must", GinkgoLabelFilter())
	if err != nil {
		panic(err)
	}
	e, err := engine.New(engine.Options{Client: client, Selection: sel})
	if err != nil {
		panic(err)
	}
	return e
}

var _ = suite.Declare(conform)

var _ = AfterSuite(func(ctx SpecContext) {
	rep := conform.Finish(ctx)
	Expect(conform.WriteReports(engine.Paths{Dir: GinkgoT().TempDir()})).To(Succeed())
	Expect(rep.ExitCode).To(Equal(report.ExitPass), "a2a-conform summary: %+v", rep.Summary)
})
