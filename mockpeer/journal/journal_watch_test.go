package journal

import (
	"testing"
	"time"
)

// A watcher that never reads holds one pending signal at most: the
// journal never waits for it.
func TestJournalWatchNeverBlocksAndCoalesces(t *testing.T) {
	j := New(JournalLimits{Exchanges: 10, Ring: true}, nil)
	idle, stopIdle := j.Watch()
	defer stopIdle()
	reader, stopReader := j.Watch()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 5000; i++ {
			j.Append(&Exchange{Seq: j.Reserve()})
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("appends blocked on a watcher that never reads")
	}
	if len(idle) != 1 {
		t.Errorf("%d signals pending, want 1 standing for them all", len(idle))
	}
	<-reader
	if j.Counts().Seen != 5000 {
		t.Errorf("counts %+v", j.Counts())
	}
	stopReader()
	stopReader() // twice is harmless
	j.Append(&Exchange{Seq: j.Reserve()})
	select {
	case <-reader:
		t.Error("signal after stop")
	default:
	}
}
