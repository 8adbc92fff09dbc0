package refclient

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// rest is the HTTP+JSON binding: paths appended to the interface url,
// prefixed by /{tenant} when the interface has one.
type rest struct {
	endpoint
}

// target builds the URL of a route; path is already escaped.
func (r *rest) target(path string, query url.Values) string {
	u := *r.url
	p := strings.TrimSuffix(u.EscapedPath(), "/")
	if r.tenant != "" {
		p += "/" + url.PathEscape(r.tenant)
	}
	p += path
	u.RawPath = p
	u.Path, _ = url.PathUnescape(p)
	if len(query) > 0 {
		q := u.Query()
		for k, v := range query {
			q[k] = v
		}
		u.RawQuery = q.Encode()
	}
	return u.String()
}

func (r *rest) call(ctx context.Context, op, method, target string, body, out any) error {
	status, raw, err := r.exchange(ctx, op, method, target, body)
	if err != nil {
		return err
	}
	return decodeREST(op, status, raw, out)
}

// decodeREST reads an HTTP+JSON answer into out: the body of a 2xx
// response, or one event of a stream. An error status, or a body that is a
// google.rpc.Status (how a stream reports an error after its start), is
// the peer's error.
func decodeREST(op string, status int, raw []byte, out any) error {
	var e wire.RESTError
	_ = json.Unmarshal(raw, &e) // an unparsable error body still is an error
	if status < 200 || status > 299 || e.Error.Code != 0 || e.Error.Status != "" {
		if status >= 200 && status <= 299 {
			status = e.Error.Code
		}
		return &PeerError{Op: op, HTTPStatus: status, Status: e.Error.Status,
			Reason: errorInfoReason(e.Error.Details), Message: e.Error.Message}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return malformed(op, err)
	}
	return nil
}

func (r *rest) sendMessage(ctx context.Context, req *wire.SendMessageRequest) (*wire.SendMessageResponse, error) {
	body := *req
	body.Tenant = "" // carried by the path
	var out wire.SendMessageResponse
	if err := r.call(ctx, wire.MethodSendMessage, http.MethodPost, r.target("/message:send", nil), &body, &out); err != nil {
		return nil, err
	}
	return checkSendResponse(&out)
}

func (r *rest) getTask(ctx context.Context, id string) (*wire.Task, error) {
	var out wire.Task
	target := r.target("/tasks/"+url.PathEscape(id), url.Values{"historyLength": {"0"}})
	if err := r.call(ctx, wire.MethodGetTask, http.MethodGet, target, nil, &out); err != nil {
		return nil, err
	}
	return checkTask(wire.MethodGetTask, &out)
}

func (r *rest) cancelTask(ctx context.Context, id string) (*wire.Task, error) {
	var out wire.Task
	target := r.target("/tasks/"+url.PathEscape(id)+":cancel", nil)
	if err := r.call(ctx, wire.MethodCancelTask, http.MethodPost, target, struct{}{}, &out); err != nil {
		return nil, err
	}
	return checkTask(wire.MethodCancelTask, &out)
}

func (r *rest) sendStreaming(ctx context.Context, req *wire.SendMessageRequest) (*eventStream, error) {
	body := *req
	body.Tenant = "" // carried by the path
	return r.stream(ctx, wire.MethodSendStreamingMessage, http.MethodPost, r.target("/message:stream", nil), &body)
}

// subscribe uses GET, as the proto's HTTP annotation says (the spec text
// says POST; a2a-v1-wire.md §3).
func (r *rest) subscribe(ctx context.Context, id string) (*eventStream, error) {
	target := r.target("/tasks/"+url.PathEscape(id)+":subscribe", nil)
	return r.stream(ctx, wire.MethodSubscribeToTask, http.MethodGet, target, nil)
}

// stream opens a streaming call: every event is a bare StreamResponse.
func (r *rest) stream(ctx context.Context, op, method, target string, body any) (*eventStream, error) {
	return r.openStream(ctx, op, method, target, body,
		func(status int, data []byte, out any) error { return decodeREST(op, status, data, out) })
}
