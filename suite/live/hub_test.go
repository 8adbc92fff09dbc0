package live

import (
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// A viewer that never takes its frames holds one signal at most: the hub
// publishes on, and a viewer that reads gets the newest frame.
func TestHubNeverWaitsForAViewer(t *testing.T) {
	n := 0
	h := newHub(func() []byte { n++; return []byte(strconv.Itoa(n)) }, time.Millisecond)
	idle := h.join()
	reader := h.join()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 10000 {
			h.publish(h.render())
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("publish blocked on a viewer that never reads")
	}
	if len(idle) != 1 {
		t.Errorf("idle viewer holds %d signals, want 1", len(idle))
	}
	<-reader
	if id, frame := h.latest(); id != 10000 || string(frame) != "10000" {
		t.Errorf("latest frame %d %q, want the 10000th", id, frame)
	}
}

// A burst of changes is rendered in a frame or two, not one per change.
func TestHubCoalescesChanges(t *testing.T) {
	renders := make(chan struct{}, 100)
	h := newHub(func() []byte { renders <- struct{}{}; return []byte("f") }, 50*time.Millisecond)
	changed := make(chan struct{}, 1)
	go h.run(t.Context(), changed)
	viewer := h.join()
	<-viewer // the first frame, for the viewer who joined
	for range 10000 {
		select {
		case changed <- struct{}{}:
		default:
		}
	}
	deadline := time.After(5 * time.Second)
	for {
		select {
		case <-viewer:
		case <-deadline:
			t.Fatal("no frame after the burst")
		}
		if len(changed) == 0 {
			break
		}
	}
	if len(renders) > 3 {
		t.Errorf("%d renders for one burst of 10000 changes, want at most 3", len(renders))
	}
}

// The hubs follow the journal only while one of them runs: with no viewer
// an exchange wakes nothing, and a signal reaches a running hub.
func TestHubsFollowTheJournalOnlyWhileWatched(t *testing.T) {
	var following atomic.Int32
	journal := make(chan struct{}, 1)
	watch := func() (<-chan struct{}, func()) {
		following.Add(1)
		return journal, func() { following.Add(-1) }
	}
	hs := newCopyHubs(t.Context(), func(int) []byte { return []byte("f") }, watch)
	if n := following.Load(); n != 0 {
		t.Fatalf("following the journal %d times with no viewer", n)
	}
	a := hs.acquire(0)
	hs.acquire(1)
	if n := following.Load(); n != 1 {
		t.Fatalf("following the journal %d times with two hubs, want 1", n)
	}
	viewer := a.join()
	<-viewer // the first frame
	journal <- struct{}{}
	select {
	case <-viewer:
	case <-time.After(5 * time.Second):
		t.Fatal("a journal signal did not reach the running hub")
	}
	a.leave(viewer)
	hs.release(0)
	if n := following.Load(); n != 1 {
		t.Fatalf("following the journal %d times with one hub left, want 1", n)
	}
	hs.release(1)
	deadline := time.Now().Add(5 * time.Second)
	for following.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("still following the journal with no hub running")
		}
		time.Sleep(time.Millisecond)
	}
}
