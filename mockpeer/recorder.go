package mockpeer

import "net/http"

// recorder passes a response through while keeping its status and a
// bounded copy of its body for the journal. It stays an http.Flusher so
// that SSE streams reach the client event by event.
type recorder struct {
	w      http.ResponseWriter
	status int
	body   []byte
}

func newRecorder(w http.ResponseWriter) *recorder { return &recorder{w: w} }

func (r *recorder) Header() http.Header { return r.w.Header() }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 && code >= 200 {
		r.status = code
	}
	r.w.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if room := maxRecordedBody + captureMargin - len(r.body); room > 0 {
		r.body = append(r.body, b[:min(room, len(b))]...)
	}
	return r.w.Write(b)
}

func (r *recorder) Flush() {
	if f, ok := r.w.(http.Flusher); ok {
		f.Flush()
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
