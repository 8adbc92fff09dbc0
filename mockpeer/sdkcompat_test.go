package mockpeer_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
)

// Wire compatibility with the official @a2a-js/sdk client: the real SDK,
// driven by the scripts in runner/adapters/a2a-js/compat, must complete
// SendMessage → GetTask → CancelTask, and a SendStreamingMessage read to its
// end, against a farm peer on each binding, gRPC (@a2a-js/sdk/client/grpc
// over TLS) included. The a2a-go SDK has the same tests in its own module
// (runner/adapters/a2a-go).

// compatDeadline bounds one SDK run, card fetch to the last call.
const compatDeadline = 60 * time.Second

var compatBindings = []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}

// jsCompatResult is the one line a compat script prints.
type jsCompatResult struct {
	Binding string   `json:"binding"`
	TaskID  string   `json:"taskId"`
	States  []string `json:"states"`
}

func TestSDKCompatJS(t *testing.T) {
	want := []string{string(wire.TaskStateWorking), string(wire.TaskStateWorking), string(wire.TaskStateCanceled)}
	for _, binding := range compatBindings {
		t.Run(binding, func(t *testing.T) {
			got, recorded := runJSCompat(t, "send-get-cancel.mjs", binding)
			if got.Binding != binding || !slices.Equal(got.States, want) || got.TaskID == "" {
				t.Errorf("SDK saw %+v, want binding %s, a task id and states %v\njournal:\n%s", got, binding, want, peertest.JournalLines(recorded))
			}
			if err := peertest.CheckCompatJournal(recorded, binding, got.TaskID); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSDKCompatJSStream: the stream's events carry the task from WORKING to
// COMPLETED, in order, and the peer saw one SendStreamingMessage.
func TestSDKCompatJSStream(t *testing.T) {
	for _, binding := range compatBindings {
		t.Run(binding, func(t *testing.T) {
			got, recorded := runJSCompat(t, "stream.mjs", binding)
			if got.Binding != binding || got.TaskID == "" || len(got.States) < 2 ||
				got.States[0] != string(wire.TaskStateWorking) || got.States[len(got.States)-1] != string(wire.TaskStateCompleted) {
				t.Errorf("SDK saw %+v, want binding %s, a task id and states WORKING … COMPLETED\njournal:\n%s", got, binding, peertest.JournalLines(recorded))
			}
			if err := peertest.CheckStreamJournal(recorded, binding, got.TaskID); err != nil {
				t.Error(err)
			}
		})
	}
}

// runJSCompat runs one compat script against a fresh compatibility peer,
// preferring binding, and returns its result and the peer's whole journal.
func runJSCompat(t *testing.T, script, binding string) (jsCompatResult, []journal.Exchange) {
	t.Helper()
	// go test runs in the package directory: mockpeer/.
	js, err := peertest.FindJSSDK(peertest.JSSDKDir(".."))
	if errors.Is(err, peertest.ErrSkip) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	farm, err := peertest.StartCompatFarm(t.Context(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer farm.Close()
	peer := farm.Peer(peertest.CompatPeer)

	ctx, cancel := context.WithTimeout(t.Context(), compatDeadline)
	defer cancel()
	stdout, stderr, runErr := js.Run(ctx, nil, []string{
		"A2A_CONFORM_CARD_URL=" + peer.CardURL(),
		"A2A_CONFORM_BINDING=" + binding,
		"A2A_CONFORM_BEARER_TOKEN=" + farm.Credentials(farm.Grants()).BearerToken,
		"NODE_EXTRA_CA_CERTS=" + farm.CAFile(),
	}, filepath.Join("compat", script))

	// Close waits for in-flight requests, so the journal is complete.
	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	recorded := farm.Journal().All()
	if runErr != nil {
		t.Fatalf("%s: %v\nstderr:\n%s\njournal:\n%s", script, runErr, stderr, peertest.JournalLines(recorded))
	}
	var got jsCompatResult
	if err := json.Unmarshal(stdout, &got); err != nil { // whitespace around the line is valid JSON
		t.Fatalf("%s output is not one JSON line: %v\nstdout:\n%s", script, err, stdout)
	}
	return got, recorded
}
