package mockpeer

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

const testSkill = "summarize"

// cardOpt tunes the card testCard builds.
type cardOpt func(o Origins, c *wire.AgentCard)

// testCard is a minimal valid card for peer name: both interfaces on its
// origin, one skill, no capabilities (streaming is refused) and no
// security unless opts add some.
func testCard(name string, opts ...cardOpt) CardFunc {
	b := NewCard(name).Name(name).Description("test peer " + name).Provider(nil).
		Capabilities(wire.AgentCapabilities{}).Skills(Skill(testSkill, "summarizes", "text"))
	for _, opt := range opts {
		b = b.Edit(opt)
	}
	return b.Build
}

func withVersion(v string) cardOpt { return func(_ Origins, c *wire.AgentCard) { c.Version = v } }

func withStreaming() cardOpt {
	return func(_ Origins, c *wire.AgentCard) { c.Capabilities.Streaming = wire.Bool(true) }
}

// withSecurity adds schemes and sets the card's requirement list.
func withSecurity(schemes map[string]wire.SecurityScheme, reqs ...wire.SecurityRequirement) cardOpt {
	return func(_ Origins, c *wire.AgentCard) {
		if c.SecuritySchemes == nil {
			c.SecuritySchemes = map[string]wire.SecurityScheme{}
		}
		for k, v := range schemes {
			c.SecuritySchemes[k] = v
		}
		c.SecurityRequirements = reqs
	}
}

var (
	bearerScheme = map[string]wire.SecurityScheme{"bearer": {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}}
	mtlsScheme   = map[string]wire.SecurityScheme{"mtls": {MTLS: &wire.MTLSSecurityScheme{}}}
)

func oauthScheme(peer string) cardOpt {
	return func(o Origins, c *wire.AgentCard) {
		withSecurity(map[string]wire.SecurityScheme{"oauth": {OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
			ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: TokenURL(o(peer)), Scopes: map[string]string{}},
		}}}}, wire.Require("oauth"))(o, c)
	}
}

// startFarm starts spec and closes the farm when the test ends.
func startFarm(t *testing.T, spec FarmSpec) *Farm {
	t.Helper()
	if spec.Dir == "" {
		spec.Dir = t.TempDir()
	}
	f, err := Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := f.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return f
}

// onePeer starts a farm with a single peer "A".
func onePeer(t *testing.T, ps PeerSpec) (*Farm, *Peer) {
	t.Helper()
	if ps.Name == "" {
		ps.Name = "A"
	}
	if ps.Skill == "" {
		ps.Skill = testSkill
	}
	if len(ps.Cards) == 0 {
		ps.Cards = []CardFunc{testCard(ps.Name)}
	}
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{ps}})
	return f, f.Peer(ps.Name)
}

// journaledPeer starts a farm with the single peer "A" and hands every
// exchange, as it is journaled, to the returned channel: room is how many
// the test may leave unread before the farm blocks.
func journaledPeer(t *testing.T, room int) (*Farm, *Peer, <-chan journal.Exchange) {
	t.Helper()
	journaled := make(chan journal.Exchange, room)
	f := startFarm(t, FarmSpec{
		Peers:      []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}},
		OnExchange: func(e journal.Exchange) { journaled <- e },
	})
	return f, f.Peer("A"), journaled
}

