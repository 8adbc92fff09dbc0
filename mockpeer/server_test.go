package mockpeer

import (
	"bufio"
	"crypto/tls"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// hostileWait bounds how long a test waits for the peer to act on a
// timeout of a few milliseconds: generous, so a loaded machine passes too.
const hostileWait = 20 * time.Second

// rawConn opens a TLS connection to the peer, as a hostile client would.
func rawConn(t *testing.T, f *Farm, origin string) *tls.Conn {
	t.Helper()
	pool := farmRoots(f)
	conn, err := tls.Dial("tcp", strings.TrimPrefix(origin, "https://"), &tls.Config{RootCAs: pool})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(hostileWait))
	return conn
}

// shortLimits are short enough for a test to wait them out, and long
// enough for a TLS handshake under -race on a loaded machine: net/http
// bounds the handshake by the shortest of the read and write timeouts, and
// at 50 ms a slow handshake was cut (TestSlowBody failed, rarely, in CI).
func shortLimits() ServerLimits {
	const d = 250 * time.Millisecond
	return ServerLimits{ReadHeaderTimeout: d, ReadTimeout: d, WriteTimeout: d, IdleTimeout: d}
}

func limitedPeer(t *testing.T, l ServerLimits, ps PeerSpec) (*Farm, *Peer) {
	t.Helper()
	ps.Name, ps.Skill = "A", testSkill
	if ps.Cards == nil {
		ps.Cards = []CardFunc{testCard("A", withStreaming())}
	}
	f := startFarm(t, FarmSpec{Limits: l, Peers: []PeerSpec{ps}})
	return f, f.Peer("A")
}

// TestSlowBody: a client that stops sending its body half-way is answered,
// in the binding's error shape, once ReadTimeout has passed.
func TestSlowBody(t *testing.T) {
	f, p := limitedPeer(t, shortLimits(), PeerSpec{})
	conn := rawConn(t, f, p.Origin())
	io.WriteString(conn, "POST /a2a/jsonrpc HTTP/1.1\r\nHost: a\r\nA2A-Version: 1.0\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	var r wire.RPCResponse
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || r.Error == nil || r.Error.Code != wire.ErrInvalidRequest.RPCCode {
		t.Fatalf("stalled body answered %d %+v (%v), want a JSON-RPC InvalidRequest", resp.StatusCode, r.Error, err)
	}
	e := lastExchange(t, f, journal.RouteA2A)
	if !strings.Contains(e.Malformed, "reading body") || e.Body != `{"jsonrpc":` {
		t.Errorf("stalled body journaled as %q with body %q", e.Malformed, e.Body)
	}
}

// TestIdleConnections: a connection that sends nothing, before or after a
// request, is closed.
func TestIdleConnections(t *testing.T) {
	f, p := limitedPeer(t, shortLimits(), PeerSpec{})
	silent := rawConn(t, f, p.Origin())
	if n, err := silent.Read(make([]byte, 1)); err == nil {
		t.Errorf("a silent connection got %d bytes and stayed open", n)
	}
	idle := rawConn(t, f, p.Origin())
	io.WriteString(idle, "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: a\r\n\r\n")
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("card on a raw connection: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	if _, err := br.ReadByte(); err == nil {
		t.Error("an idle keep-alive connection stayed open")
	}
}

// TestStreamOutlivesTimeouts: deadlines are per write, so a stream whose
// events are further apart than ReadTimeout and WriteTimeout, and that
// lasts longer than both, still reaches its end.
func TestStreamOutlivesTimeouts(t *testing.T) {
	pause := 2 * shortLimits().WriteTimeout
	f, p := limitedPeer(t, shortLimits(), PeerSpec{
		Task: TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateWorking, Progress: 50}, {State: wire.TaskStateCompleted}}},
		Hooks: Hooks{StepMetadata: func(_ State, tv TaskView) (map[string]any, []string) {
			if tv.Step > 0 {
				time.Sleep(pause) // not a synchronisation: the gap the deadlines must survive
			}
			return nil, nil
		}},
	})
	h1 := httpsClient(t, f, false)
	h1.Transport.(*http.Transport).ForceAttemptHTTP2 = false
	h1.Transport.(*http.Transport).TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
	for proto, c := range map[string]*http.Client{"HTTP/2": httpsClient(t, f, false), "HTTP/1.1": h1} {
		events := jsonrpcStream(t, c, p, wire.MethodSendStreamingMessage, sendParams("slow", false))
		last := events[len(events)-1]
		if last.StatusUpdate == nil || last.StatusUpdate.Status.State != wire.TaskStateCompleted {
			t.Errorf("%s: stream cut short after %d events: %+v", proto, len(events), last)
		}
	}
	for _, e := range journal.Requests(f.Journal().All()) {
		if e.Header.Get("Host") == "" || !strings.HasPrefix(e.Response, "data: ") {
			t.Errorf("stream journaled as %s", e.Line())
		}
	}
}

// countingBody is a request body that counts what the server read of it.
type countingBody struct {
	n, size int
}

func (b *countingBody) Read(p []byte) (int, error) {
	if b.n >= b.size {
		return 0, io.EOF
	}
	k := min(len(p), b.size-b.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	b.n += k
	return k, nil
}

// TestBodiesStreamedAgainstTheCap: a huge body is read no further than
// the route needs, and an oversized one is answered in the error shape of
// its endpoint, never as plain text.
func TestBodiesStreamedAgainstTheCap(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	l, capture := f.limits, f.journal.Limits().CaptureBytes()
	for _, tc := range []struct {
		path, contentType string
		status            int
		readAtMost        int
		shape             string
	}{
		{"/nowhere", "", http.StatusNotFound, capture + 4<<10, `"error":"not_found"`},
		{JSONRPCPath, "application/json", http.StatusOK, int(l.MaxBodyBytes) + 4<<10, `"code":-32600`},
		{RESTPath + "/message:send", "application/json", http.StatusRequestEntityTooLarge, int(l.MaxBodyBytes) + 4<<10, `"status":"INVALID_ARGUMENT"`},
		{TokenPath, "application/x-www-form-urlencoded", http.StatusRequestEntityTooLarge, int(l.MaxBodyBytes) + 4<<10, `"error":"invalid_request"`},
	} {
		body := &countingBody{size: 64 << 20}
		req := httptest.NewRequest(http.MethodPost, tc.path, body)
		req.Header.Set("A2A-Version", "1.0")
		req.Header.Set("Content-Type", tc.contentType)
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		if body.n > tc.readAtMost {
			t.Errorf("%s: read %d bytes of a 64 MiB body, want at most %d", tc.path, body.n, tc.readAtMost)
		}
		if rec.Code != tc.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || !strings.Contains(rec.Body.String(), tc.shape) {
			t.Errorf("%s: answered %d %q %s; want %d with %s", tc.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String(), tc.status, tc.shape)
		}
	}
}
