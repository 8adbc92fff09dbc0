package mockpeer

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// manualClock is a FarmSpec.Now that moves only when the test says.
type manualClock struct {
	mu  sync.Mutex
	now time.Time
}

func newManualClock() *manualClock {
	return &manualClock{now: time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)}
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// bearerToMTLS are the cards of a rotation from bearer to mTLS only.
func bearerToMTLS() []CardFunc {
	return []CardFunc{
		testCard("A", withSecurity(bearerScheme, wire.Require("bearer"))),
		testCard("A", withSecurity(mtlsScheme, wire.Require("mtls"))),
	}
}

// graceRequest is one A2A request after the rotation: the clock moves by
// wait first; the request presents the old bearer token, or the client
// certificate the new card wants.
type graceRequest struct {
	wait     time.Duration
	cert     bool
	admitted bool
}

func TestGraceWindowBounds(t *testing.T) {
	tests := []struct {
		name     string
		requests int
		window   time.Duration
		after    []graceRequest
	}{
		{"time alone: open until the window ends", -1, time.Minute, []graceRequest{
			{0, false, true}, {59 * time.Second, false, true}, {time.Second, false, false}, {0, false, false}}},
		{"count and time: the count ends first", 2, time.Minute, []graceRequest{
			{0, false, true}, {0, false, true}, {0, false, false}}},
		{"count and time: the time ends first", 5, time.Minute, []graceRequest{
			{0, false, true}, {time.Minute, false, false}}},
		{"every admitted request counts, whatever it presented", 2, 0, []graceRequest{
			{0, true, true}, {0, false, true}, {0, false, false}, {0, true, true}}},
		{"count alone: time does not close it", 1, 0, []graceRequest{
			{time.Hour, false, true}, {0, false, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := newManualClock()
			f := startFarm(t, FarmSpec{Now: clock.Now, Peers: []PeerSpec{{
				Name: "A", Skill: testSkill, Cards: bearerToMTLS(), GraceRequests: tc.requests, GraceWindow: tc.window,
			}}})
			p := f.Peer("A")
			plain, withCert := httpsClient(t, f, false), httpsClient(t, f, true)
			auth := map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
			// Rotations from the harness open the window as a trigger would.
			if err := p.Rotate(1); err != nil {
				t.Fatal(err)
			}
			for i, r := range tc.after {
				clock.Add(r.wait)
				c, header := plain, auth
				if r.cert {
					c, header = withCert, nil
				}
				_, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), header)
				if (e == nil) != r.admitted {
					t.Fatalf("request %d after the rotation (clock +%v): admitted %v, want %v (%+v)", i+1, r.wait, e == nil, r.admitted, e)
				}
			}
		})
	}
}

// A refused request does not consume the window: the count is of
// requests the peer admitted.
func TestGraceWindowIgnoresRefusedRequests(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: bearerToMTLS(), GraceRequests: 1})
	c := httpsClient(t, f, false)
	if err := p.Rotate(1); err != nil {
		t.Fatal(err)
	}
	if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("bare", true), nil); e == nil {
		t.Fatal("a bare request passed an mTLS card")
	}
	auth := map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
	if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("old", true), auth); e != nil {
		t.Errorf("the old token after a refused request: %+v, want admitted under grace", e)
	}
}

// Every way of rotating opens the same window: a trigger, an armed
// rotation and the admin call.
func TestGraceWindowOpensOnEveryRotation(t *testing.T) {
	ways := map[string]func(t *testing.T, f *Farm, p *Peer){
		"trigger": func(t *testing.T, f *Farm, p *Peer) {
			do(t, httpsClient(t, f, false), "GET", p.CardURL(), "", nil)
		},
		"armed": func(t *testing.T, _ *Farm, p *Peer) {
			if err := p.Arm(1); err != nil {
				t.Fatal(err)
			}
		},
		"admin": func(t *testing.T, f *Farm, _ *Peer) {
			if resp, body := adminCall(t, f, "POST", AdminRotatePath+"?to=1"); resp.StatusCode != 200 {
				t.Fatalf("admin rotate: %d %s", resp.StatusCode, body)
			}
		},
	}
	for name, rotate := range ways {
		t.Run(name, func(t *testing.T) {
			ps := PeerSpec{Cards: bearerToMTLS(), GraceRequests: 1}
			if name == "trigger" {
				ps.Rotations = []Rotation{{On: Trigger{Kind: AfterCardResponses, N: 1}, To: 1}}
			}
			f, p := onePeer(t, ps)
			rotate(t, f, p)
			c := httpsClient(t, f, false)
			auth := map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
			for i, want := range []bool{true, false} {
				if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), auth); (e == nil) != want {
					t.Fatalf("request %d under the old token: admitted %v, want %v", i+1, e == nil, want)
				}
				if ex := lastExchange(t, f, journal.RouteA2A); ex.CardVersion != 1 || ex.Auth.SatisfiesCurrent {
					t.Errorf("request %d journaled at version %d with %+v, want version 1, not satisfying", i+1, ex.CardVersion, ex.Auth)
				}
			}
		})
	}
}

func TestGraceWindowValidation(t *testing.T) {
	tests := []struct {
		name string
		edit func(*PeerSpec)
	}{
		{"a time bound with no window", func(ps *PeerSpec) { ps.GraceWindow = time.Second }},
		{"a negative time bound", func(ps *PeerSpec) { ps.GraceRequests, ps.GraceWindow = -1, -time.Second }},
		{"a negative step interval", func(ps *PeerSpec) { ps.Task.StepInterval = -time.Second }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := PeerSpec{Name: "A", Skill: testSkill, Cards: bearerToMTLS()}
			tc.edit(&ps)
			if _, err := Start(t.Context(), FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{ps}}); !errors.Is(err, ErrInvalidSpec) {
				t.Errorf("Start = %v, want ErrInvalidSpec", err)
			}
		})
	}
}
