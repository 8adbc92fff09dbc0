package engine_test

import "testing"

// heavyPlay marks t as a heavy play: parallel, so that -parallel packs it
// beside the others, and skipped under -short, plays saying what it plays.
func heavyPlay(t *testing.T, plays string) {
	t.Helper()
	t.Parallel()
	if testing.Short() {
		t.Skip(plays)
	}
}
