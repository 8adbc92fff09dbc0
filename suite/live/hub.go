package live

import (
	"context"
	"sync"
	"time"
)

// hub renders frames and hands the newest to every viewer. Nothing waits
// for a viewer: a viewer holds one pending signal at most and fetches the
// newest frame when it gets to it, so a slow one skips frames
// (drop-to-latest) and the peers never notice it.
type hub struct {
	render   func() []byte
	interval time.Duration

	mu      sync.Mutex
	viewers map[chan struct{}]struct{}
	id      int64  // of the newest frame, counting from 1
	frame   []byte // the newest frame, nil before the first
	renders int64

	joined chan struct{} // a viewer joined: render if something changed
	done   chan struct{} // closed when run returns
}

func newHub(render func() []byte, interval time.Duration) *hub {
	return &hub{render: render, interval: interval, viewers: map[chan struct{}]struct{}{},
		joined: make(chan struct{}, 1), done: make(chan struct{})}
}

// run renders a frame whenever changed signals and someone watches, at
// most once per interval (or twice the cost of a render, if more), until
// ctx ends. Signals that arrive meanwhile coalesce into the next frame.
func (h *hub) run(ctx context.Context, changed <-chan struct{}) {
	defer close(h.done)
	dirty := true
	var next time.Time
	for {
		if dirty && h.watched() {
			if wait := time.Until(next); wait > 0 {
				t := time.NewTimer(wait)
				select {
				case <-ctx.Done():
					t.Stop()
					return
				case <-t.C:
				}
			}
			select { // this frame covers a change signalled so far
			case <-changed:
			default:
			}
			began := time.Now()
			h.publish(h.render())
			next = time.Now().Add(max(h.interval, 2*time.Since(began)))
			dirty = false
		}
		select {
		case <-ctx.Done():
			return
		case <-changed:
			dirty = true
		case <-h.joined:
		}
	}
}

func (h *hub) publish(frame []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.id++
	h.renders++
	h.frame = frame
	for c := range h.viewers {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// join registers a viewer; its channel signals when a newer frame is out.
func (h *hub) join() chan struct{} {
	c := make(chan struct{}, 1)
	h.mu.Lock()
	h.viewers[c] = struct{}{}
	if h.frame != nil {
		c <- struct{}{}
	}
	h.mu.Unlock()
	select {
	case h.joined <- struct{}{}:
	default:
	}
	return c
}

func (h *hub) leave(c chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.viewers, c)
}

func (h *hub) watched() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.viewers) > 0
}

// latest is the newest frame and its id (0 and nil before the first).
func (h *hub) latest() (int64, []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.id, h.frame
}

// rendered is how many frames were rendered so far.
func (h *hub) rendered() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.renders
}
