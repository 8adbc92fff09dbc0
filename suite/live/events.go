package live

import (
	"fmt"
	"net/http"
	"time"
)

// serveEvents streams the frames of the copy ?copy= names (by default the
// first) as server-sent events ("frame", id counting up) until the viewer
// leaves or the view stops. The viewer gets the newest frame whenever it
// can take one, never a backlog; a viewer that stops reading holds only
// its own handler, for writeTimeout at most.
func (v *View) serveEvents(w http.ResponseWriter, r *http.Request) {
	c, ok := v.copyIndex(r.URL.Query().Get("copy"), r.URL.Query().Has("copy"))
	if !ok {
		http.Error(w, "live view: "+v.noSuchCopy(r.URL.Query().Get("copy")), http.StatusNotFound)
		return
	}
	hub := v.hubs.acquire(c)
	defer v.hubs.release(c)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	viewer := hub.join()
	defer hub.leave(viewer)
	keepalive := time.NewTicker(keepaliveInterval)
	defer keepalive.Stop()
	// The deadline is lifted after each write: on HTTP/2 it is a timer that
	// resets the stream when it fires, writing or not.
	write := func(b []byte) error {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		defer rc.SetWriteDeadline(time.Time{})
		if _, err := w.Write(b); err != nil {
			return err
		}
		return rc.Flush()
	}
	if write([]byte("retry: 1000\n\n")) != nil {
		return
	}
	var sent int64
	for {
		select {
		case <-r.Context().Done():
			return
		case <-hub.done:
			return
		case <-keepalive.C:
			if write([]byte(": keepalive\n\n")) != nil {
				return
			}
		case <-viewer:
			id, frame := hub.latest()
			if id <= sent {
				continue
			}
			sent = id
			if write(fmt.Appendf(nil, "id: %d\nevent: frame\ndata: %s\n\n", id, frame)) != nil {
				return
			}
		}
	}
}
