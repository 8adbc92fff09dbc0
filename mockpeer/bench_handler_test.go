package mockpeer

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// BenchmarkHandler measures the peer's own work per request, without a
// network: ServeHTTP called directly, into an httptest recorder. The
// "baseline" case only makes the request and the recorder, so the
// difference is what the peer's handler costs.
func BenchmarkHandler(b *testing.B) {
	f, err := Start(context.Background(), FarmSpec{
		Dir:     b.TempDir(),
		Peers:   []PeerSpec{{Name: "A", Skill: benchSkill, Cards: []CardFunc{benchCard}}},
		Journal: journal.JournalLimits{Exchanges: 1000, Ring: true},
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = f.Close() })
	p := f.Peer("A")
	send := `{"jsonrpc":"2.0","id":"s","method":"SendMessage","params":{"message":` +
		`{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"benchmark"}]}}}`
	serve(p, post(send))
	etag := p.ETag(0)
	cases := map[string]func() *http.Request{
		"card304": func() *http.Request {
			r := httptest.NewRequest("GET", "https://a.test/.well-known/agent-card.json", nil)
			r.Header.Set("If-None-Match", etag)
			return r
		},
		"getTask": func() *http.Request { return post(benchGetTaskRequest) },
		// As a secured peer is polled: every header value is looked at in
		// the forms a server decodes, the credential's base64 included.
		"getTaskBearer": func() *http.Request {
			r := post(benchGetTaskRequest)
			r.Header.Set("Authorization", "Bearer bt-Q2hhbmdlZCBjYXJkcyBhcmUgbm90IHRydXN0ZWQ")
			return r
		},
	}
	for _, name := range []string{"card304", "getTask", "getTaskBearer"} {
		mk := cases[name]
		b.Run(name+"/baseline", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				_ = mk()
				_ = w
			}
		})
		b.Run(name+"/peer", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				serve(p, mk())
			}
		})
	}
}

func post(body string) *http.Request {
	r := httptest.NewRequest("POST", "https://a.test/a2a/jsonrpc", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("A2A-Version", "1.0")
	return r
}

func serve(p *Peer, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	p.ServeHTTP(w, r)
	return w
}
