package live

import (
	"context"
	"sync"
)

// copyHubs are the hubs of the copies someone watches, one per copy: made
// when its first viewer comes and stopped when its last leaves, so that a
// farm of thousands of copies renders only the copies on screen.
//
// They follow the journal (watch) only while a hub runs: a signal to no
// hub is a goroutine woken on every exchange for nothing, a scheduling
// round trip on each request's path (docs/performance.md). A hub starts
// dirty, so its first frame covers what was journaled before it followed.
type copyHubs struct {
	ctx    context.Context // the view's: every hub stops with it
	render func(copy int) []byte
	watch  func() (<-chan struct{}, func()) // the journal's Watch; nil: none to follow

	mu       sync.Mutex
	byCopy   map[int]*copyHub
	unfollow context.CancelFunc // ends following the journal; nil while no hub runs
}

type copyHub struct {
	*hub
	viewers int
	changed chan struct{} // holds one signal at most, like the journal's
	stop    context.CancelFunc
}

func newCopyHubs(ctx context.Context, render func(copy int) []byte, watch func() (<-chan struct{}, func())) *copyHubs {
	return &copyHubs{ctx: ctx, render: render, watch: watch, byCopy: map[int]*copyHub{}}
}

// acquire is copy c's hub, started if no one watched c; release it.
func (hs *copyHubs) acquire(c int) *hub {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	ch := hs.byCopy[c]
	if ch == nil {
		if len(hs.byCopy) == 0 {
			hs.followLocked()
		}
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
		if len(hs.byCopy) == 0 && hs.unfollow != nil {
			hs.unfollow()
			hs.unfollow = nil
		}
	}
}

// followLocked subscribes to the journal, for as long as a hub runs, and
// passes its signals on to the hubs. It subscribes before the first hub
// starts, whose first frame then misses nothing.
func (hs *copyHubs) followLocked() {
	if hs.watch == nil {
		return
	}
	changed, stop := hs.watch()
	ctx, cancel := context.WithCancel(hs.ctx)
	hs.unfollow = cancel
	go func() {
		defer stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-changed:
				hs.signal()
			}
		}
	}()
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
