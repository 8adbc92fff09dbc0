package mockpeer

import (
	"context"
	"runtime"
	"strconv"
	"testing"
)

// benchStartPeers is how many peers BenchmarkFarmStart starts per farm.
const benchStartPeers = 1000

// BenchmarkFarmStart starts (and closes) one farm of 1000 peers per
// iteration, two card versions each, and reports per peer: start time
// (ns/peer), bytes allocated (alloc-B/peer), heap still live while the
// farm serves (live-B/peer); and the largest heap the process held
// (peak-heap-MB). Run it with a small fixed -benchtime (3x).
func BenchmarkFarmStart(b *testing.B) {
	spec := FarmSpec{Dir: b.TempDir()}
	for i := range benchStartPeers {
		name := "p" + strconv.Itoa(i)
		spec.Peers = append(spec.Peers, PeerSpec{Name: name, Skill: benchSkill,
			Cards: []CardFunc{benchCard, testCard(name, withVersion("2.0.0"))}})
	}
	var live, alloc float64
	b.StopTimer()
	for range b.N {
		base := liveHeap()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		f, err := Start(context.Background(), spec)
		b.StopTimer()
		if err != nil {
			b.Fatalf("Start: %v", err)
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		alloc += float64(after.TotalAlloc - before.TotalAlloc)
		live += float64(liveHeap() - base)
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	n := float64(b.N * benchStartPeers)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/peer")
	b.ReportMetric(alloc/n, "alloc-B/peer")
	b.ReportMetric(live/n, "live-B/peer")
	b.ReportMetric(peakHeapMB(), "peak-heap-MB")
}

// peakHeapMB is the heap address space the process obtained from the OS:
// the runtime never unmaps it, so this is the heap's high-water mark.
func peakHeapMB() float64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapSys) / (1 << 20)
}
