package mockpeer

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request whose serving panics before its exchange is stored is lost to
// the evidence and reported, the panic passed on to net/http; a panic after
// the store (a hang-up's deliberate abort) and a request served whole are
// no loss.
func TestLostRequestIsReported(t *testing.T) {
	var l lostRequests
	r := httptest.NewRequest(http.MethodGet, "https://127.0.0.1/.well-known/agent-card.json", nil)
	serve := func(seq int64, stored bool, p any) (passedOn any) {
		defer func() { passedOn = recover() }()
		in := &arrival{seq: seq}
		defer l.unlessStored(in, r)
		in.stored = stored
		if p != nil {
			panic(p)
		}
		return nil
	}
	if got := serve(1, true, nil); got != nil {
		t.Fatalf("a request served whole panicked: %v", got)
	}
	if got := serve(2, true, http.ErrAbortHandler); got != http.ErrAbortHandler {
		t.Fatalf("the hang-up's abort was passed on as %v", got)
	}
	if err := l.err(); err != nil {
		t.Fatalf("no request was lost, but: %v", err)
	}
	if got := serve(3, false, "a bug in the peer"); got != "a bug in the peer" {
		t.Fatalf("the panic was passed on as %v", got)
	}
	err := l.err()
	if err == nil || !strings.Contains(err.Error(), "request #3 (GET /.well-known/agent-card.json) was not journaled") ||
		!strings.Contains(err.Error(), "a bug in the peer") {
		t.Fatalf("lost: %v, want request #3 named with its panic", err)
	}
}

// A request whose serving panics in a farm's intake, before anything
// journals it, is named by Close: the play is a harness fault.
func TestCloseReportsLostRequests(t *testing.T) {
	f, _ := onePeerUnclosed(t)
	r := httptest.NewRequest(http.MethodGet, "https://127.0.0.1/.well-known/agent-card.json", nil)
	func() {
		defer func() { _ = recover() }()
		f.intake(httptest.NewRecorder(), r, func(*arrival) { panic("a bug in the peer") })
	}()
	err := f.Close()
	if err == nil || !strings.Contains(err.Error(), "was not journaled") || !strings.Contains(err.Error(), "a bug in the peer") {
		t.Fatalf("Close: %v, want the lost request", err)
	}
}

// onePeerUnclosed is onePeer whose farm the test closes itself.
func onePeerUnclosed(t *testing.T) (*Farm, *Peer) {
	t.Helper()
	f, err := Start(t.Context(), FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	if err != nil {
		t.Fatal(err)
	}
	return f, f.Peer("A")
}
