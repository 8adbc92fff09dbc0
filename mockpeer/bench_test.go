package mockpeer

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
)

// The benchmarks below compare the peer with a bare net/http server that
// replays the peer's own answers over the same TLS configuration, in one
// process: bench/run.sh turns the pairs into ratios. Each sub-benchmark
// starts its own farm, so the journal (which keeps every exchange) holds
// b.N entries and its memory shows in B/op of the peer only. Run them with
// a fixed -benchtime=Nx so that this memory stays bounded.

// BenchmarkCardRevalidation: GET of the card with a matching If-None-Match,
// answered 304.
func BenchmarkCardRevalidation(b *testing.B) {
	benchSides(b, func(b *testing.B, rig *benchRig, side string) {
		origin := rig.origin(side)
		benchParallel(b, rig, side, func() error {
			_, err := rig.get(origin, rig.etag)
			return err
		})
	})
}

// BenchmarkGetTask: a JSON-RPC GetTask poll of a completed task.
func BenchmarkGetTask(b *testing.B) {
	benchSides(b, func(b *testing.B, rig *benchRig, side string) {
		origin := rig.origin(side)
		benchParallel(b, rig, side, func() error {
			a, err := rig.post(origin, benchGetTaskRequest)
			if err == nil && !bytes.Equal(a.body, rig.task.body) {
				err = fmt.Errorf("GetTask answered %s, want %s", a.body, rig.task.body)
			}
			return err
		})
	})
}

// benchSides runs bench once per side, bare then peer, each on a rig of
// its own: the pair of sub-benchmarks bench/run.sh turns into a ratio.
func benchSides(b *testing.B, bench func(b *testing.B, rig *benchRig, side string)) {
	for _, side := range []string{"bare", "peer"} {
		b.Run(side, func(b *testing.B) { bench(b, newBenchRig(b), side) })
	}
}

func (rig *benchRig) origin(side string) string {
	if side == "peer" {
		return rig.peer.Origin()
	}
	return rig.bare
}

// benchParallel runs op b.N times from GOMAXPROCS goroutines, reports
// ops/s, and checks afterwards that the peer journaled exactly what it
// served: every request on the peer side, none on the bare side.
func benchParallel(b *testing.B, rig *benchRig, side string, op func() error) {
	b.ReportAllocs()
	before := rig.farm.Journal().Counts()
	heapBefore := liveHeap()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := op(); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
	b.ReportMetric(float64(liveHeap()-heapBefore)/float64(b.N), "retained-B/op")
	want := 0
	if side == "peer" {
		want = b.N
	}
	after := rig.farm.Journal().Counts()
	if seen, whole := after.Seen-before.Seen, after.Whole-before.Whole; seen != int64(want) || whole != seen {
		b.Errorf("%s: the peer journaled %d exchanges (%d whole) for %d requests", side, seen, whole, b.N)
	}
}

// liveHeap is the heap still reachable after a full collection: what the
// peer's journal keeps grows it by its size.
func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
