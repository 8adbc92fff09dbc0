package mockpeer

import (
	"runtime"
	"sync"
	"time"
)

// buildCards builds and freezes every peer's card versions, the bulk of a
// large farm's start (rendering, parsing and hashing each version), on
// every core: peers are independent once bound, and a CardFunc reads only
// the farm's origins. The error reported is the first peer's, in farm
// order, whatever finished first; a CardFunc that panics panics in the
// caller's goroutine, as it would building the cards there, so that the
// harness above turns it into an error rather than the process dying.
func (f *Farm) buildCards(start time.Time) error {
	errs := make([]error, len(f.peers))
	panics := make([]any, len(f.peers))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(f.peers)) {
		wg.Go(func() {
			for i := range next {
				panics[i], errs[i] = f.buildPeerCards(f.peers[i], start)
			}
		})
	}
	for i := range f.peers {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if panics[i] != nil {
			panic(panics[i])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (f *Farm) buildPeerCards(p *Peer, start time.Time) (panicked any, err error) {
	defer func() { panicked = recover() }()
	p.versions, err = buildVersions(f.offered(p.spec), f.Origins(), start, f.keys.signers[p.spec.Name], f.isCopy(p.spec.Name))
	return nil, err
}

// isCopy reports whether peer's cards may be derived on first use: it
// copies a peer of the farm whose own are derived at start (CopyOf).
func (f *Farm) isCopy(peer string) bool {
	if f.spec.CopyOf == nil {
		return false
	}
	original := f.spec.CopyOf(peer)
	return original != "" && original != peer && f.byName[original] != nil && f.spec.CopyOf(original) == ""
}
