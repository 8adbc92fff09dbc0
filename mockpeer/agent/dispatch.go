package agent

import (
	"context"
	"fmt"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// operation is one decoded A2A request, whatever binding carried it.
type operation struct {
	name string // JSON-RPC method name, e.g. wire.MethodGetTask
	req  any    // pointer to the wire request type of name
}

func (op operation) streaming() bool {
	return op.name == wire.MethodSendStreamingMessage || op.name == wire.MethodSubscribeToTask
}

// newRequest returns an empty request for a v1.0 method, or nil when the
// method is not one this layer serves.
func newRequest(method string) any {
	switch method {
	case wire.MethodSendMessage, wire.MethodSendStreamingMessage:
		return new(wire.SendMessageRequest)
	case wire.MethodGetTask:
		return new(wire.GetTaskRequest)
	case wire.MethodListTasks:
		return new(wire.ListTasksRequest)
	case wire.MethodCancelTask:
		return new(wire.CancelTaskRequest)
	case wire.MethodSubscribeToTask:
		return new(wire.SubscribeToTaskRequest)
	case wire.MethodGetExtendedAgentCard:
		return new(wire.GetExtendedAgentCardRequest)
	}
	return nil
}

// pushMethods are v1.0 methods the Handler has no place for. They exist in
// the spec, so they are answered PushNotificationNotSupportedError rather
// than MethodNotFound.
var pushMethods = map[string]bool{
	"CreateTaskPushNotificationConfig": true,
	"GetTaskPushNotificationConfig":    true,
	"ListTaskPushNotificationConfigs":  true,
	"DeleteTaskPushNotificationConfig": true,
}

func validateRequest(req any) error {
	switch req := req.(type) {
	case *wire.SendMessageRequest:
		return validateSend(req)
	case *wire.GetTaskRequest:
		return validateGet(req)
	case *wire.ListTasksRequest:
		return validateList(req)
	case *wire.CancelTaskRequest:
		return validateTaskID(req.ID)
	case *wire.SubscribeToTaskRequest:
		return validateTaskID(req.ID)
	}
	return nil
}

// taskIDOf returns the task a request addresses, "" when none.
func taskIDOf(req any) string {
	switch req := req.(type) {
	case *wire.SendMessageRequest:
		if req.Message != nil {
			return req.Message.TaskID
		}
	case *wire.GetTaskRequest:
		return req.ID
	case *wire.CancelTaskRequest:
		return req.ID
	case *wire.SubscribeToTaskRequest:
		return req.ID
	}
	return ""
}

// invoke runs a unary operation. A handler panic becomes an InternalError
// so that the peer keeps serving.
func invoke(ctx context.Context, h Handler, r *http.Request, op operation) (result any, err *Error) {
	defer recoverInto(&err)
	var missing bool
	switch req := op.req.(type) {
	case *wire.SendMessageRequest:
		var res *wire.SendMessageResponse
		res, err = h.SendMessage(ctx, r, req)
		result, missing = res, res == nil
	case *wire.GetTaskRequest:
		var res *wire.Task
		res, err = h.GetTask(ctx, r, req)
		result, missing = res, res == nil
	case *wire.ListTasksRequest:
		var res *wire.ListTasksResponse
		res, err = h.ListTasks(ctx, r, req)
		result, missing = res, res == nil
	case *wire.CancelTaskRequest:
		var res *wire.Task
		res, err = h.CancelTask(ctx, r, req)
		result, missing = res, res == nil
	case *wire.GetExtendedAgentCardRequest:
		var res *wire.AgentCard
		res, err = h.GetExtendedAgentCard(ctx, r, req)
		result, missing = res, res == nil
	default:
		return nil, Errorf(wire.ErrInternal, "no unary dispatch for "+op.name)
	}
	if err == nil && missing {
		return nil, Errorf(wire.ErrInternal, "handler returned neither a result nor an error")
	}
	return result, err
}

// invokeStream runs a streaming operation; see invoke for panics.
func invokeStream(ctx context.Context, h Handler, r *http.Request, op operation, emit Emit) (err *Error) {
	defer recoverInto(&err)
	switch op.name {
	case wire.MethodSendStreamingMessage:
		return h.SendStreamingMessage(ctx, r, op.req.(*wire.SendMessageRequest), emit)
	case wire.MethodSubscribeToTask:
		return h.SubscribeToTask(ctx, r, op.req.(*wire.SubscribeToTaskRequest), emit)
	}
	return Errorf(wire.ErrInternal, "no stream dispatch for "+op.name)
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
