package engine_test

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
	"github.com/a2a-conform/a2a-conform/suite/report/reporttest"
)

// parallelWorkers is the --parallel the identity checks play with.
const parallelWorkers = 4

// sameInParallel plays the whole catalog again against client, several
// scenarios at once, and fails unless its verdict table is sequential's
// byte for byte. TestVerdictTable and TestGallery call it for every
// built-in client, right after their own sequential play.
func sameInParallel(t *testing.T, client runner.Client, sequential *report.Report) {
	t.Helper()
	e, err := engine.Run(t.Context(), engine.Options{Client: client, Parallel: parallelWorkers})
	if err != nil {
		t.Fatal(err)
	}
	if diff := reporttest.LineDiff(sequential.VerdictTable(), e.Report().VerdictTable()); diff != "" {
		t.Errorf("%s: the verdicts with Parallel %d differ from one after the other (-sequential +parallel):\n%s",
			client.Describe(), parallelWorkers, diff)
	}
}
