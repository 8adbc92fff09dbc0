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
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
)

// Wire compatibility with the official @a2a-js/sdk client: the real SDK,
// driven by runner/adapters/a2a-js/compat/send-get-cancel.mjs, must complete
// SendMessage → GetTask → CancelTask against a farm peer on each binding,
// gRPC (@a2a-js/sdk/client/grpc over TLS) included.
// The a2a-go SDK has the same test in its own module (runner/adapters/a2a-go).

// compatDeadline bounds one SDK run, card fetch to cancel.
const compatDeadline = 60 * time.Second

// jsCompatResult is the one line send-get-cancel.mjs prints.
type jsCompatResult struct {
	Binding string   `json:"binding"`
	TaskID  string   `json:"taskId"`
	States  []string `json:"states"`
}

func TestSDKCompatJS(t *testing.T) {
	// go test runs in the package directory: mockpeer/.
	js, err := peertest.FindJSSDK(peertest.JSSDKDir(".."))
	if errors.Is(err, peertest.ErrSkip) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC} {
		t.Run(binding, func(t *testing.T) {
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
			}, filepath.Join("compat", "send-get-cancel.mjs"))

			// Close waits for in-flight requests, so the journal is complete.
			if err := farm.Close(); err != nil {
				t.Errorf("farm.Close: %v", err)
			}
			journal := farm.Journal().All()
			if runErr != nil {
				t.Fatalf("send-get-cancel.mjs: %v\nstderr:\n%s\njournal:\n%s", runErr, stderr, peertest.JournalLines(journal))
			}

			var got jsCompatResult
			if err := json.Unmarshal(stdout, &got); err != nil { // whitespace around the line is valid JSON
				t.Fatalf("script output is not one JSON line: %v\nstdout:\n%s", err, stdout)
			}
			want := []string{string(wire.TaskStateWorking), string(wire.TaskStateWorking), string(wire.TaskStateCanceled)}
			if got.Binding != binding || !slices.Equal(got.States, want) || got.TaskID == "" {
				t.Errorf("SDK saw %+v, want binding %s, a task id and states %v\njournal:\n%s", got, binding, want, peertest.JournalLines(journal))
			}
			if err := peertest.CheckCompatJournal(journal, binding, got.TaskID); err != nil {
				t.Error(err)
			}
		})
	}
}
