package a2ago

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	a2agrpc "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
)

// compatDeadline bounds one SDK run, card fetch to cancel.
const compatDeadline = 60 * time.Second

// TestSDKCompatGo: the official a2a-go/v2 client completes SendMessage
// (returnImmediately) → GetTask → CancelTask against a farm peer on each
// binding, gRPC (a2agrpc over TLS) included, attaching the bearer token
// because the card requires it.
func TestSDKCompatGo(t *testing.T) {
	compatRuns(t, sendGetCancel, func(t *testing.T, binding a2a.TransportProtocol, taskID string, states []a2a.TaskState, recorded []journal.Exchange) {
		want := []a2a.TaskState{a2a.TaskStateWorking, a2a.TaskStateWorking, a2a.TaskStateCanceled}
		if !slices.Equal(states, want) {
			t.Errorf("SDK saw states %v, want %v\njournal:\n%s", states, want, peertest.JournalLines(recorded))
		}
		if err := peertest.CheckCompatJournal(recorded, string(binding), taskID); err != nil {
			t.Error(err)
		}
	})
}

var compatBindings = []a2a.TransportProtocol{a2a.TransportProtocolJSONRPC, a2a.TransportProtocolHTTPJSON, a2a.TransportProtocolGRPC}

// TestSDKCompatGoStream: a SendStreamingMessage read to its end carries the
// task from WORKING to COMPLETED on each binding, and the peer saw one
// SendStreamingMessage.
func TestSDKCompatGoStream(t *testing.T) {
	compatRuns(t, stream, func(t *testing.T, binding a2a.TransportProtocol, taskID string, states []a2a.TaskState, recorded []journal.Exchange) {
		if len(states) < 2 || states[0] != a2a.TaskStateWorking || states[len(states)-1] != a2a.TaskStateCompleted {
			t.Errorf("SDK saw states %v, want WORKING … COMPLETED\njournal:\n%s", states, peertest.JournalLines(recorded))
		}
		if err := peertest.CheckStreamJournal(recorded, string(binding), taskID); err != nil {
			t.Error(err)
		}
	})
}

// compatRuns plays run on each binding, a subtest each, against a fresh
// compatibility peer with flat scopes (the shape a2a-go parses), within
// compatDeadline, and hands check the task, the states the SDK saw and the
// whole journal. A run that fails fails its subtest, with the journal.
func compatRuns(t *testing.T, run func(context.Context, *testing.T, *mockpeer.Farm, a2a.TransportProtocol) (string, []a2a.TaskState, error),
	check func(t *testing.T, binding a2a.TransportProtocol, taskID string, states []a2a.TaskState, recorded []journal.Exchange)) {
	for _, binding := range compatBindings {
		t.Run(string(binding), func(t *testing.T) {
			farm := compatFarm(t, true)
			ctx, cancel := context.WithTimeout(t.Context(), compatDeadline)
			defer cancel()

			taskID, states, runErr := run(ctx, t, farm, binding)
			// Close waits for in-flight requests, so the journal is complete.
			if err := farm.Close(); err != nil {
				t.Errorf("farm.Close: %v", err)
			}
			recorded := farm.Journal().All()
			if runErr != nil {
				t.Fatalf("a2a-go: %v\njournal:\n%s", runErr, peertest.JournalLines(recorded))
			}
			check(t, binding, taskID, states, recorded)
		})
	}
}

// stream reads one SendStreamingMessage of a compat client to its end and
// returns the task and the state of every task or status event.
func stream(ctx context.Context, t *testing.T, farm *mockpeer.Farm, binding a2a.TransportProtocol) (string, []a2a.TaskState, error) {
	ctx, client, err := newCompatClient(ctx, t, farm, binding)
	if err != nil {
		return "", nil, err
	}
	var taskID string
	var states []a2a.TaskState
	req := &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("a2a-conform SDK streaming check"))}
	for event, err := range client.SendStreamingMessage(ctx, req) {
		if err != nil {
			return taskID, states, err
		}
		switch e := event.(type) {
		case *a2a.Task:
			taskID, states = string(e.ID), append(states, e.Status.State)
		case *a2a.TaskStatusUpdateEvent:
			taskID, states = string(e.TaskID), append(states, e.Status.State)
		}
	}
	return taskID, states, nil
}

// compatFarm starts the compatibility peer for the test; see
// peertest.StartCompatFarm.
func compatFarm(t *testing.T, flatScopes bool) *mockpeer.Farm {
	t.Helper()
	farm, err := peertest.StartCompatFarm(t.Context(), flatScopes)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return farm
}

