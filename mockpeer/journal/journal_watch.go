package journal

import "sync"

// Watch subscribes to the journal: the channel receives a signal after
// exchanges are journaled, and stop ends the subscription. The channel
// holds one signal at most, standing for every exchange journaled since
// the last one was received: a watcher reads the journal itself on a
// signal (drop-to-latest). So a watcher that is slow, or never reads,
// costs the peers nothing and misses nothing the journal keeps; this is
// what a live view of the journal, such as a browser's, subscribes with.
func (j *Journal) Watch() (signal <-chan struct{}, stop func()) {
	c := make(chan struct{}, 1)
	j.mu.Lock()
	if j.watchers == nil {
		j.watchers = map[chan struct{}]struct{}{}
	}
	j.watchers[c] = struct{}{}
	j.mu.Unlock()
	var once sync.Once
	return c, func() {
		once.Do(func() {
			j.mu.Lock()
			delete(j.watchers, c)
			j.mu.Unlock()
		})
	}
}

// signalLocked signals every watcher without waiting for any: a signal
// already pending covers this exchange too.
func (j *Journal) signalLocked() {
	for c := range j.watchers {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}
