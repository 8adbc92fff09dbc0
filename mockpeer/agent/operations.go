package agent

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// operation is one A2A v1.0 operation: a row of the table both bindings
// serve from. v1.0 names its JSON-RPC methods after its operations, so
// method is both the operation's name (Call.Op) and its JSON-RPC method.
type operation struct {
	method string
	routes []restRoute // its HTTP+JSON routes (spec §11.3)
	// newRequest makes an empty request of the operation. It is nil for the
	// operations the Handler has no method for (the push-notification
	// configs): they exist in the spec, so they are admitted and answered
	// PushNotificationNotSupportedError rather than MethodNotFound.
	newRequest func() request
}

// restRoute is one HTTP+JSON route. Paths carry a literal ':' after the
// id, so ids exclude ':' and '/'.
type restRoute struct {
	method string
	path   string
	body   bool // the body is the operation's request message
}

// idPath is the path of the task an operation addresses.
const idPath = "/tasks/{id:[^/:]+}"

// operations is the table. HTTP+JSON routes are registered in this order,
// so a pattern never shadows a later one (GET /tasks/{id} before GET /tasks).
var operations = []operation{
	op[wire.SendMessageRequest]{
		method:   wire.MethodSendMessage,
		routes:   []restRoute{{http.MethodPost, "/message:send", true}},
		validate: validateSend,
		task:     messageTask,
		tenant:   func(r *wire.SendMessageRequest) *string { return &r.Tenant },
		unary:    result(Handler.SendMessage),
	}.row(),
	op[wire.SendMessageRequest]{
		method:   wire.MethodSendStreamingMessage,
		routes:   []restRoute{{http.MethodPost, "/message:stream", true}},
		validate: validateSend,
		task:     messageTask,
		tenant:   func(r *wire.SendMessageRequest) *string { return &r.Tenant },
		stream:   Handler.SendStreamingMessage,
	}.row(),
	op[wire.GetTaskRequest]{
		method:   wire.MethodGetTask,
		routes:   []restRoute{{http.MethodGet, idPath, false}},
		validate: validateGet,
		task:     func(r *wire.GetTaskRequest) *string { return &r.ID },
		tenant:   func(r *wire.GetTaskRequest) *string { return &r.Tenant },
		query:    getTaskQuery,
		unary:    result(Handler.GetTask),
	}.row(),
	op[wire.ListTasksRequest]{
		method:   wire.MethodListTasks,
		routes:   []restRoute{{http.MethodGet, "/tasks", false}},
		validate: validateList,
		tenant:   func(r *wire.ListTasksRequest) *string { return &r.Tenant },
		query:    listTasksQuery,
		unary:    result(Handler.ListTasks),
	}.row(),
	op[wire.CancelTaskRequest]{
		method:   wire.MethodCancelTask,
		routes:   []restRoute{{http.MethodPost, idPath + ":cancel", true}},
		validate: func(r *wire.CancelTaskRequest) error { return validateTaskID(r.ID) },
		task:     func(r *wire.CancelTaskRequest) *string { return &r.ID },
		tenant:   func(r *wire.CancelTaskRequest) *string { return &r.Tenant },
		unary:    result(Handler.CancelTask),
	}.row(),
	op[wire.SubscribeToTaskRequest]{
		method: wire.MethodSubscribeToTask,
		// The proto says GET, the spec text POST (a2a-v1-wire.md §11.1): both.
		routes:   []restRoute{{http.MethodGet, idPath + ":subscribe", false}, {http.MethodPost, idPath + ":subscribe", true}},
		validate: func(r *wire.SubscribeToTaskRequest) error { return validateTaskID(r.ID) },
		task:     func(r *wire.SubscribeToTaskRequest) *string { return &r.ID },
		tenant:   func(r *wire.SubscribeToTaskRequest) *string { return &r.Tenant },
		stream:   Handler.SubscribeToTask,
	}.row(),
	op[wire.GetExtendedAgentCardRequest]{
		method: wire.MethodGetExtendedAgentCard,
		routes: []restRoute{{http.MethodGet, "/extendedAgentCard", false}},
		tenant: func(r *wire.GetExtendedAgentCardRequest) *string { return &r.Tenant },
		unary:  result(Handler.GetExtendedAgentCard),
	}.row(),
	{method: "CreateTaskPushNotificationConfig", routes: []restRoute{{http.MethodPost, idPath + "/pushNotificationConfigs", false}}},
	{method: "ListTaskPushNotificationConfigs", routes: []restRoute{{http.MethodGet, idPath + "/pushNotificationConfigs", false}}},
	{method: "GetTaskPushNotificationConfig", routes: []restRoute{{http.MethodGet, idPath + "/pushNotificationConfigs/{configId:[^/]+}", false}}},
	{method: "DeleteTaskPushNotificationConfig", routes: []restRoute{{http.MethodDelete, idPath + "/pushNotificationConfigs/{configId:[^/]+}", false}}},
}

// byMethod finds a row of the table by its JSON-RPC method.
var byMethod = func() map[string]*operation {
	m := make(map[string]*operation, len(operations))
	for i := range operations {
		m[operations[i].method] = &operations[i]
	}
	return m
}()

// messageTask is the task a SendMessageRequest continues, if it names one.
func messageTask(r *wire.SendMessageRequest) *string {
	if r.Message == nil {
		return nil
	}
	return &r.Message.TaskID
}
