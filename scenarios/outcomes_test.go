package scenarios

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Each reason an outcome may give needs its own grounds in the journal.
func TestGrounded(t *testing.T) {
	diverged := strings.Repeat("ab", 32)
	// What the peer's status messages announced is its record
	// (Exchange.Announced), never a parse of the bounded response: a hash
	// in the response body alone, the client's own echoed in the history
	// or one under another key, is no announcement (mockpeer's tests).
	announcing := call("A", wire.MethodGetTask, func(ex *journal.Exchange) { ex.Announced = []string{hashV0, diverged} })
	sameHash := call("A", wire.MethodGetTask, func(ex *journal.Exchange) { ex.Announced = []string{hashV0} })
	inTheBodyOnly := call("A", wire.MethodGetTask, func(ex *journal.Exchange) {
		ex.Response = `{"id":"task-1","status":{"message":{"metadata":{"` + mockpeer.FrozenContractExtension + `":{"contractHash":"` + diverged + `"}}}}}`
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
		{"contract-diverged after the first hash announced again", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A"), sameHash), false},
		{"contract-diverged on a hash the response body holds, unannounced", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged,
			send("A"), inTheBodyOnly), false},
		{"untrusted-endpoint after a HEAD", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			fetch("A", func(ex *journal.Exchange) { ex.Method = http.MethodHead })), false},
		{"untrusted-endpoint after a 304 to If-None-Match: *", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			fetch("A", header("If-None-Match", "*"), answered(http.StatusNotModified, 0))), false},
		{"contract-diverged after the peer rotated", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged,
			send("A"), call("A", wire.MethodGetTask, underVersion(1))), true},
		{"contract-diverged unseen", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A")), false},
		{"another failure needs no grounds", reporting(driver.OutcomeFailed, driver.ReasonPeerError), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := grounded(tc.ev, *tc.ev.Outcome()); (got.Verdict == verdict.Pass) != tc.passes {
				t.Errorf("%s, want pass %v", describe(got), tc.passes)
			}
		})
	}
}

// An outcome grounded on a card the client may have been shown, by a 304
// whose validators the journal lost, is the harness's error, not a verdict.
func TestGroundedOnLostValidators(t *testing.T) {
	ev := reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A", answered(http.StatusNotModified, 0)))
	if got := grounded(ev, *ev.Outcome()); got.Verdict != verdict.Error || !strings.Contains(got.Reason, "#1, which the peer answered 304") {
		t.Errorf("%s, want an error citing #1", describe(got))
	}
}
