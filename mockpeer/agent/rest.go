package agent

import (
	"encoding/json"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// restRoute is one HTTP+JSON operation (spec §11.3). Paths carry a
// literal ':' after the id, so ids exclude ':' and '/'.
type restRoute struct {
	method string
	path   string
	op     string
	body   bool // the body is the operation's request message
}

var restRoutes = []restRoute{
	{http.MethodPost, "/message:send", wire.MethodSendMessage, true},
	{http.MethodPost, "/message:stream", wire.MethodSendStreamingMessage, true},
	{http.MethodGet, "/tasks/{id:[^/:]+}", wire.MethodGetTask, false},
	{http.MethodGet, "/tasks", wire.MethodListTasks, false},
	{http.MethodPost, "/tasks/{id:[^/:]+}:cancel", wire.MethodCancelTask, true},
	// The proto says GET, the spec text POST (a2a-v1-wire.md §11.1): both.
	{http.MethodGet, "/tasks/{id:[^/:]+}:subscribe", wire.MethodSubscribeToTask, false},
	{http.MethodPost, "/tasks/{id:[^/:]+}:subscribe", wire.MethodSubscribeToTask, true},
	{http.MethodGet, "/extendedAgentCard", wire.MethodGetExtendedAgentCard, false},
	{http.MethodPost, "/tasks/{id:[^/:]+}/pushNotificationConfigs", "CreateTaskPushNotificationConfig", false},
	{http.MethodGet, "/tasks/{id:[^/:]+}/pushNotificationConfigs", "ListTaskPushNotificationConfigs", false},
	{http.MethodGet, "/tasks/{id:[^/:]+}/pushNotificationConfigs/{configId:[^/]+}", "GetTaskPushNotificationConfig", false},
	{http.MethodDelete, "/tasks/{id:[^/:]+}/pushNotificationConfigs/{configId:[^/]+}", "DeleteTaskPushNotificationConfig", false},
}

// NewRESTHandler serves the HTTP+JSON binding. Mount it with
// http.StripPrefix at the interface URL: it sees paths like /message:send,
// optionally under a leading /{tenant} segment.
func NewRESTHandler(h Handler, o Options) http.Handler {
	s := &restServer{handler: h, limit: o.maxBody()}
	router := mux.NewRouter()
	router.SkipClean(true) // no redirects: an unclean path is simply unknown
	// Routes without a tenant first, so /tasks/x is GetTask, not ListTasks of tenant "tasks".
	for _, prefix := range []string{"", "/{tenant:[^/]+}"} {
		for _, rt := range restRoutes {
			router.Handle(prefix+rt.path, s.route(rt)).Methods(rt.method)
		}
	}
	router.NotFoundHandler = http.HandlerFunc(s.unknownPath)
	router.MethodNotAllowedHandler = http.HandlerFunc(s.wrongMethod)
	return router
}

type restServer struct {
	handler Handler
	limit   int64
}

func (s *restServer) unknownPath(w http.ResponseWriter, r *http.Request) {
	r, call := prepare(r, wire.BindingHTTPJSON)
	writeRESTError(w, call, reject(call, errUnknownPath, "no A2A operation at "+quote(r.URL.Path)))
}

func (s *restServer) wrongMethod(w http.ResponseWriter, r *http.Request) {
	r, call := prepare(r, wire.BindingHTTPJSON)
	writeRESTError(w, call, reject(call, errMethodNotAllowed, r.Method+" is not allowed on "+quote(r.URL.Path)))
}

func (s *restServer) route(rt restRoute) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, call := prepare(r, wire.BindingHTTPJSON)
		call.Op = rt.op
		op, e := s.decode(w, r, call, rt)
		if e != nil {
			writeRESTError(w, call, e)
			return
		}
		if op.streaming() {
			s.stream(w, r, call, op)
			return
		}
		result, e := invoke(r.Context(), s.handler, r, op)
		if e != nil {
			writeRESTError(w, call, e)
			return
		}
		writeRESTResult(w, r, call, result)
	})
}

// decode builds the operation from path, body and query, then admits it.
func (s *restServer) decode(w http.ResponseWriter, r *http.Request, call *Call, rt restRoute) (operation, *Error) {
	vars := mux.Vars(r)
	call.TaskID = vars["id"]
	body, err := readBody(w, r, s.limit)
	if err != nil {
		return operation{}, bodyFault(call, err)
	}
	if e := checkVersion(call); e != nil {
		return operation{}, e
	}
	req := newRequest(rt.op)
	if req == nil { // a push-config operation
		if e := admit(s.handler, r, call); e != nil {
			return operation{}, e
		}
		return operation{}, Errorf(wire.ErrPushNotSupported, rt.op)
	}
	// GET bodies are ignored: clients send none, or the 4 bytes null.
	if rt.body && jsonStart(body) != 0 {
		if e := checkContentType(call, r); e != nil {
			return operation{}, e
		}
		if !json.Valid(body) {
			return operation{}, reject(call, wire.ErrParse, "body is not valid JSON")
		}
		if err := decodeProto(body, req); err != nil {
			return operation{}, reject(call, wire.ErrInvalidParams, "body: "+err.Error())
		}
	}
	if err := applyPath(req, vars); err != nil {
		return operation{}, reject(call, wire.ErrInvalidParams, err.Error())
	}
	if err := applyQuery(req, r.URL.Query()); err != nil {
		return operation{}, reject(call, wire.ErrInvalidParams, "query "+err.Error())
	}
	if err := validateRequest(req); err != nil {
		return operation{}, reject(call, wire.ErrInvalidParams, err.Error())
	}
	call.TaskID = taskIDOf(req)
	if e := admit(s.handler, r, call); e != nil {
		return operation{}, e
	}
	return operation{name: rt.op, req: req}, nil
}

func (s *restServer) stream(w http.ResponseWriter, r *http.Request, call *Call, op operation) {
	stream := newSSEStream(w, r, func(ev wire.StreamResponse) any { return ev })
	e := invokeStream(r.Context(), s.handler, r, op, stream.emit)
	var failure any
	if e != nil {
		failure = restErrorBody(call, e)
	}
	if stream.end(failure) {
		writeRESTError(w, call, e)
	}
}
