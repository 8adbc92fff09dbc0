package mockpeer

import (
	"net/http"
	"strings"
	"time"
)

// recorder passes a response through while keeping its status and the
// first bytes of its body for the journal. It stays an http.Flusher so
// that SSE streams reach the client event by event, and gives every write
// its own deadline: a stream lives as long as the client reads it, and a
// client that stops reading holds a handler for one WriteTimeout at most.
type recorder struct {
	w http.ResponseWriter
	// rc is w's controller, held by value: http.NewResponseController's
	// result copied here costs no allocation of its own.
	rc      http.ResponseController
	timeout time.Duration
	// h2: an HTTP/2 write deadline is a timer that resets the stream when it
	// fires, writing or not, so it is lifted after each write; on HTTP/1 it
	// stays, to bound the final flush net/http makes after the handler.
	h2     bool
	setAt  time.Time // when the deadline was last moved
	status int
	// body is the capture, made a string for the journal without a copy.
	body  strings.Builder
	limit int  // capture size
	cut   bool // the body went on past the capture
}

// start makes r, zero, the recorder of w (in storage the caller allocated
// with the rest of the request's state). It also sets the first write
// deadline: one left over from an earlier request on the connection must
// not cut this one.
func (r *recorder) start(w http.ResponseWriter, req *http.Request, timeout time.Duration, limit int) {
	*r = recorder{w: w, rc: *http.NewResponseController(w), timeout: timeout, limit: limit, h2: req.ProtoMajor >= 2}
	r.deadline()
	r.written()
}

func (r *recorder) Header() http.Header { return r.w.Header() }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 && code >= 200 {
		r.status = code
	}
	r.deadline()
	r.w.WriteHeader(code)
	r.written()
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	room := r.limit - r.body.Len()
	r.body.Write(b[:max(min(room, len(b)), 0)])
	r.cut = r.cut || len(b) > room
	r.deadline()
	defer r.written()
	return r.w.Write(b)
}

func (r *recorder) Flush() {
	r.deadline()
	_ = r.rc.Flush()
	r.written()
}

// deadline moves the write deadline on; without support (a test's
// ResponseRecorder) there is nothing to bound. An HTTP/1 deadline set less
// than an eighth of the timeout ago is left: a write still has at least
// 7/8 of it, and a short answer costs one deadline instead of three. The
// test reads the monotonic clock alone (time.Since of a time.Now reading),
// half the cost of the wall clock and monotonic reading of time.Now.
func (r *recorder) deadline() {
	if !r.h2 && !r.setAt.IsZero() && time.Since(r.setAt) < r.timeout/8 {
		return
	}
	now := time.Now()
	r.setAt = now
	_ = r.rc.SetWriteDeadline(now.Add(r.timeout))
}

// written lifts an HTTP/2 deadline once a write is done (see h2).
func (r *recorder) written() {
	if r.h2 {
		_ = r.rc.SetWriteDeadline(time.Time{})
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.w }

// statusCode is what the client received; 200 when the handler wrote
// nothing at all, as net/http does.
func (r *recorder) statusCode() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}
