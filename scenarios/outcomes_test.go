package scenarios

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Each reason an outcome may give needs its own grounds in the journal.
func TestGrounded(t *testing.T) {
	diverged := strings.Repeat("ab", 32)
	announcing := call("A", wire.MethodGetTask, func(ex *mockpeer.Exchange) {
		ex.Response = `{"result":{"status":{"message":{"metadata":{"x":{"contractHash":"` + diverged + `"}}}}}}`
	})
	for _, tc := range []struct {
		name   string
		ev     *Evidence
		passes bool
	}{
		{"untrusted-endpoint after the card", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A")), true},
		{"untrusted-endpoint after a redirect", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			fetch("A", answered(http.StatusMovedPermanently, 0))), true},
		{"untrusted-endpoint unseen", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint), false},
		{"untrusted-endpoint after a failed fetch", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			fetch("A", answered(http.StatusNotFound, 0))), false},
		{"version-unsupported after the card", reporting(driver.OutcomeAborted, driver.ReasonVersionUnsupported, fetch("A")), true},
		{"version-unsupported unseen", reporting(driver.OutcomeAborted, driver.ReasonVersionUnsupported), false},
		{"contract-diverged after an announced hash", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A"), announcing), true},
		{"contract-diverged after the peer rotated", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged,
			send("A"), call("A", wire.MethodGetTask, underVersion(1))), true},
		{"contract-diverged unseen", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A")), false},
		{"another failure needs no grounds", reporting(driver.OutcomeFailed, driver.ReasonPeerError), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := grounded(tc.ev, *tc.ev.Outcome()); (got.Verdict == Pass) != tc.passes {
				t.Errorf("%s, want pass %v", describe(got), tc.passes)
			}
		})
	}
}
