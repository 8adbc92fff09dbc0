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
// (ns/peer), bytes allocated (alloc-B/peer), heap and goroutine stacks
// still live while the farm serves (live-B/peer, stack-B/peer: what an
// idle peer costs); and the largest heap the process held (peak-heap-MB).
// distinct: every peer its own; copies: every peer but the first a copy of
// it (FarmSpec.CopyOf), as `a2a-conform farm` starts its copies. Run it
// with a small fixed -benchtime (3x).
func BenchmarkFarmStart(b *testing.B) {
	for _, copies := range []bool{false, true} {
		spec := FarmSpec{Dir: b.TempDir()}
		for i := range benchStartPeers {
			name := "p" + strconv.Itoa(i)
			spec.Peers = append(spec.Peers, PeerSpec{Name: name, Skill: benchSkill,
				Cards: []CardFunc{benchCard, testCard(name, withVersion("2.0.0"))}})
		}
		name := "distinct"
		if copies {
			name, spec.CopyOf = "copies", func(p string) string {
				if p == "p0" {
					return ""
				}
				return "p0"
			}
		}
		b.Run(name, func(b *testing.B) { benchFarmStart(b, spec) })
	}
}

func benchFarmStart(b *testing.B, spec FarmSpec) {
	var live, stack, alloc float64
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
		stack += float64(after.StackInuse) - float64(before.StackInuse)
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	n := float64(b.N * benchStartPeers)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/peer")
	b.ReportMetric(alloc/n, "alloc-B/peer")
	b.ReportMetric(live/n, "live-B/peer")
	b.ReportMetric(stack/n, "stack-B/peer")
	b.ReportMetric(peakHeapMB(), "peak-heap-MB")
}

// peakHeapMB is the heap address space the process obtained from the OS:
// the runtime never unmaps it, so this is the heap's high-water mark.
func peakHeapMB() float64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapSys) / (1 << 20)
}
