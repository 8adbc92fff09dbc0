package agent

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

const (
	contentTypeJSON = "application/json"
	contentTypeSSE  = "text/event-stream"
)

// The Content-Type values the JSON bindings answer with, made once:
// Header.Set makes a slice for its value on every answer. They are shared
// as the card's value is (mockpeer's jsonContentType): net/http copies a
// handler's header when it writes it, and nothing changes one in place
// (an Add appends to a full slice, which copies it).
var (
	contentTypeJSONValue = []string{contentTypeJSON}
	contentTypeRESTValue = []string{wire.RESTContentType}
)

// contentTypeValue is the header value of contentType, shared for the
// usual two.
func contentTypeValue(contentType string) []string {
	switch contentType {
	case contentTypeJSON:
		return contentTypeJSONValue[:1:1]
	case wire.RESTContentType:
		return contentTypeRESTValue[:1:1]
	}
	return []string{contentType}
}

// Marshal is the encoding the JSON bindings give a result (Call.ResultJSON).
func Marshal(v any) ([]byte, error) { return marshal(v) }

// marshal encodes v without HTML escaping, so ids and texts travel as sent.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := encodeTo(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func encodeTo(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	return nil
}

// bodyBuffers keep response buffers between requests: a response is
// written, and its bytes copied by whoever keeps them, before its buffer
// goes back.
var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeEncoded answers v encoded as JSON, or returns the encoding error
// having written nothing.
func writeEncoded(w http.ResponseWriter, status int, contentType string, v any) error {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 64<<10 { // a huge answer's buffer is not kept
			buf.Reset()
			bodyBuffers.Put(buf)
		}
	}()
	if err := encodeTo(buf, v); err != nil {
		return err
	}
	writeBody(w, status, contentType, buf.Bytes())
	return nil
}

func writeBody(w http.ResponseWriter, status int, contentType string, body []byte) {
	w.Header()["Content-Type"] = contentTypeValue(contentType)
	w.WriteHeader(status)
	_, _ = w.Write(body) // a write error means the client is gone
}

// sane replaces an error a Handler built without a usable kind, which
// could not be rendered on either binding, by an InternalError.
func sane(e *Error) *Error {
	if e.Kind.RPCCode == 0 || e.Kind.HTTPStatus < 400 || e.Kind.HTTPStatus > 599 {
		return Errorf(wire.ErrInternal, "handler error without a usable kind: "+quote(e.Kind.Name))
	}
	if e.Challenge != "" && e.Metadata[challengeKey] != e.Challenge {
		c := *e
		c.Metadata = make(map[string]string, len(e.Metadata)+1)
		for k, v := range e.Metadata {
			c.Metadata[k] = v
		}
		c.Metadata[challengeKey] = e.Challenge
		return &c
	}
	return e
}

// challengeKey is the ErrorInfo metadata key of Error.Challenge.
const challengeKey = "www-authenticate"

// rpcStatus is the HTTP status of a JSON-RPC error answer: 200, as the
// binding answers errors, but 401 with the WWW-Authenticate challenge of
// an authentication failure that names one (RFC 6750 §3).
func rpcStatus(w http.ResponseWriter, e *Error) int {
	if e == nil || e.Challenge == "" {
		return http.StatusOK
	}
	w.Header().Set("WWW-Authenticate", e.Challenge)
	return http.StatusUnauthorized
}

// rpcErrorResponse renders e for JSON-RPC and records its code on call.
func rpcErrorResponse(call *Call, id json.RawMessage, e *Error) wire.RPCResponse {
	e = sane(e)
	call.ErrorCode = e.Kind.RPCCode
	return wire.RPCResponse{JSONRPC: "2.0", ID: id, Error: wire.RPCErrorOf(e.Kind, e.Detail, e.Metadata)}
}

