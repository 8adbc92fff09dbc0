package scenariotest

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// StartFarm starts the farm of the catalog's scenario id, as the engine
// would for a run, in a folder of the test's, and closes it when the test
// ends.
func StartFarm(t testing.TB, id string) (*scenarios.Scenario, *mockpeer.Farm) {
	t.Helper()
	sc, err := scenarios.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	spec := sc.FarmSpec()
	spec.Dir = t.TempDir()
	farm, err := mockpeer.Start(t.Context(), spec)
	if err != nil {
		t.Fatalf("mockpeer.Start: %v", err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return sc, farm
}
