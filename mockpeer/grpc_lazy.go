package mockpeer

import (
	"net/http"
	"sync"
)

// lazyGRPC makes a peer's gRPC server on the first gRPC call it gets: most
// peers of a farm never get one, and a server per peer made at start cost
// every peer its memory (about 2.5 KB of live heap each).
type lazyGRPC struct {
	once    sync.Once
	make    func() http.Handler
	handler http.Handler // nil once stopped before any call
}

func (l *lazyGRPC) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.once.Do(func() { l.handler = l.make() })
	if l.handler == nil {
		http.Error(w, "the peer is stopping", http.StatusServiceUnavailable)
		return
	}
	l.handler.ServeHTTP(w, r)
}

// Stop stops the server if a call made it, and makes none after.
func (l *lazyGRPC) Stop() {
	l.once.Do(func() {})
	if s, ok := l.handler.(interface{ Stop() }); ok {
		s.Stop()
	}
}
