package refclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// jsonRPC is the JSON-RPC 2.0 binding: every call is a POST to the
// interface url.
type jsonRPC struct {
	endpoint
	lastID atomic.Int64
}

type rpcRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int64  `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *wire.RPCError  `json:"error"`
}

func (j *jsonRPC) call(ctx context.Context, method string, params, out any) error {
	id := j.lastID.Add(1)
	status, raw, err := j.exchange(ctx, method, "POST", j.url.String(),
		rpcRequest{JSONRPC: "2.0", ID: id, Method: method, Params: params})
	if err != nil {
		return err
	}
	return decodeRPC(method, id, status, raw, out)
}

// decodeRPC reads the JSON-RPC response to request id into out: an answer
// or, in a stream, one event.
func decodeRPC(method string, id int64, status int, raw []byte, out any) error {
	var resp rpcResponse
	if err := json.Unmarshal(raw, &resp); err != nil || (resp.Result == nil && resp.Error == nil) {
		if status < 200 || status > 299 {
			return &PeerError{Op: method, HTTPStatus: status}
		}
		return malformed(method, fmt.Errorf("not a JSON-RPC response"))
	}
	if resp.JSONRPC != "2.0" {
		return malformed(method, fmt.Errorf("jsonrpc %q", resp.JSONRPC))
	}
	if resp.Error != nil {
		return &PeerError{Op: method, HTTPStatus: status, Code: resp.Error.Code,
			Reason: errorInfoReason(resp.Error.Data), Message: resp.Error.Message}
	}
	if !echoes(resp.ID, id) {
		return malformed(method, fmt.Errorf("id %s does not echo %d", resp.ID, id))
	}
	if status < 200 || status > 299 {
		return &PeerError{Op: method, HTTPStatus: status}
	}
	if err := json.Unmarshal(resp.Result, out); err != nil {
		return malformed(method, err)
	}
	return nil
}

// echoes reports whether a response id is the request id, as a number.
func echoes(raw json.RawMessage, id int64) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return false
	}
	n, ok := v.(json.Number)
	return ok && n.String() == strconv.FormatInt(id, 10)
}

func (j *jsonRPC) sendMessage(ctx context.Context, req *wire.SendMessageRequest) (*wire.SendMessageResponse, error) {
	withTenant := *req
	withTenant.Tenant = j.tenant
	var out wire.SendMessageResponse
	if err := j.call(ctx, wire.MethodSendMessage, &withTenant, &out); err != nil {
		return nil, err
	}
	return checkSendResponse(&out)
}

func (j *jsonRPC) getTask(ctx context.Context, id string) (*wire.Task, error) {
	zero := int32(0)
	var out wire.Task
	if err := j.call(ctx, wire.MethodGetTask, wire.GetTaskRequest{Tenant: j.tenant, ID: id, HistoryLength: &zero}, &out); err != nil {
		return nil, err
	}
	return checkTask(wire.MethodGetTask, &out)
}

func (j *jsonRPC) cancelTask(ctx context.Context, id string) (*wire.Task, error) {
	var out wire.Task
	if err := j.call(ctx, wire.MethodCancelTask, wire.CancelTaskRequest{Tenant: j.tenant, ID: id}, &out); err != nil {
		return nil, err
	}
	return checkTask(wire.MethodCancelTask, &out)
}

func (j *jsonRPC) sendStreaming(ctx context.Context, req *wire.SendMessageRequest) (*eventStream, error) {
	withTenant := *req
	withTenant.Tenant = j.tenant
	return j.stream(ctx, wire.MethodSendStreamingMessage, &withTenant)
}

func (j *jsonRPC) subscribe(ctx context.Context, id string) (*eventStream, error) {
	return j.stream(ctx, wire.MethodSubscribeToTask, wire.SubscribeToTaskRequest{Tenant: j.tenant, ID: id})
}

// stream opens a streaming call: every event is a JSON-RPC response that
// echoes the request's id.
func (j *jsonRPC) stream(ctx context.Context, method string, params any) (*eventStream, error) {
	id := j.lastID.Add(1)
	return j.openStream(ctx, method, "POST", j.url.String(), rpcRequest{JSONRPC: "2.0", ID: id, Method: method, Params: params},
		func(status int, data []byte, out any) error { return decodeRPC(method, id, status, data, out) })
}
