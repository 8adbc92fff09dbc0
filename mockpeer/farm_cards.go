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
// order, whatever finished first.
func (f *Farm) buildCards(start time.Time) error {
	errs := make([]error, len(f.peers))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(f.peers)) {
		wg.Go(func() {
			for i := range next {
				p := f.peers[i]
				p.versions, errs[i] = buildVersions(f.offered(p.spec), f.Origins(), start, f.keys.signers[p.spec.Name])
			}
		})
	}
	for i := range f.peers {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
