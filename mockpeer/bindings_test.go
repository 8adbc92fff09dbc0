package mockpeer

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// binding sends A2A operations over one protocol binding.
type binding struct {
	name string
	// call performs a unary op; err is the A2A error code (0 if none).
	call func(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) (json.RawMessage, int)
	// stream performs a streaming op and returns its events.
	stream func(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) []wire.StreamResponse
}

var bindings = []binding{
	{wire.BindingJSONRPC, jsonrpcCall, jsonrpcStream},
	{wire.BindingHTTPJSON, restCall, restStream},
}

func jsonrpcCall(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) (json.RawMessage, int) {
	t.Helper()
	res, e := rpc(t, c, p, op, params, nil)
	if e != nil {
		return nil, e.Code
	}
	return res, 0
}

func jsonrpcStream(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) []wire.StreamResponse {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "s", "method": op, "params": params})
	return readStream(t, c, http.MethodPost, JSONRPCURL(p.Origin()), string(raw), func(data json.RawMessage) wire.StreamResponse {
		var env struct {
			Result wire.StreamResponse `json:"result"`
			Error  *wire.RPCError      `json:"error"`
		}
		if err := json.Unmarshal(data, &env); err != nil || env.Error != nil {
			t.Fatalf("stream event %s: %v %+v", data, err, env.Error)
		}
		return env.Result
	})
}

// restRoute maps an operation and its params to an HTTP+JSON request.
func restRoute(op string, params map[string]any) (method, path, body string) {
	id, _ := params["id"].(string)
	raw, _ := json.Marshal(params)
	switch op {
	case wire.MethodSendMessage:
		return http.MethodPost, "/message:send", string(raw)
	case wire.MethodSendStreamingMessage:
		return http.MethodPost, "/message:stream", string(raw)
	case wire.MethodGetTask:
		return http.MethodGet, "/tasks/" + id, ""
	case wire.MethodCancelTask:
		return http.MethodPost, "/tasks/" + id + ":cancel", "{}"
	case wire.MethodSubscribeToTask:
		return http.MethodPost, "/tasks/" + id + ":subscribe", "{}"
	case wire.MethodGetExtendedAgentCard:
		return http.MethodGet, "/extendedAgentCard", ""
	}
	panic("no REST route for " + op)
}

func restCall(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) (json.RawMessage, int) {
	t.Helper()
	method, path, body := restRoute(op, params)
	resp, out := do(t, c, method, RESTURL(p.Origin())+path, body, a2aHeaders(nil))
	if resp.StatusCode != http.StatusOK {
		var e wire.RESTError
		if err := json.Unmarshal(out, &e); err != nil {
			t.Fatalf("REST error body %s: %v", out, err)
		}
		return nil, restErrorCode(e)
	}
	return out, 0
}

// restErrorCode maps a REST error back to its JSON-RPC code by reason.
func restErrorCode(e wire.RESTError) int {
	for _, k := range []wire.ErrorKind{
		wire.ErrTaskNotFound, wire.ErrTaskNotCancelable, wire.ErrUnsupportedOperation,
		wire.ErrUnauthenticated, wire.ErrExtensionSupportRequired, wire.ErrInvalidParams,
	} {
		if len(e.Error.Details) > 0 {
			if d, ok := e.Error.Details[0].(map[string]any); ok && d["reason"] == k.Reason && k.Reason != "" {
				return k.RPCCode
			}
		}
		if k.Reason == "" && e.Error.Status == k.GRPCStatus && e.Error.Code == k.HTTPStatus {
			return k.RPCCode
		}
	}
	return -1
}

func restStream(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) []wire.StreamResponse {
	t.Helper()
	method, path, body := restRoute(op, params)
	return readStream(t, c, method, RESTURL(p.Origin())+path, body, func(data json.RawMessage) wire.StreamResponse {
		var ev wire.StreamResponse
		if err := json.Unmarshal(data, &ev); err != nil {
			t.Fatalf("stream event %s: %v", data, err)
		}
		return ev
	})
}

func readStream(t *testing.T, c *http.Client, method, url, body string, decode func(json.RawMessage) wire.StreamResponse) []wire.StreamResponse {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	resp := openSSE(t, c, req)
	defer resp.Body.Close()
	var out []wire.StreamResponse
	for _, data := range sseEvents(t, resp.Body) {
		out = append(out, decode(data))
	}
	return out
}

// must unwraps a call that the test expects to succeed.
func must(res json.RawMessage, code int) json.RawMessage {
	if code != 0 {
		panic(fmt.Sprintf("unexpected A2A error %d", code))
	}
	return res
}

// onEachBinding runs test once per binding, each time against a fresh
// streaming peer "A" with script and a client that trusts the farm.
func onEachBinding(t *testing.T, script TaskScript, test func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client)) {
	for _, b := range bindings {
		t.Run(b.name, func(t *testing.T) {
			f, p := scriptedPeer(t, script)
			test(t, b, f, p, httpsClient(t, f, false))
		})
	}
}
