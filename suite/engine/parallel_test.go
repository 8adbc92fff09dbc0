package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
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
	if diff := lineDiff(sequential.VerdictTable(), e.Report().VerdictTable()); diff != "" {
		t.Errorf("%s: the verdicts with Parallel %d differ from one after the other (-sequential +parallel):\n%s",
			client.Describe(), parallelWorkers, diff)
	}
}

// lineDiff lists the lines where two texts differ, "" when they are equal.
func lineDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "-%s\n+%s\n", wl, gl)
		}
	}
	return b.String()
}
