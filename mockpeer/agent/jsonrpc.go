package agent

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// NewJSONRPCHandler serves the JSON-RPC binding at the interface URL it is
// mounted on. Errors travel as JSON-RPC error objects with HTTP 200, ids are
// echoed with their JSON type, and streams are SSE of JSON-RPC responses.
func NewJSONRPCHandler(h Handler, o Options) http.Handler {
	return &jsonrpcServer{handler: h, limit: o.maxBody()}
}

type jsonrpcServer struct {
	handler Handler
	limit   int64
}

// rpcEnvelope is the part of a request checked before the params.
type rpcEnvelope struct {
	method string
	params json.RawMessage
	id     json.RawMessage // nil when absent or null; echoed as null
	// notification: a well-formed request without an id, which JSON-RPC 2.0
	// says is answered with nothing at all. A2A has no notifications, so it
	// is refused (recorded on the Call) and never executed.
	notification bool
}

func (s *jsonrpcServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r, call := prepare(r, wire.BindingJSONRPC)
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		e := reject(call, wire.ErrInvalidRequest, "JSON-RPC requests are POSTed, not sent with "+r.Method)
		writeRPC(w, call, http.StatusMethodNotAllowed, rpcErrorResponse(call, nil, e))
		return
	}
	env, req, e := s.read(w, r, call)
	if env.notification {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if e != nil {
		writeRPC(w, call, rpcStatus(w, e), rpcErrorResponse(call, env.id, e))
		return
	}
	if req.streaming() {
		s.stream(w, r, call, env.id, req)
		return
	}
	result, e := invoke(r.Context(), s.handler, r, req)
	if e != nil {
		writeRPC(w, call, rpcStatus(w, e), rpcErrorResponse(call, env.id, e))
		return
	}
	writeRPC(w, call, http.StatusOK, wire.RPCResponse{JSONRPC: "2.0", ID: env.id, Result: result})
}

// read takes a request from its body to an admitted request, in the
// order that lets every error echo the id: envelope, Content-Type, version,
// params, Admit.
func (s *jsonrpcServer) read(w http.ResponseWriter, r *http.Request, call *Call) (rpcEnvelope, request, *Error) {
	body, err := readBody(w, r, s.limit)
	if err != nil {
		return rpcEnvelope{}, nil, bodyFault(call, err)
	}
	env, e := parseEnvelope(call, body)
	if e == nil && env.notification {
		e = reject(call, wire.ErrInvalidRequest, "a JSON-RPC notification (no id): A2A has none; not executed")
		call.ErrorCode = e.Kind.RPCCode // refused, though nothing is answered
		return env, nil, e
	}
	if e == nil {
		e = checkContentType(call, r)
	}
	if e == nil {
		e = checkVersion(call)
	}
	if e != nil {
		return env, nil, e
	}
	req, e := s.decode(r, call, env)
	return env, req, e
}

// decode turns the method and params into a request of the operation the
// method names, then admits it.
func (s *jsonrpcServer) decode(r *http.Request, call *Call, env rpcEnvelope) (request, *Error) {
	o := byMethod[env.method]
	if o == nil {
		return nil, reject(call, wire.ErrMethodNotFound, quote(env.method)+" is not an A2A v1.0 method")
	}
	if o.newRequest == nil {
		return nil, unserved(s.handler, r, call, o)
	}
	req := o.newRequest()
	params := env.params
	if len(params) == 0 {
		params = []byte("null") // omitted params: an empty request message
	}
	if err := decodeValidProto(params, req.message()); err != nil {
		return nil, reject(call, wire.ErrInvalidParams, "params: "+err.Error())
	}
	return admitRequest(s.handler, r, call, req, "params.")
}

func (s *jsonrpcServer) stream(w http.ResponseWriter, r *http.Request, call *Call, id json.RawMessage, req request) {
	stream := newSSEStream(w, r, func(ev wire.StreamResponse) any {
		return wire.RPCResponse{JSONRPC: "2.0", ID: id, Result: ev}
	})
	e := invokeStream(r.Context(), s.handler, r, req, stream.emit)
	var failure any
	if e != nil {
		failure = rpcErrorResponse(call, id, e)
	}
	if stream.end(failure) {
		writeRPC(w, call, rpcStatus(w, e), failure.(wire.RPCResponse))
	}
}

// parseEnvelope checks the JSON-RPC 2.0 frame. The id is recorded first so
// that every later error can echo it. A frame that is well-formed but has
// no id is a notification (env.notification).
func parseEnvelope(call *Call, body []byte) (rpcEnvelope, *Error) {
	var env rpcEnvelope
	if e := checkJSON(call, body); e != nil {
		return env, e
	}
	switch jsonStart(body) {
	case '{':
	case '[':
		return env, reject(call, wire.ErrInvalidRequest, "batch requests are not supported")
	default:
		return env, reject(call, wire.ErrInvalidRequest, "request must be a JSON object")
	}
	var members [4]member               // a JSON-RPC envelope's four
	scan := scanJSON(body, members[:0]) // a valid object: members and repeats in one pass
	id, hasID := scan.get("id")
	switch jsonStart(id) {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		env.id = id
		call.RPCID = string(id)
	case 'n', 0:
		if hasID {
			call.RPCID = "null"
		}
	default:
		return env, reject(call, wire.ErrInvalidRequest, "id must be a string, a number or null")
	}
	if scan.dup {
		if scan.dupPath == "id" { // which one? neither can be echoed
			env.id, call.RPCID = nil, ""
		}
		return env, reject(call, wire.ErrInvalidRequest, "member "+quote(scan.dupPath)+" appears twice in its object")
	}
	if version, _ := scan.get("jsonrpc"); !isJSONString(version, "2.0") {
		return env, reject(call, wire.ErrInvalidRequest, `jsonrpc must be "2.0"`)
	}
	method, ok := scan.get("method")
	if !ok {
		return env, reject(call, wire.ErrInvalidRequest, "method is required")
	}
	var isString bool
	if env.method, isString = methodName(method); !isString {
		return env, reject(call, wire.ErrInvalidRequest, "method must be a string")
	}
	call.Op = env.method
	env.params, _ = scan.get("params")
	env.notification = !hasID
	return env, nil
}

// jsonString decodes a raw JSON value that must be a string.
func jsonString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}

// isJSONString reports whether raw is a JSON string whose value is want.
func isJSONString(raw []byte, want string) bool {
	if len(raw) == len(want)+2 && raw[0] == '"' && string(raw[1:len(raw)-1]) == want {
		return true
	}
	s, ok := jsonString(raw)
	return ok && s == want
}

// jsonStart returns the first non-space byte of a JSON text, 0 if none.
func jsonStart(data []byte) byte {
	for _, c := range data {
		if !isSpace(c) {
			return c
		}
	}
	return 0
}

// methodName is jsonString for the method: a method of the table is
// answered with the table's own string, which costs no allocation.
func methodName(raw []byte) (string, bool) {
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' {
		if o := byMethod[string(raw[1:len(raw)-1])]; o != nil {
			return o.method, true
		}
	}
	return jsonString(raw)
}