// writeRPC sends one JSON-RPC response. A result that cannot be encoded
// (the Handler's fault) is answered as an InternalError instead.
func writeRPC(w http.ResponseWriter, call *Call, status int, resp wire.RPCResponse) {
	if resp.Result != nil && call.ResultJSON != nil {
		writeRPCEncoded(w, status, resp.ID, call.ResultJSON)
		return
	}
	if err := writeEncoded(w, status, contentTypeJSON, resp); err != nil {
		resp = rpcErrorResponse(call, resp.ID, Errorf(wire.ErrInternal, "encoding the response: "+err.Error()))
		_ = writeEncoded(w, status, contentTypeJSON, resp) // strings only: always encodes
	}
}

// writeRPCEncoded answers a result already encoded, in the frame
// encoding/json gives wire.RPCResponse: the id is a JSON number or string
// as the request spelled it (no space to compact), or null.
func writeRPCEncoded(w http.ResponseWriter, status int, id json.RawMessage, result []byte) {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	buf.WriteString(`{"jsonrpc":"2.0","id":`)
	if id == nil {
		buf.WriteString("null")
	} else {
		buf.Write(id)
	}
	buf.WriteString(`,"result":`)
	buf.Write(result)
	buf.WriteByte('}')
	writeBody(w, status, contentTypeJSON, buf.Bytes())
	if buf.Cap() <= 64<<10 {
		buf.Reset()
		bodyBuffers.Put(buf)
	}
}

// restErrorBody renders e as google.rpc.Status and records its code.
func restErrorBody(call *Call, e *Error) wire.RESTError {
	e = sane(e)
	call.ErrorCode = e.Kind.RPCCode
	return wire.RESTErrorOf(e.Kind, e.Detail, e.Metadata)
}

// writeRESTError answers an HTTP+JSON error. Errors are always
// application/json: a2a-go decodes error bodies of that type only.
func writeRESTError(w http.ResponseWriter, call *Call, e *Error) {
	e = sane(e)
	if e.Challenge != "" {
		w.Header().Set("WWW-Authenticate", e.Challenge)
	}
	body, _ := marshal(restErrorBody(call, e)) // strings only: always encodes
	writeBody(w, e.Kind.HTTPStatus, contentTypeJSON, body)
}

// writeRESTResult answers an HTTP+JSON success in the content type the
// client asked for: application/a2a+json if its Accept names it.
func writeRESTResult(w http.ResponseWriter, r *http.Request, call *Call, v any) {
	contentType := contentTypeJSON
	if acceptsA2AJSON(r) {
		contentType = wire.RESTContentType
	}
	if call.ResultJSON != nil {
		writeBody(w, http.StatusOK, contentType, call.ResultJSON)
		return
	}
	if err := writeEncoded(w, http.StatusOK, contentType, v); err != nil {
		writeRESTError(w, call, Errorf(wire.ErrInternal, "encoding the response: "+err.Error()))
	}
}

func acceptsA2AJSON(r *http.Request) bool {
	for _, accept := range r.Header.Values("Accept") {
		for _, item := range strings.Split(accept, ",") {
			media, _, _ := strings.Cut(item, ";")
			if strings.EqualFold(strings.TrimSpace(media), wire.RESTContentType) {
				return true
			}
		}
	}
	return false
}

// checkContentType accepts a request body declared as application/json or
// application/a2a+json (with any parameters), or not declared at all, as
// sent by clients that set no header. Anything else is an
// InvalidRequestError, not ContentTypeNotSupportedError: the spec keeps the
// latter for message media types (accepted output modes), not the envelope.
func checkContentType(call *Call, r *http.Request) *Error {
	declared := r.Header.Get("Content-Type")
	if declared == "" || declared == contentTypeJSON { // the usual, without parsing
		return nil
	}
	media, _, err := mime.ParseMediaType(declared)
	if err == nil && (media == contentTypeJSON || media == wire.RESTContentType) {
		return nil
	}
	return reject(call, wire.ErrInvalidRequest,
		"Content-Type "+quote(declared)+" is not application/json or application/a2a+json")
}
