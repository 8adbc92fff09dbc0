package live

import (
	"context"
	"sync"
)

// copyHubs are the hubs of the copies someone watches, one per copy: made
// when its first viewer comes and stopped when its last leaves, so that a
// farm of thousands of copies renders only the copies on screen.
type copyHubs struct {
	ctx    context.Context // the view's: every hub stops with it
	render func(copy int) []byte

	mu     sync.Mutex
	byCopy map[int]*copyHub
}

type copyHub struct {
	*hub
	viewers int
	changed chan struct{} // holds one signal at most, like the journal's
	stop    context.CancelFunc
}

func newCopyHubs(ctx context.Context, render func(copy int) []byte) *copyHubs {
	return &copyHubs{ctx: ctx, render: render, byCopy: map[int]*copyHub{}}
}

// acquire is copy c's hub, started if no one watched c; release it.
func (hs *copyHubs) acquire(c int) *hub {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	ch := hs.byCopy[c]
	if ch == nil {
		ctx, stop := context.WithCancel(hs.ctx)
		ch = &copyHub{hub: newHub(func() []byte { return hs.render(c) }, frameInterval),
			changed: make(chan struct{}, 1), stop: stop}
		hs.byCopy[c] = ch
		go ch.run(ctx, ch.changed)
	}
	ch.viewers++
	return ch.hub
}

// release undoes one acquire of copy c; the last stops its hub.
func (hs *copyHubs) release(c int) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	ch := hs.byCopy[c]
	if ch.viewers--; ch.viewers == 0 {
		ch.stop()
		delete(hs.byCopy, c)
	}
}

// signal tells every running hub that something changed, waiting for
// none: a signal already pending covers this change too.
func (hs *copyHubs) signal() {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	for _, ch := range hs.byCopy {
		select {
		case ch.changed <- struct{}{}:
		default:
		}
	}
}

// running is how many hubs run: one per copy watched.
func (hs *copyHubs) running() int {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return len(hs.byCopy)
}
