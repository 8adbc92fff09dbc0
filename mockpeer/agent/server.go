package agent

import (
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// DefaultMaxBodyBytes bounds a request body when Options leaves it unset.
const DefaultMaxBodyBytes = 1 << 20

// Options tunes both protocol servers. The zero value is ready to use.
type Options struct {
	// MaxBodyBytes caps the request body; 0 (or less) means 1 MiB.
	MaxBodyBytes int64
}

func (o Options) maxBody() int64 {
	if o.MaxBodyBytes <= 0 {
		return DefaultMaxBodyBytes
	}
	return o.MaxBodyBytes
}

// errBodyTooLarge is answered when a body exceeds Options.MaxBodyBytes.
// The spec has no kind for it; REST uses 413, JSON-RPC an InvalidRequest.
var errBodyTooLarge = wire.ErrorKind{
	Name: "InvalidRequestError", RPCCode: wire.ErrInvalidRequest.RPCCode,
	HTTPStatus: http.StatusRequestEntityTooLarge, GRPCStatus: "INVALID_ARGUMENT",
	Message: "Request body too large",
}

// errMethodNotAllowed is answered by REST for a known path and a wrong verb.
var errMethodNotAllowed = wire.ErrorKind{
	Name: "MethodNotFoundError", RPCCode: wire.ErrMethodNotFound.RPCCode,
	HTTPStatus: http.StatusMethodNotAllowed, GRPCStatus: "UNIMPLEMENTED",
	Message: "Method not allowed",
}

// errUnknownPath is answered by REST for a path that names no operation.
var errUnknownPath = wire.ErrorKind{
	Name: "MethodNotFoundError", RPCCode: wire.ErrMethodNotFound.RPCCode,
	HTTPStatus: http.StatusNotFound, GRPCStatus: "NOT_FOUND",
	Message: "Not found",
}

// prepare returns r carrying the caller's *Call (or a fresh one), with the
// binding, version and extensions recorded.
func prepare(r *http.Request, binding string) (*http.Request, *Call) {
	call := CallFrom(r.Context())
	if call == nil {
		call = &Call{}
		r = r.WithContext(WithCall(r.Context(), call))
	}
	call.Binding = binding
	call.Version = versionOf(r)
	call.Extensions = extensionsOf(r)
	return r, call
}

// reject records why a request is refused before it reaches the Handler.
func reject(call *Call, kind wire.ErrorKind, detail string) *Error {
	call.Malformed = detail
	if detail == "" {
		call.Malformed = kind.Name
	}
	return &Error{Kind: kind, Detail: detail}
}

// WholeBody is implemented by a request body that has already read all
// of itself (a journal's capture of it): readBody then takes those bytes
// instead of reading them into a copy. ok is false when the body has more
// to read, or some of it was read already; the bytes are not to be
// changed.
type WholeBody interface {
	WholeBody() (body []byte, ok bool)
}

// readBody reads at most limit bytes; a longer body is an error.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if wb, ok := r.Body.(WholeBody); ok {
		if body, whole := wb.WholeBody(); whole && int64(len(body)) <= limit {
			return body, nil
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, errTooLarge{limit}
	}
	if err != nil {
		return nil, err
	}
	return body, nil
}

type errTooLarge struct{ limit int64 }

func (e errTooLarge) Error() string {
	return "body exceeds " + strconv.FormatInt(e.limit, 10) + " bytes"
}

// bodyFault turns a readBody error into the answer for it.
func bodyFault(call *Call, err error) *Error {
	var big errTooLarge
	if errors.As(err, &big) {
		return reject(call, errBodyTooLarge, big.Error())
	}
	return reject(call, wire.ErrInvalidRequest, "reading body: "+err.Error())
}
