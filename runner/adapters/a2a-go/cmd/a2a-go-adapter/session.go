package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"net/http"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	a2agrpc "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// pollInterval is the wait between two GetTask polls. The peers move a
// task one step per poll, not per unit of time, so the wait only adds to
// the run's wall time: short, but not a busy loop. (Streaming would make
// the SDK's traffic a different one, and so its verdicts.)
const pollInterval = 20 * time.Millisecond

// session is one SDK client for a whole session, used the way the SDK's
// documentation shows for a long-lived application: one card resolve and
// one a2aclient.NewFromCard per agent, the client reused for every task.
// The client holds the card it was made from; nothing here resolves it
// again.
type session struct {
	httpc *http.Client
	// tlsCfg is httpc's TLS, which the gRPC transport dials with too.
	tlsCfg *tls.Config
	creds  driver.Credentials
	// clients holds the client of each card URL, made at its first task.
	// Every task of a scenario names the same card URL, so a session
	// holds one client.
	clients map[string]*a2aclient.Client
}

// newSession sets up the TLS and HTTP client of the session's CA file and
// credentials; the SDK client comes with the first task.
func newSession(a driver.Assignment) (*session, error) {
	cfg, err := tlsConfig(a.CAFile, a.Credentials)
	if err != nil {
		return nil, err
	}
	return &session{httpc: httpClient(cfg), tlsCfg: cfg, creds: a.Credentials, clients: map[string]*a2aclient.Client{}}, nil
}

func (s *session) close() {
	for _, c := range s.clients {
		_ = c.Destroy()
	}
	s.httpc.CloseIdleConnections()
}

// delegate runs one task until its stopAt: send in polling mode, poll
// until the task settles. The adapter never cancels.
func (s *session) delegate(ctx context.Context, t task) driver.Outcome {
	ctx, cancel := context.WithDeadline(ctx, t.stopAt)
	defer cancel()
	client, err := s.client(ctx, t.cardURL)
	if err != nil {
		return fromError(err, "")
	}
	ctx = a2aclient.AttachSessionID(ctx, credSession)

	res, err := client.SendMessage(ctx, &a2a.SendMessageRequest{
		Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart(t.message)),
		Config:  &a2a.SendMessageConfig{ReturnImmediately: true},
	})
	if err != nil {
		return fromError(err, "")
	}
	current, ok := res.(*a2a.Task)
	if !ok {
		return driver.Outcome{Outcome: driver.OutcomeCompleted, Detail: "the agent answered with a message, no task"}
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

// client is the session's client for cardURL. One that could not be made
// (the card did not resolve or parse) is tried again at the next task, as
// an application would; one that was made is kept for good.
func (s *session) client(ctx context.Context, cardURL string) (*a2aclient.Client, error) {
	if c, ok := s.clients[cardURL]; ok {
		return c, nil
	}
	c, err := newClient(ctx, s.httpc, s.tlsCfg, cardURL, s.creds)
	if err != nil {
		return nil, err
	}
	s.clients[cardURL] = c
	return c, nil
}

// newClient resolves the card URL as-is (WithPath("")) with the SDK's
// resolver and builds a client from the card with the SDK's three
// transports and its AuthInterceptor. The gRPC transport (a2agrpc) dials
// the interface's host:port with the session's TLS; its AuthInterceptor
// credentials travel as gRPC metadata. No preferred transport: the SDK
// picks by the card, whose farm cards list gRPC last or alone.
func newClient(ctx context.Context, httpc *http.Client, tlsCfg *tls.Config, cardURL string, creds driver.Credentials) (*a2aclient.Client, error) {
	card, err := agentcard.NewResolver(httpc).Resolve(ctx, cardURL, agentcard.WithPath(""))
	if err != nil {
		return nil, err
	}
	store, err := credentialStore(ctx, httpc, card, creds)
	if err != nil {
		return nil, err
	}
	return a2aclient.NewFromCard(ctx, card,
		a2aclient.WithJSONRPCTransport(httpc),
		a2aclient.WithRESTTransport(httpc),
		a2agrpc.WithGRPCTransport(grpc.WithTransportCredentials(credentials.NewTLS(tlsCfg.Clone()))),
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
