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
	announce := func(response string) mockpeer.Exchange {
		return call("A", wire.MethodGetTask, func(ex *mockpeer.Exchange) { ex.Response = response })
	}
	ext := `{"` + mockpeer.FrozenContractExtension + `":{"contractHash":"` + diverged + `"},"progress":50}`
	announcing := announce(`{"jsonrpc":"2.0","id":1,"result":{"id":"task-1","status":{"message":{"metadata":` + ext + `}}}}`)
	announcingREST := announce(`{"id":"task-1","status":{"message":{"metadata":` + ext + `}}}`)
	announcingStream := announce("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"statusUpdate\":{\"status\":{\"message\":{\"metadata\":" + ext + "}}}}}\n\n")
	// The history echoes the client's own message: its metadata is not the peer's word.
	echoed := announce(`{"jsonrpc":"2.0","id":1,"result":{"id":"task-1","status":{"state":"TASK_STATE_WORKING"},"history":[{"metadata":` + ext + `}]}}`)
	otherKey := announce(`{"jsonrpc":"2.0","id":1,"result":{"status":{"message":{"metadata":{"x":{"contractHash":"` + diverged + `"}}}}}}`)
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
		{"contract-diverged after an announced hash (HTTP+JSON)", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A"), announcingREST), true},
		{"contract-diverged after an announced hash (stream)", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A"), announcingStream), true},
		{"contract-diverged on the client's own echoed hash", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A"), echoed), false},
		{"contract-diverged on a hash under another key", reporting(driver.OutcomeFailed, driver.ReasonContractDiverged, send("A"), otherKey), false},
		{"untrusted-endpoint after a HEAD", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			fetch("A", func(ex *mockpeer.Exchange) { ex.Method = http.MethodHead })), false},
		{"untrusted-endpoint after a 304 to If-None-Match: *", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			fetch("A", header("If-None-Match", "*"), answered(http.StatusNotModified, 0))), false},
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
