package agent

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// errStreamClosed is returned by Emit once the Handler's stream is over.
var errStreamClosed = errors.New("mockpeer: stream already closed")

// streamState is what every binding's stream keeps under its lock to
// refuse an event: the stream ended, or the client gone.
type streamState struct {
	mu     sync.Mutex
	ctx    context.Context
	closed bool
}

// refusal is why an event cannot go out now, nil if it can; call it with
// mu held.
func (s *streamState) refusal() error {
	if s.closed {
		return errStreamClosed
	}
	if err := s.ctx.Err(); err != nil {
		return fmt.Errorf("mockpeer: client gone: %w", err)
	}
	return nil
}

// sseStream writes Server-Sent Events, one `data: <json>` per event,
// flushed at once. Headers go out with the first event, so an error before
// any event can still be answered as a plain error response.
type sseStream struct {
	streamState
	w       http.ResponseWriter
	frame   func(wire.StreamResponse) any // wraps an event for the binding
	started bool
}

func newSSEStream(w http.ResponseWriter, r *http.Request, frame func(wire.StreamResponse) any) *sseStream {
	return &sseStream{streamState: streamState{ctx: r.Context()}, w: w, frame: frame}
}

// emit is the Handler's Emit. It is safe for concurrent use and refuses
// events once the client is gone or the stream has ended.
func (s *sseStream) emit(ev wire.StreamResponse) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refusal(); err != nil {
		return err
	}
	data, err := marshal(s.frame(ev))
	if err != nil {
		return fmt.Errorf("mockpeer: encoding stream event: %w", err)
	}
	return s.write(data)
}

// end closes the stream to the Handler. If failure is non-nil and events
// were sent, failure becomes the last event. It reports whether the caller
// must still answer failure itself (nothing was sent yet).
func (s *sseStream) end(failure any) (answerYourself bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if failure != nil && !s.started {
		return true
	}
	if failure == nil {
		if !s.started {
			s.start() // an empty stream is still a stream
		}
		return false
	}
	if data, err := marshal(failure); err == nil {
		_ = s.write(data) // the client may be gone; nothing left to do
	}
	return false
}

func (s *sseStream) start() {
	h := s.w.Header()
	h.Set("Content-Type", contentTypeSSE)
	h.Set("Cache-Control", "no-cache")
	s.w.WriteHeader(http.StatusOK)
	s.started = true
}

func (s *sseStream) write(data []byte) error {
	if !s.started {
		s.start()
	}
	event := make([]byte, 0, len(data)+8)
	event = append(event, "data: "...)
	event = append(event, data...)
	event = append(event, "\n\n"...)
	if _, err := s.w.Write(event); err != nil {
		return fmt.Errorf("mockpeer: writing stream event: %w", err)
	}
	if err := http.NewResponseController(s.w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return fmt.Errorf("mockpeer: flushing stream event: %w", err)
	}
	return nil
}
