package refclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// maxResponseBytes bounds an A2A response body.
const maxResponseBytes = 4 << 20

// binding speaks one A2A protocol binding to one interface.
type binding interface {
	sendMessage(ctx context.Context, req *wire.SendMessageRequest) (*wire.SendMessageResponse, error)
	getTask(ctx context.Context, id string) (*wire.Task, error)
	cancelTask(ctx context.Context, id string) (*wire.Task, error)
	// sendStreaming is SendStreamingMessage, subscribe SubscribeToTask: the
	// stream is open once they return.
	sendStreaming(ctx context.Context, req *wire.SendMessageRequest) (*eventStream, error)
	subscribe(ctx context.Context, id string) (*eventStream, error)
	// getExtendedCard is GetExtendedAgentCard: the card as received.
	getExtendedCard(ctx context.Context) ([]byte, error)
}

// endpoint is what both bindings share: where to go, as whom, with which
// service parameters.
type endpoint struct {
	http   *http.Client
	url    *url.URL
	tenant string
	// decorate adds A2A-Version, A2A-Extensions and credentials.
	decorate func(*http.Request)
}

// exchange sends one request and returns status and (bounded) body.
func (e *endpoint) exchange(ctx context.Context, op, method, target string, body any) (int, []byte, error) {
	req, err := e.request(ctx, op, method, target, body)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Accept", "application/json, "+wire.RESTContentType)
	resp, err := e.http.Do(req)
	if err != nil {
		return 0, nil, transportError(op, err)
	}
	defer resp.Body.Close()
	return readAnswer(op, resp)
}

// request builds a decorated request with body as JSON, if non-nil.
func (e *endpoint) request(ctx context.Context, op, method, target string, body any) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: encode: %w", ErrConfig, op, err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, rd)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrConfig, op, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	e.decorate(req)
	return req, nil
}

// readAnswer reads the status and (bounded) body of resp.
func readAnswer(op string, resp *http.Response) (int, []byte, error) {
	raw, err := readBounded(op, resp, maxResponseBytes)
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, raw, nil
}

// readBounded reads at most limit bytes of resp's body; a failure to read
// is a transport error of op.
func readBounded(op string, resp *http.Response, limit int64) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return nil, transportError(op, err)
	}
	return raw, nil
}

// errorInfoReason finds the google.rpc.ErrorInfo reason in error details.
func errorInfoReason(details []any) string {
	for _, d := range details {
		m, _ := d.(map[string]any)
		if m["@type"] == wire.ErrorInfoType {
			r, _ := m["reason"].(string)
			return r
		}
	}
	return ""
}

func checkTask(op string, t *wire.Task) (*wire.Task, error) {
	if t == nil || t.ID == "" {
		return nil, malformed(op, fmt.Errorf("no task id"))
	}
	if st, ok := wire.ParseTaskState(string(t.Status.State)); ok {
		t.Status.State = st
	}
	return t, nil
}

func checkSendResponse(r *wire.SendMessageResponse) (*wire.SendMessageResponse, error) {
	switch {
	case r.Task != nil && r.Message != nil:
		return nil, malformed(wire.MethodSendMessage, fmt.Errorf("both task and message"))
	case r.Message != nil:
		return r, nil
	}
	if _, err := checkTask(wire.MethodSendMessage, r.Task); err != nil {
		return nil, err
	}
	return r, nil
}