// httpsClient trusts the farm CA and, with cert, presents the client
// certificate. It never follows redirects: tests look at them.
func httpsClient(t *testing.T, f *Farm, cert bool) *http.Client {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(f.CAPEM()) {
		t.Fatal("CAPEM holds no certificate")
	}
	cfg := &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	if cert {
		creds := f.Credentials(Grants{ClientCert: true})
		pair, err := tls.LoadX509KeyPair(creds.ClientCertFile, creds.ClientKeyFile)
		if err != nil {
			t.Fatalf("client certificate: %v", err)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	tr := &http.Transport{TLSClientConfig: cfg, ForceAttemptHTTP2: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{
		Transport:     tr,
		Timeout:       10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// do sends one request and returns the response with its body read.
func do(t *testing.T, c *http.Client, method, url string, body string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req := newRequest(t, method, url, body)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, url, err)
	}
	return resp, b
}

// a2aHeaders are the headers of a well-behaved v1.0 call plus extra.
func a2aHeaders(extra map[string]string) map[string]string {
	h := map[string]string{"A2A-Version": "1.0", "Content-Type": "application/json"}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

// rpc calls method on the peer's JSON-RPC endpoint.
func rpc(t *testing.T, c *http.Client, p *Peer, method string, params any, extra map[string]string) (json.RawMessage, *wire.RPCError) {
	t.Helper()
	return rpcAt(t, c, JSONRPCURL(p.Origin()), method, params, extra)
}

// rpcAt calls method at url (which may carry a query).
func rpcAt(t *testing.T, c *http.Client, url, method string, params any, extra map[string]string) (json.RawMessage, *wire.RPCError) {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "method": method, "params": params})
	resp, body := do(t, c, http.MethodPost, url, string(raw), a2aHeaders(extra))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: HTTP %d: %s", method, resp.StatusCode, body)
	}
	var out struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *wire.RPCError  `json:"error"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%s: %v in %s", method, err, body)
	}
	if string(out.ID) != "7" {
		t.Fatalf("%s: id %s not echoed as the number 7", method, out.ID)
	}
	return out.Result, out.Error
}

// sendParams is a SendMessageRequest for text, blocking unless immediate.
func sendParams(text string, immediate bool) map[string]any {
	p := map[string]any{"message": map[string]any{
		"messageId": "m-" + text, "role": "ROLE_USER", "parts": []any{map[string]any{"text": text}},
	}}
	if immediate {
		p["configuration"] = map[string]any{"returnImmediately": true}
	}
	return p
}

func decodeTask(t *testing.T, raw json.RawMessage) wire.Task {
	t.Helper()
	var task wire.Task
	if err := json.Unmarshal(raw, &task); err != nil {
		t.Fatalf("task: %v in %s", err, raw)
	}
	return task
}

func sendTask(t *testing.T, raw json.RawMessage) wire.Task {
	t.Helper()
	var resp wire.SendMessageResponse
	if err := json.Unmarshal(raw, &resp); err != nil || resp.Task == nil {
		t.Fatalf("SendMessageResponse without a task (%v): %s", err, raw)
	}
	return *resp.Task
}

// sseEvents reads every data: payload of an SSE body until it closes.
func sseEvents(t *testing.T, body io.Reader) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	var data bytes.Buffer
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "data:"):
			data.WriteString(strings.TrimSpace(strings.TrimPrefix(line, "data:")))
		case line == "" && data.Len() > 0:
			out = append(out, json.RawMessage(bytes.Clone(data.Bytes())))
			data.Reset()
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading SSE: %v", err)
	}
	return out
}

// waitFor polls cond until it holds or a deadline generous enough for a
// loaded machine passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(hostileWait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// lastExchange is the journal's last exchange on route.
func lastExchange(t *testing.T, f *Farm, route string) journal.Exchange {
	t.Helper()
	all := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == route })
	if len(all) == 0 {
		t.Fatalf("no %s exchange journaled", route)
	}
	return all[len(all)-1]
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// newRequest is a request with body, none when body is "".
func newRequest(t *testing.T, method, url, body string) *http.Request {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// awaitEnd reads conn until the peer ends it, then closes it as a client
// does on the end of its connection; the read's error arrives on the
// channel.
func awaitEnd(conn net.Conn) <-chan error {
	ended := make(chan error, 1)
	go func() {
		_, err := conn.Read(make([]byte, 1))
		ended <- err
		conn.Close()
	}()
	return ended
}

// farmRoots is a pool of the farm's CA: what a client trusting the run
// holds.
func farmRoots(f *Farm) *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(f.CAPEM())
	return pool
}
