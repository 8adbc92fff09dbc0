package engine_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// sharedCatalogPlays are the built-in clients whose play of the whole
// catalog (session mode, the default offer, one scenario after the other)
// several tests judge: TestVerdictTable their verdicts, TestReportInTheBrowser
// their report as rendered, TestReferenceOverGRPCJudgedAlike the
// reference's verdicts against those over gRPC. Each is played once per
// test binary, by whichever of those tests runs first; the others judge
// the same run. Only these are kept: a played catalog holds its journals.
var sharedCatalogPlays = []string{builtin.Reference, builtin.FollowURL}

var catalogPlays sync.Map // client name → *catalogPlay

type catalogPlay struct {
	once sync.Once
	e    *engine.Engine
	err  error
}

// catalogPlayed is the whole catalog played by the built-in client name in
// session mode: the one play of sharedCatalogPlays, a fresh one otherwise.
// Its report is only read, never changed, by the tests that share it.
func catalogPlayed(t *testing.T, name string) *engine.Engine {
	t.Helper()
	play := func() (*engine.Engine, error) {
		return engine.Run(t.Context(), engine.Options{Client: builtinClient(t, name)})
	}
	if !slices.Contains(sharedCatalogPlays, name) {
		e, err := play()
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	v, _ := catalogPlays.LoadOrStore(name, &catalogPlay{})
	p := v.(*catalogPlay)
	p.once.Do(func() { p.e, p.err = play() })
	if p.err != nil {
		t.Fatal(p.err)
	}
	return p.e
}
