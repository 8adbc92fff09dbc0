package engine

import (
	"os"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// TestMain: the farms of this binary's hundreds of catalog plays share
// their RSA signing keys (mockpeer.ReuseRSAKeys), which are otherwise most
// of a play's CPU. No client played here remembers anything across plays,
// so no verdict can depend on it; within a farm every key stays distinct.
func TestMain(m *testing.M) {
	mockpeer.ReuseRSAKeys()
	os.Exit(m.Run())
}
