package mockpeer

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// benchSkill is the skill of the benchmarked peer.
const benchSkill = "summarize"

// benchGetTaskRequest is the poll every GetTask benchmark sends.
const benchGetTaskRequest = `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"task-1"}}`

// benchRig is one peer of a real farm and, beside it, a bare net/http
// server under the same TLS configuration that replays the peer's own
// answers byte for byte: the baseline the peer is compared with.
type benchRig struct {
	farm   *Farm
	peer   *Peer
	bare   string // origin of the bare server
	client *http.Client
	etag   string

	card, task answer // what the peer answered, replayed by the bare server
}

// answer is one response frozen into bytes.
type answer struct {
	header http.Header
	body   []byte
}

// newBenchRig starts the farm, creates the task that GetTask polls (it is
// terminal, so every poll answers the same bytes), captures the peer's
// answers and starts the bare server. Everything stops when b ends.
func newBenchRig(b *testing.B) *benchRig {
	b.Helper()
	f, err := Start(context.Background(), FarmSpec{
		Dir:     b.TempDir(),
		Peers:   []PeerSpec{{Name: "A", Skill: benchSkill, Cards: []CardFunc{benchCard}}},
		Journal: benchJournal,
	})
	if err != nil {
		b.Fatalf("Start: %v", err)
	}
	b.Cleanup(func() { _ = f.Close() })
	rig := &benchRig{farm: f, peer: f.Peer("A"), client: benchClient(b, f.CAPEM())}
	rig.etag = rig.peer.ETag(0)

	origin := rig.peer.Origin()
	send := `{"jsonrpc":"2.0","id":"s","method":"SendMessage","params":{"message":` +
		`{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"benchmark"}]}}}`
	if _, err := rig.post(origin, send); err != nil {
		b.Fatalf("SendMessage: %v", err)
	}
	if rig.card, err = rig.get(origin, ""); err != nil {
		b.Fatalf("card: %v", err)
	}
	if rig.task, err = rig.post(origin, benchGetTaskRequest); err != nil {
		b.Fatalf("GetTask: %v", err)
	}
	if !bytes.Contains(rig.task.body, []byte(`"TASK_STATE_COMPLETED"`)) {
		b.Fatalf("GetTask answered %s, want the completed task", rig.task.body)
	}
	rig.bare = startBare(b, f.pki.serverConfig("A"), rig)
	return rig
}

// benchJournal keeps every exchange of a benchmark whole, as a scenario's
// journal does (its few hundred exchanges never reach the default limits):
// the cost measured is that of a peer in a run, not of a flooded one.
var benchJournal = journal.JournalLimits{Exchanges: 1 << 20}

// benchCard resembles a catalog card: two interfaces, a provider, three
// skills, no security (admission is then the cheapest path).
func benchCard(o Origins) wire.AgentCard {
	skill := func(id string) wire.AgentSkill { return Skill(id, "Benchmark skill "+id+".", "bench") }
	return NewCard("A").Skills(skill(benchSkill), skill("translate"), skill("classify")).Build(o)
}

// benchClient is a keep-alive HTTPS client trusting the farm CA, shaped
// like the reference client's transport (HTTP/2 when offered).
func benchClient(b *testing.B, caPEM []byte) *http.Client {
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		b.Fatal("CAPEM holds no certificate")
	}
	tr := &http.Transport{
		TLSClientConfig:     &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12},
		ForceAttemptHTTP2:   true,
		MaxIdleConnsPerHost: 64,
	}
	b.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// startBare serves rig's captured answers over TLS config cfg (the peer's
// own), doing only what any HTTP server must: route, compare the
// validator, drain the request body, write the bytes.
func startBare(b *testing.B, cfg *tls.Config, rig *benchRig) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatalf("bare listener: %v", err)
	}
	srv := &http.Server{Handler: bareHandler(rig), TLSConfig: cfg, ErrorLog: log.New(io.Discard, "", 0)}
	go func() { _ = srv.ServeTLS(l, "", "") }()
	b.Cleanup(func() { _ = srv.Close() })
	return "https://" + l.Addr().String()
}

func bareHandler(rig *benchRig) http.Handler {
	card, task, etag := rig.card, rig.task, rig.etag
	cardLen, taskLen := strconv.Itoa(len(card.body)), strconv.Itoa(len(task.body))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		switch r.URL.Path {
		case wire.WellKnownCardPath:
			copyHeader(h, card.header)
			if r.Header.Get("If-None-Match") == etag {
				h.Del("Content-Type")
				w.WriteHeader(http.StatusNotModified)
				return
			}
			h.Set("Content-Length", cardLen)
			_, _ = w.Write(card.body)
		case JSONRPCPath:
			_, _ = io.Copy(io.Discard, r.Body)
			copyHeader(h, task.header)
			h.Set("Content-Length", taskLen)
			_, _ = w.Write(task.body)
		default:
			http.NotFound(w, r)
		}
	})
}

// copyHeader copies src into dst, except what net/http writes per response.
func copyHeader(dst, src http.Header) {
	for k, v := range src {
		if k != "Date" && k != "Content-Length" {
			dst[k] = v
		}
	}
}

// get fetches the card at origin, revalidating with inm when it is set;
// 304 is expected then, 200 otherwise.
func (rig *benchRig) get(origin, inm string) (answer, error) {
	req, err := http.NewRequest(http.MethodGet, CardURL(origin), nil)
	if err != nil {
		return answer{}, err
	}
	want := http.StatusOK
	if inm != "" {
		req.Header.Set("If-None-Match", inm)
		want = http.StatusNotModified
	}
	return rig.do(req, want)
}

// post sends a JSON-RPC body to the JSON-RPC endpoint at origin.
func (rig *benchRig) post(origin, body string) (answer, error) {
	req, err := http.NewRequest(http.MethodPost, JSONRPCURL(origin), bytes.NewReader([]byte(body)))
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(wire.HeaderVersion, wire.ProtocolVersion)
	return rig.do(req, http.StatusOK)
}

func (rig *benchRig) do(req *http.Request, want int) (answer, error) {
	resp, err := rig.client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	if resp.StatusCode != want {
		return answer{}, fmt.Errorf("%s %s: HTTP %d, want %d: %s", req.Method, req.URL.Path, resp.StatusCode, want, body)
	}
	return answer{header: resp.Header, body: body}, nil
}
