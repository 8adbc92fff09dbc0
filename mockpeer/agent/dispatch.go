package agent

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// request is one request of an operation, as the bindings fill it in: from
// JSON-RPC params, or from an HTTP+JSON body, path and query.
type request interface {
	message() any                 // the wire request, to decode into
	fromPath(id, tenant string)   // HTTP+JSON: the path wins over the body
	fromQuery(q url.Values) error // HTTP+JSON query parameters (spec §11.5)
	validate() error
	taskID() string // the task the request addresses, "" when none
	tenant() string // the tenant the request names, "" when none
	streaming() bool
	serve(ctx context.Context, h Handler, r *http.Request) (any, *Error)
	serveStream(ctx context.Context, h Handler, r *http.Request, emit Emit) *Error
}

// op is a row of the operation table in its typed form; row erases the
// type. Optional fields are nil when the operation has no such part.
type op[Req any] struct {
	method   string
	routes   []restRoute
	validate func(*Req) error
	// task is the field naming the task the request addresses; the
	// HTTP+JSON path's {id} is written there.
	task   func(*Req) *string
	tenant func(*Req) *string
	query  func(*Req, url.Values) error
	// Exactly one of unary and stream is set: how the Handler serves it.
	unary  func(Handler, context.Context, *http.Request, *Req) (any, *Error)
	stream func(Handler, context.Context, *http.Request, *Req, Emit) *Error
}

func (o op[Req]) row() operation {
	return operation{method: o.method, routes: o.routes, newRequest: func() request {
		return typedRequest[Req]{op: &o, req: new(Req)}
	}}
}

// result adapts a unary Handler method to the table. A nil result
// without an error is the Handler's fault, answered as an InternalError.
func result[Req, Res any](m func(Handler, context.Context, *http.Request, *Req) (*Res, *Error)) func(Handler, context.Context, *http.Request, *Req) (any, *Error) {
	return func(h Handler, ctx context.Context, r *http.Request, req *Req) (any, *Error) {
		res, err := m(h, ctx, r, req)
		if err != nil {
			return nil, err
		}
		if res == nil {
			return nil, Errorf(wire.ErrInternal, "handler returned neither a result nor an error")
		}
		return res, nil
	}
}

type typedRequest[Req any] struct {
	op  *op[Req]
	req *Req
}

func (t typedRequest[Req]) message() any { return t.req }

func (t typedRequest[Req]) fromPath(id, tenant string) {
	if id != "" && t.op.task != nil {
		if field := t.op.task(t.req); field != nil {
			*field = id
		}
	}
	if tenant != "" && t.op.tenant != nil {
		*t.op.tenant(t.req) = tenant
	}
}

func (t typedRequest[Req]) fromQuery(q url.Values) error {
	if t.op.query == nil {
		return nil
	}
	return t.op.query(t.req, q)
}

func (t typedRequest[Req]) validate() error {
	if t.op.validate == nil {
		return nil
	}
	return t.op.validate(t.req)
}

func (t typedRequest[Req]) taskID() string {
	if t.op.task == nil {
		return ""
	}
	if field := t.op.task(t.req); field != nil {
		return *field
	}
	return ""
}

func (t typedRequest[Req]) tenant() string {
	if t.op.tenant == nil {
		return ""
	}
	return *t.op.tenant(t.req)
}

func (t typedRequest[Req]) streaming() bool { return t.op.stream != nil }

func (t typedRequest[Req]) serve(ctx context.Context, h Handler, r *http.Request) (any, *Error) {
	if t.op.unary == nil {
		return nil, Errorf(wire.ErrInternal, "no unary dispatch for "+t.op.method)
	}
	return t.op.unary(h, ctx, r, t.req)
}

func (t typedRequest[Req]) serveStream(ctx context.Context, h Handler, r *http.Request, emit Emit) *Error {
	if t.op.stream == nil {
		return Errorf(wire.ErrInternal, "no stream dispatch for "+t.op.method)
	}
	return t.op.stream(h, ctx, r, t.req, emit)
}

// invoke runs a unary request. A handler panic becomes an InternalError
// so that the peer keeps serving.
func invoke(ctx context.Context, h Handler, r *http.Request, req request) (result any, err *Error) {
	defer recoverInto(&err)
	return req.serve(ctx, h, r)
}

// invokeStream runs a streaming request; see invoke for panics.
func invokeStream(ctx context.Context, h Handler, r *http.Request, req request, emit Emit) (err *Error) {
	defer recoverInto(&err)
	return req.serveStream(ctx, h, r, emit)
}

// unserved answers an operation the Handler has no method for, once the
// Handler has admitted it.
func unserved(h Handler, r *http.Request, call *Call, o *operation) *Error {
	if e := admit(h, r, call); e != nil {
		return e
	}
	return Errorf(wire.ErrPushNotSupported, o.method)
}

// admitRequest is the end every binding's decoding shares: req validated
// (its error's text after where), its task recorded on call, and the
// Handler's Admit.
func admitRequest(h Handler, r *http.Request, call *Call, req request, where string) (request, *Error) {
	if err := req.validate(); err != nil {
		return nil, reject(call, wire.ErrInvalidParams, where+err.Error())
	}
	call.TaskID, call.Tenant = req.taskID(), req.tenant()
	if e := admit(h, r, call); e != nil {
		return nil, e
	}
	return req, nil
}

// admit runs the Handler's Admit with the same panic protection.
func admit(h Handler, r *http.Request, call *Call) (err *Error) {
	defer recoverInto(&err)
	return h.Admit(r, call)
}

// recoverInto turns a panic into an InternalError. http.ErrAbortHandler is
// passed on: it is how a handler deliberately drops the connection.
func recoverInto(err **Error) {
	p := recover()
	if p == nil {
		return
	}
	if p == http.ErrAbortHandler {
		panic(p)
	}
	*err = Errorf(wire.ErrInternal, "handler panicked: "+quote(fmt.Sprint(p)))
}
