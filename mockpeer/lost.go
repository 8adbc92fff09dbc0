package mockpeer

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
)

// lostRequests records the requests a peer took in and never journaled
// because serving them panicked. The journal is what verdicts are made of:
// a request missing from it could be the very one a check looks for, so a
// farm that lost one reports it on Close, and the play is a harness fault,
// never a verdict.
type lostRequests struct {
	mu   sync.Mutex
	errs []error
}

// unlessStored, deferred around serving in, records in as lost when its
// serving panicked before its exchange was stored, and panics on: net/http
// still cuts the connection as it would have. A hang-up's deliberate abort
// comes after its exchange is stored, and is no loss.
func (l *lostRequests) unlessStored(in *arrival, r *http.Request) {
	p := recover()
	if p == nil {
		return
	}
	if !in.stored {
		l.mu.Lock()
		l.errs = append(l.errs, fmt.Errorf("mockpeer: request #%d (%s %s) was not journaled: serving it panicked: %v",
			in.seq, r.Method, r.URL.Path, p))
		l.mu.Unlock()
	}
	panic(p)
}

// add records a request lost elsewhere than in serving it.
func (l *lostRequests) add(err error) {
	l.mu.Lock()
	l.errs = append(l.errs, err)
	l.mu.Unlock()
}

// err is every loss, or nil.
func (l *lostRequests) err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return errors.Join(l.errs...)
}