// newCompatClient uses the SDK as its documentation shows: resolve the
// card, build a client from it with a credential store for the card's
// scheme, binding preferred. Call with the returned context (it carries
// the credential session); the client is destroyed when t ends.
func newCompatClient(ctx context.Context, t *testing.T, farm *mockpeer.Farm, binding a2a.TransportProtocol) (context.Context, *a2aclient.Client, error) {
	httpc := httpClient(t, farm)
	// WithPath("") makes the card URL the request URL as-is.
	card, err := agentcard.NewResolver(httpc).Resolve(ctx, farm.Peer(peertest.CompatPeer).CardURL(), agentcard.WithPath(""))
	if err != nil {
		return ctx, nil, err
	}

	const session = a2aclient.SessionID("a2a-conform-compat")
	creds := a2aclient.NewInMemoryCredentialsStore()
	creds.Set(session, peertest.CompatBearerScheme, a2aclient.AuthCredential(farm.Credentials(farm.Grants()).BearerToken))
	client, err := a2aclient.NewFromCard(ctx, card,
		a2aclient.WithJSONRPCTransport(httpc),
		a2aclient.WithRESTTransport(httpc),
		a2agrpc.WithGRPCTransport(grpcTLS(t, farm)),
		a2aclient.WithConfig(a2aclient.Config{PreferredTransports: []a2a.TransportProtocol{binding}}),
		a2aclient.WithCallInterceptors(&a2aclient.AuthInterceptor{Service: creds}),
	)
	if err != nil {
		return ctx, nil, err
	}
	t.Cleanup(func() { _ = client.Destroy() })
	return a2aclient.AttachSessionID(ctx, session), client, nil
}

// sendGetCancel sends, gets and cancels with a compat client. It returns
// the task and the states it saw.
func sendGetCancel(ctx context.Context, t *testing.T, farm *mockpeer.Farm, binding a2a.TransportProtocol) (string, []a2a.TaskState, error) {
	ctx, client, err := newCompatClient(ctx, t, farm, binding)
	if err != nil {
		return "", nil, err
	}

	res, err := client.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("a2a-conform SDK compatibility check")),
		Config:  &a2a.SendMessageConfig{ReturnImmediately: true},
	})
	if err != nil {
		return "", nil, err
	}
	task, ok := res.(*a2a.Task)
	if !ok {
		return "", nil, errors.New("SendMessage returned a message, not a task")
	}
	states := []a2a.TaskState{task.Status.State}

	got, err := client.GetTask(ctx, &a2a.GetTaskRequest{ID: task.ID})
	if err != nil {
		return string(task.ID), states, err
	}
	states = append(states, got.Status.State)

	canceled, err := client.CancelTask(ctx, &a2a.CancelTaskRequest{ID: task.ID})
	if err != nil {
		return string(task.ID), states, err
	}
	return string(task.ID), append(states, canceled.Status.State), nil
}

// TestSpecShapedSecurityIsRejected documents an SDK bug (real-sdk-clients.md
// §0, a2a-v1-wire.md §11.2): a2a-go v2.3.1 parses securityRequirements
// scopes only as bare arrays, so the spec's {"list":[...]} shape fails card
// parsing before the first call. When the SDK is fixed this test fails:
// then drop FlatSecurityScopes from TestSDKCompatGo.
func TestSpecShapedSecurityIsRejected(t *testing.T) {
	farm := compatFarm(t, false)
	peer := farm.Peer(peertest.CompatPeer)
	if served := string(peer.CardBytes(0)); !strings.Contains(served, `"schemes":{"bearer":{"list":[]}}`) {
		t.Fatalf("the card is not spec-shaped: %s", served)
	}
	ctx, cancel := context.WithTimeout(t.Context(), compatDeadline)
	defer cancel()

	_, err := agentcard.NewResolver(httpClient(t, farm)).Resolve(ctx, peer.CardURL(), agentcard.WithPath(""))
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		t.Fatal("a2a-go parsed the spec-shaped card: the SDK is fixed, drop FlatSecurityScopes from TestSDKCompatGo")
	case !errors.As(err, &typeErr):
		t.Fatalf("card parsing failed for another reason: %v", err)
	case typeErr.Value != "object" || typeErr.Type != reflect.TypeFor[a2a.SecuritySchemeScopes]():
		t.Fatalf("want the known error (object into a2a.SecuritySchemeScopes), got: %v", err)
	}

	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	recorded := journal.Requests(farm.Journal().All())
	if len(recorded) != 1 || recorded[0].Route != journal.RouteCard || recorded[0].Status != http.StatusOK {
		t.Errorf("want only a served card fetch, journal:\n%s", peertest.JournalLines(recorded))
	}
}
