package mockpeer

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

func cardVersions(f *Farm) []int {
	var out []int
	for _, e := range f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard }) {
		out = append(out, e.CardVersion)
	}
	return out
}

func TestArmFiresAfterNextCardResponse(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	c := httpsClient(t, f, false)
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	if p.Version() != 0 {
		t.Fatal("Arm rotated at once")
	}
	resp, body := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if string(body) != string(p.CardBytes(0)) || p.Version() != 1 {
		t.Fatalf("armed rotation: the response served %q, version now %d; want version 0 served, then 1 in force", body, p.Version())
	}
	// A 304 is a card response too.
	if err := p.Arm(2); err != nil {
		t.Fatal(err)
	}
	resp, _ = do(t, c, http.MethodGet, p.CardURL(), "", map[string]string{"If-None-Match": p.ETag(1)})
	if resp.StatusCode != http.StatusNotModified || p.Version() != 2 {
		t.Fatalf("revalidation answered %d, version now %d; want 304 then version 2", resp.StatusCode, p.Version())
	}
	// One shot: nothing is left to fire.
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if got := cardVersions(f); len(got) != 3 || got[0] != 0 || got[1] != 1 || got[2] != 2 || p.Version() != 2 {
		t.Errorf("card versions served %v, version %d; want [0 1 2], 2", got, p.Version())
	}
}

// The mirrored-stale-cache shape: the card goes from open to bearer
// required, and a client that never fetches it sends on the old terms.
func TestArmFiresBeforeSend(t *testing.T) {
	cards := []CardFunc{
		testCard("A", withStreaming()),
		testCard("A", withStreaming(), withSecurity(bearerScheme, wire.Require("bearer"))),
	}
	tests := []struct {
		name       string
		arm        bool
		op         string
		bearer     bool
		wantCode   int
		wantCard   int
		satisfying bool
	}{
		{"unarmed, the open card admits a bare send", false, wire.MethodSendMessage, false, 0, 0, true},
		{"armed, a bare send is judged by the new card", true, wire.MethodSendMessage, false, wire.ErrUnauthenticated.RPCCode, 1, false},
		{"armed, a bare stream is judged by the new card", true, wire.MethodSendStreamingMessage, false, wire.ErrUnauthenticated.RPCCode, 1, false},
		{"armed, a send with the token passes the new card", true, wire.MethodSendMessage, true, 0, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, p := onePeer(t, PeerSpec{Cards: cards})
			if tc.arm {
				if err := p.Arm(1); err != nil {
					t.Fatal(err)
				}
			}
			var header map[string]string
			if tc.bearer {
				header = map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
			}
			c := httpsClient(t, f, false)
			if tc.op == wire.MethodSendStreamingMessage && tc.wantCode != 0 {
				_, code := jsonrpcCall(t, c, p, tc.op, sendParams("x", false))
				if code != tc.wantCode {
					t.Fatalf("stream answered code %d, want %d", code, tc.wantCode)
				}
			} else if _, e := rpc(t, c, p, tc.op, sendParams("x", true), header); errCode(e) != tc.wantCode {
				t.Fatalf("send answered %+v, want code %d", e, tc.wantCode)
			}
			ex := lastExchange(t, f, journal.RouteA2A)
			if ex.CardVersion != tc.wantCard || ex.ContractHash != p.ContractHash(tc.wantCard) ||
				ex.Auth.SatisfiesCurrent != tc.satisfying || ex.Auth.Admitted != (tc.wantCode == 0) {
				t.Errorf("journaled at card version %d with %+v; want version %d, satisfying %v", ex.CardVersion, ex.Auth, tc.wantCard, tc.satisfying)
			}
		})
	}
}

func TestArmWaitsForACardResponseOrASend(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	c := httpsClient(t, f, false)
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	rpc(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-9"}, nil)
	do(t, c, http.MethodGet, p.Origin()+JWKSPath, "", nil)
	do(t, c, http.MethodGet, p.Origin()+"/nowhere", "", nil)
	// Rejected before being judged: a send without A2A-Version, and one
	// without a message.
	do(t, c, http.MethodPost, JSONRPCURL(p.Origin()), `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}}`,
		map[string]string{"Content-Type": "application/json"})
	rpc(t, c, p, wire.MethodSendMessage, map[string]any{}, nil)
	if p.Version() != 0 {
		t.Fatalf("the armed rotation fired on a request that is neither a card response nor a judged send (version %d)", p.Version())
	}
	rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), nil)
	if p.Version() != 1 {
		t.Errorf("version %d after a judged send, want 1", p.Version())
	}
}

func TestArmReplaceResetAndErrors(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	c := httpsClient(t, f, false)
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	if err := p.Arm(2); err != nil {
		t.Fatal(err)
	}
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if p.Version() != 2 {
		t.Fatalf("a second Arm did not replace the first: version %d, want 2", p.Version())
	}
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	p.Disarm()
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if p.Version() != 2 {
		t.Fatalf("Disarm left the rotation armed: version %d, want 2", p.Version())
	}
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	p.Reset()
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if p.Version() != 0 {
		t.Errorf("Reset left the rotation armed: version %d", p.Version())
	}
	for _, bad := range []int{-1, 3} {
		if err := p.Arm(bad); !errors.Is(err, ErrUnknownVersion) {
			t.Errorf("Arm(%d) = %v, want ErrUnknownVersion", bad, err)
		}
		if err := p.Rotate(bad); !errors.Is(err, ErrUnknownVersion) {
			t.Errorf("Rotate(%d) = %v, want ErrUnknownVersion", bad, err)
		}
	}
}

// Card responses and sends race for the armed rotation: it fires exactly
// once, and only the card response that fired it carries the old version.
func TestArmUnderConcurrentRequests(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	c := httpsClient(t, f, false)
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	send := `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]},"configuration":{"returnImmediately":true}}}`
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodGet, p.CardURL(), nil)
			if i%2 == 1 {
				req, _ = http.NewRequest(http.MethodPost, JSONRPCURL(p.Origin()), strings.NewReader(send))
				for k, v := range a2aHeaders(nil) {
					req.Header.Set(k, v)
				}
			}
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
			}
		})
	}
	wg.Wait()
	old := 0
	for _, v := range cardVersions(f) {
		if v == 0 {
			old++
		}
	}
	if n := len(journal.Requests(f.Journal().All())); p.Version() != 1 || old > 1 || n != 8 {
		t.Errorf("version %d, %d card responses of version 0 in %d requests; want 1, at most 1, 8", p.Version(), old, n)
	}
}
