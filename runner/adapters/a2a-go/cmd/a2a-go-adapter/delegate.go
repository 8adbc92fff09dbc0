package main

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

// pollInterval is the wait between two GetTask polls.
const pollInterval = 200 * time.Millisecond

// delegate runs one task: resolve the card, build the client, send in
// polling mode, poll until the task settles.
func delegate(ctx context.Context, t task) outcome {
	httpc, err := httpClient(t)
	if err != nil {
		return fromError(err, "")
	}
	defer httpc.CloseIdleConnections()
	client, err := newClient(ctx, httpc, t)
	if err != nil {
		return fromError(err, "")
	}
	defer func() { _ = client.Destroy() }()
	ctx = a2aclient.AttachSessionID(ctx, session)

	res, err := client.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(t.message)),
		Config:  &a2a.SendMessageConfig{ReturnImmediately: true},
	})
	if err != nil {
		return fromError(err, "")
	}
	current, ok := res.(*a2a.Task)
	if !ok {
		return outcome{Outcome: "completed", Detail: "the agent answered with a message, no task"}
	}
	taskID, polls := current.ID, 0
	for !settled(current.Status.State) {
		if err := wait(ctx, pollInterval); err != nil {
			return fromError(err, string(taskID))
		}
		if current, err = client.GetTask(ctx, &a2a.GetTaskRequest{ID: taskID}); err != nil {
			return fromError(err, string(taskID))
		}
		polls++
	}
	return fromTask(current, fmt.Sprintf("after %d GetTask poll(s)", polls))
}

// newClient resolves the card URL as-is (WithPath("")) with the SDK's
// resolver and builds a client from the card with both of the SDK's
// transports and its AuthInterceptor.
func newClient(ctx context.Context, httpc *http.Client, t task) (*a2aclient.Client, error) {
	card, err := agentcard.NewResolver(httpc).Resolve(ctx, t.cardURL, agentcard.WithPath(""))
	if err != nil {
		return nil, err
	}
	store, err := credentialStore(ctx, httpc, card, t.creds)
	if err != nil {
		return nil, err
	}
	return a2aclient.NewFromCard(ctx, card,
		a2aclient.WithJSONRPCTransport(httpc),
		a2aclient.WithRESTTransport(httpc),
		a2aclient.WithCallInterceptors(&a2aclient.AuthInterceptor{Service: store}),
	)
}

func wait(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
