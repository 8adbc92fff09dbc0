package mockpeer

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// BenchmarkPath measures the peer's handler on the four hot paths of
// bench/wrk.sh (card 200, card 304, JSON-RPC GetTask and SendMessage)
// against a bare handler doing the same job in the same run: route,
// compare If-None-Match, drain the body, write the bytes the peer
// answered. Both are called directly (no network, one goroutine), so ns/op
// is the CPU each spends on a request; bench/cmd/benchratio -cost turns
// the X/bare and X/peer pairs into ratios of ns/op and allocs/op. The
// peer is shaped like `a2a-conform peer --scenario version-skew`: a bearer
// card, a script that works before it completes, the journal a ring of
// 1000 whole exchanges; every request is journaled (checked at the end).
func BenchmarkPath(b *testing.B) {
	p, token := pathPeer(b)
	send := `{"jsonrpc":"2.0","id":"s","method":"SendMessage","params":{"message":` +
		`{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"Summarize the attached document."}]}}}`
	cases := []struct {
		name string
		req  func() *http.Request
	}{
		{"card200", func() *http.Request { return pathGet(p, "") }},
		{"card304", func() *http.Request { return pathGet(p, p.ETag(0)) }},
		{"getTask", func() *http.Request { return pathPost(benchGetTaskRequest, token) }},
		{"sendMessage", func() *http.Request { return pathPost(send, token) }},
	}
	if w := serve(p, pathPost(send, token)); w.Code != http.StatusOK { // task-1, polled by getTask
		b.Fatalf("SendMessage: %d %s", w.Code, w.Body)
	}
	for _, c := range cases {
		bare := replayOf(b, serve(p, c.req()))
		b.Run(c.name+"/bare", func(b *testing.B) {
			defer reportCPU(b)()
			b.ReportAllocs()
			for b.Loop() {
				bare.ServeHTTP(newServerRecorder(), c.req())
			}
		})
		b.Run(c.name+"/peer", func(b *testing.B) {
			before := p.farm.Journal().Counts().Seen
			defer reportCPU(b)()
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				p.ServeHTTP(newServerRecorder(), c.req())
				if n++; c.name == "sendMessage" && n%1024 == 0 {
					// Each send makes a task the peer keeps: dropped now
					// and then, so that b.N does not decide how much the
					// collector marks.
					b.StopTimer()
					p.Reset()
					b.StartTimer()
				}
			}
			b.StopTimer()
			if seen := p.farm.Journal().Counts().Seen - before; seen != int64(b.N) {
				b.Fatalf("journaled %d exchanges for %d requests", seen, b.N)
			}
		})
	}
}

// serverRecorder is an httptest recorder that takes deadlines as a
// server's writer does, so that the peer's deadlines cost what they cost
// on a connection and not an error for each "not supported".
type serverRecorder struct{ *httptest.ResponseRecorder }

func newServerRecorder() serverRecorder { return serverRecorder{httptest.NewRecorder()} }

func (serverRecorder) SetReadDeadline(time.Time) error  { return nil }
func (serverRecorder) SetWriteDeadline(time.Time) error { return nil }

// reportCPU reports the process's CPU time per op (cpu-ns/op) when the
// returned function is called at the end of the benchmark: on a shared
// machine it moves far less with the load than ns/op, which is wall time.
func reportCPU(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		if end, ok2 := processCPU(); ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// pathPeer starts the benchmarked peer and returns it with the bearer
// token its card asks for.
func pathPeer(b *testing.B) (*Peer, string) {
	card := func(o Origins) wire.AgentCard {
		skill := func(id string) wire.AgentSkill { return Skill(id, "Benchmark skill "+id+".", "bench") }
		return NewCard("A").Skills(skill(benchSkill), skill("translate"), skill("classify")).
			Security(BearerScheme(), wire.Require(SchemeBearer)).Build(o)
	}
	f, err := Start(context.Background(), FarmSpec{
		Dir: b.TempDir(),
		Peers: []PeerSpec{{Name: "A", Skill: benchSkill, Cards: []CardFunc{card},
			Caching: Caching{CacheControl: "max-age=300"},
			Task: TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking, Progress: 50},
				{State: wire.TaskStateCompleted}}}}},
		Grants:  Grants{Bearer: true},
		Journal: journal.JournalLimits{Exchanges: 1000, Ring: true},
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = f.Close() })
	return f.Peer("A"), f.Credentials(Grants{Bearer: true}).BearerToken
}

func pathGet(p *Peer, inm string) *http.Request {
	r := httptest.NewRequest("GET", p.Origin()+wire.WellKnownCardPath, nil)
	if inm != "" {
		r.Header.Set("If-None-Match", inm)
	}
	return r
}

func pathPost(body, token string) *http.Request {
	r := post(body)
	r.Header.Set("Authorization", "Bearer "+token)
	return r
}

// replayOf is the bare handler of one case: it answers what the peer
// answered in w, as barepeer does (bench/cmd/barepeer).
func replayOf(b *testing.B, w *httptest.ResponseRecorder) http.Handler {
	if w.Code != http.StatusOK && w.Code != http.StatusNotModified {
		b.Fatalf("the peer answered %d: %s", w.Code, w.Body)
	}
	header, body, status := w.Header().Clone(), w.Body.Bytes(), w.Code
	etag := header.Get("ETag")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == wire.WellKnownCardPath:
			if inm := r.Header.Get("If-None-Match"); status == http.StatusNotModified && inm == etag {
				copyHeader(w.Header(), header)
				w.WriteHeader(http.StatusNotModified)
				return
			}
		case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, JSONRPCPath):
			_, _ = io.Copy(io.Discard, r.Body)
		default:
			http.NotFound(w, r)
			return
		}
		copyHeader(w.Header(), header)
		_, _ = w.Write(body)
	})
}
