package agent

import (
	"context"
	"net/http"
	"sync"

	"github.com/gorilla/mux"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// NewRESTHandler serves the HTTP+JSON binding. Mount it with
// http.StripPrefix at the interface URL: it sees paths like /message:send,
// optionally under a leading /{tenant} segment.
//
// The routes are compiled once per process and shared by every handler;
// a handler only binds h and o to each request. gorilla/mux compiles a
// regular expression per route, about 160 KB a router: a farm of
// thousands of peers spent most of its memory and start time there.
func NewRESTHandler(h Handler, o Options) http.Handler {
	return &restServer{handler: h, limit: o.maxBody()}
}

type restServer struct {
	handler Handler
	limit   int64
}

// restServerKey carries the *restServer a request is for through the
// shared router.
type restServerKey struct{}

func (s *restServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	restRouter().ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), restServerKey{}, s)))
}

// restRouter is the one router of the process.
var restRouter = sync.OnceValue(newRESTRouter)

func newRESTRouter() *mux.Router {
	router := mux.NewRouter()
	router.SkipClean(true) // no redirects: an unclean path is simply unknown
	// Routes without a tenant first, so /tasks/x is GetTask, not ListTasks of tenant "tasks".
	for _, prefix := range []string{"", "/{tenant:[^/]+}"} {
		for i := range operations {
			for _, rt := range operations[i].routes {
				router.Handle(prefix+rt.path, route(&operations[i], rt)).Methods(rt.method)
			}
		}
	}
	router.NotFoundHandler = http.HandlerFunc(unknownPath)
	router.MethodNotAllowedHandler = http.HandlerFunc(wrongMethod)
	return router
}

func unknownPath(w http.ResponseWriter, r *http.Request) {
	r, call := prepare(r, wire.BindingHTTPJSON)
	writeRESTError(w, call, reject(call, errUnknownPath, "no A2A operation at "+quote(r.URL.Path)))
}

func wrongMethod(w http.ResponseWriter, r *http.Request) {
	r, call := prepare(r, wire.BindingHTTPJSON)
	writeRESTError(w, call, reject(call, errMethodNotAllowed, r.Method+" is not allowed on "+quote(r.URL.Path)))
}

// route serves operation o on rt for the restServer the request carries.
func route(o *operation, rt restRoute) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Context().Value(restServerKey{}).(*restServer).serve(w, r, o, rt)
	})
}

func (s *restServer) serve(w http.ResponseWriter, r *http.Request, o *operation, rt restRoute) {
	r, call := prepare(r, wire.BindingHTTPJSON)
	call.Op = o.method
	req, e := s.decode(w, r, call, o, rt)
	if e != nil {
		writeRESTError(w, call, e)
		return
	}
	if req.streaming() {
		s.stream(w, r, call, req)
		return
	}
	result, e := invoke(r.Context(), s.handler, r, req)
	if e != nil {
		writeRESTError(w, call, e)
		return
	}
	writeRESTResult(w, r, call, result)
}

// decode builds a request of o from path, body and query, then admits it.
func (s *restServer) decode(w http.ResponseWriter, r *http.Request, call *Call, o *operation, rt restRoute) (request, *Error) {
	vars := mux.Vars(r)
	call.TaskID = vars["id"]
	body, err := readBody(w, r, s.limit)
	if err != nil {
		return nil, bodyFault(call, err)
	}
	if e := checkVersion(call); e != nil {
		return nil, e
	}
	if o.newRequest == nil {
		return nil, unserved(s.handler, r, call, o)
	}
	req := o.newRequest()
	// GET bodies are ignored: clients send none, or the 4 bytes null.
	if rt.body && jsonStart(body) != 0 {
		if e := checkContentType(call, r); e != nil {
			return nil, e
		}
		if e := checkJSON(call, body); e != nil {
			return nil, e
		}
		if _, e := checkNames(call, body); e != nil {
			return nil, e
		}
		if err := decodeProto(body, req.message()); err != nil {
			return nil, reject(call, wire.ErrInvalidParams, "body: "+err.Error())
		}
	}
	if e := checkUTF8(call, vars, r.URL.Query()); e != nil {
		return nil, e
	}
	req.fromPath(vars["id"], vars["tenant"])
	if err := req.fromQuery(r.URL.Query()); err != nil {
		return nil, reject(call, wire.ErrInvalidParams, "query "+err.Error())
	}
	return admitRequest(s.handler, r, call, req, "")
}

func (s *restServer) stream(w http.ResponseWriter, r *http.Request, call *Call, req request) {
	stream := newSSEStream(w, r, func(ev wire.StreamResponse) any { return ev })
	e := invokeStream(r.Context(), s.handler, r, req, stream.emit)
	var failure any
	if e != nil {
		failure = restErrorBody(call, e)
	}
	if stream.end(failure) {
		writeRESTError(w, call, e)
	}
}
