package mockpeer

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

// FuzzJournalRedaction puts a secret, in any encoding the scan detects,
// or a private key, anywhere in every field a client controls, with
// limits that cut anywhere, and checks that nothing of either survives in
// what the journal would store: no scan finds the secret there, no part
// of it is left plain, and, where it was seen, no part of what was sent.
func FuzzJournalRedaction(f *testing.F) {
	f.Add(uint16(0), []byte("x"), []byte("y"), uint16(64), uint8(0))
	f.Add(uint16(16<<10-20), []byte(`{"a":"`), []byte(`"}`), uint16(16<<10), uint8(1))
	f.Add(uint16(17<<10-10), []byte{}, []byte{}, uint16(16<<10), uint8(2))
	f.Add(uint16(1000), []byte("-----BEGIN "), []byte("\n"), uint16(100), uint8(4))
	for i := range scantest.Encodings() {
		f.Add(uint16(17<<10-30), []byte("k="), []byte("&"), uint16(16<<10), uint8(i<<3))
		f.Add(uint16(3), []byte("%"), []byte("\\"), uint16(40), uint8(i<<3|1))
	}
	s, err := newSecrets()
	if err != nil {
		f.Fatal(err)
	}
	ix := s.current()
	key := scantest.PrivateKeyPEM(f, "PRIVATE KEY")
	secrets := []journal.NamedSecret{{Name: journal.CredBearer, Value: s.bearer}, {Name: journal.CredAPIKey, Value: s.apiKey}, {Name: journal.CredOAuthClientSecret, Value: s.clientSecret}, {Name: journal.CredAdminSecret, Value: s.admin}}
	encs := scantest.Encodings()
	f.Fuzz(func(t *testing.T, pad uint16, before, after []byte, limit uint16, pick uint8) {
		secret := secrets[int(pick)%len(secrets)]
		enc := encs[int(pick>>3)%len(encs)]
		sent := enc.Encode(secret.Value)
		if pick&4 != 0 {
			sent = key
		}
		// Up to a little past the default capture (17 KiB): a longer pad only
		// costs decoding (a run of letters is decoded as base64).
		text := strings.Repeat("p", int(pad)%(20<<10)) + string(before) + sent + string(after)
		l := journal.JournalLimits{BodyBytes: int(limit), HeaderBytes: int(limit), PathBytes: int(limit), QueryBytes: int(limit), FieldBytes: int(limit)}.WithDefaults()
		farm := &Farm{secrets: s, journal: journal.New(l, nil)}
		capture := text[:min(len(text), l.CaptureBytes())]
		e := journal.Exchange{
			Method: text, Path: text, Query: text, Op: text, TaskID: text, Malformed: text, A2AVersion: text, Tenant: text, TLSClient: text,
			Header:          http.Header{"X-" + string(pick): {text}, "Authorization": {"Bearer " + text}, text: {"v"}},
			Body:            capture,
			Response:        capture,
			Extensions:      []string{text},
			RequestMetadata: map[string]any{"k": text, text: []any{text}},
		}
		cut := len(text) > len(capture)
		farm.seal(&e, cut, cut)
		stored, _ := json.Marshal(e)
		// All fields at once may hold more streams than one scan tries;
		// each alone holds nothing a scan finds, nor anything it cannot tell.
		if found := slices.DeleteFunc(ix.Scan(string(stored), false).Names(), func(n string) bool { return n == journal.CredUnexamined }); len(found) > 0 {
			t.Fatalf("a scan finds %v in what is stored (limit %d, pad %d): %s", found, limit, pad, stored)
		}
		scantest.EachString(reflect.ValueOf(e), "", func(path, v string) {
			if res := ix.Scan(v, false); res.Any() {
				t.Fatalf("a scan finds %v in %s (limit %d, pad %d): %q", res.Names(), path, limit, pad, v)
			}
		})
		parts := append(windows(secret.Value[4:], 8), keyWindows(key)...)
		if pick&4 == 0 && slices.Contains(e.Auth.Presented, secret.Name) && enc.Form != "plain" && isText(sent) {
			parts = append(parts, windows(sent, 12)...)
		}
		for _, part := range parts {
			if bytes.Contains(stored, []byte(part)) {
				t.Fatalf("%q of a secret (%s) survives (limit %d, pad %d): %s", part, enc.Name, limit, pad, stored)
			}
		}
	})
}

// isText: s is printable ASCII, which JSON stores as it is.
func isText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e || s[i] == '\\' || s[i] == '"' {
			return false
		}
	}
	return true
}

// windows lists every substring of s of length n.
func windows(s string, n int) []string {
	var out []string
	for i := 0; i+n <= len(s); i++ {
		out = append(out, s[i:i+n])
	}
	return out
}

// keyWindows are pieces of a key's material, one per line.
func keyWindows(key string) []string {
	var out []string
	for _, line := range scantest.KeyMaterial(key) {
		out = append(out, windows(line, 12)...)
	}
	return out
}

// FuzzRouter sends anything at all to a peer: it must never panic, must
// answer, and must journal every request within the journal's limits.
func FuzzRouter(f *testing.F) {
	f.Add("GET", "/.well-known/agent-card.json", "", "If-None-Match", `"x"`, []byte{})
	f.Add("POST", "/a2a/jsonrpc", "A2A-Version=1.0", "Content-Type", "application/json", []byte(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}}`))
	f.Add("POST", "/a2a/rest/message:stream", "", "A2A-Version", "1.0", []byte(`{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}`))
	f.Add("POST", "/oauth/token", "", "Content-Type", "application/x-www-form-urlencoded", []byte("grant_type=client_credentials"))
	f.Add("DELETE", "/_conform/reset", "peer=A", "Authorization", "Bearer x", []byte("\xff"))
	f.Add("", "", "%zz", "", "", []byte(nil))
	farm := fuzzFarm(f)
	p := farm.Peer("A")
	l := farm.Journal().Limits()
	f.Fuzz(func(t *testing.T, method, path, query, name, value string, body []byte) {
		req := &http.Request{
			Method: method, URL: &url.URL{Path: path, RawQuery: query}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{name: {value}, "A2a-Version": {"1.0"}}, Host: "127.0.0.1", RemoteAddr: "127.0.0.1:9",
			Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
		}
		seen := farm.Journal().Counts().Seen
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		if rec.Code < 200 || rec.Code > 599 {
			t.Fatalf("status %d", rec.Code)
		}
		if farm.Journal().Counts().Seen != seen+1 {
			t.Fatalf("%s %q not journaled", method, path)
		}
		all := farm.Journal().All()
		e := all[len(all)-1]
		if len(e.Path) > l.PathBytes || len(e.Query) > l.QueryBytes || len(e.Body) > l.BodyBytes+64 || len(e.Op) > l.FieldBytes {
			t.Fatalf("journaled over the limits: %s", e.Line())
		}
	})
}

// FuzzAdmin calls the admin listener with anything: without the secret
// nothing changes and the call is journaled unmatched; with it, every
// answer is one of the API's.
func FuzzAdmin(f *testing.F) {
	for _, path := range []string{AdminJournalPath, AdminCardPath, AdminRotatePath, AdminResetPath, "/", AdminPrefix} {
		f.Add("POST", path, "to=1", "", true, []byte{})
		f.Add("GET", path, "peer=A&after=-1", "Bearer x", false, []byte("{}"))
	}
	farm := fuzzFarm(f)
	p := farm.Peer("A")
	f.Fuzz(func(t *testing.T, method, path, query, auth string, withSecret bool, body []byte) {
		if withSecret {
			auth = "Bearer " + farm.AdminSecret()
		}
		req := &http.Request{
			Method: method, URL: &url.URL{Path: path, RawQuery: query}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{"Authorization": {auth}}, Host: "127.0.0.1", RemoteAddr: "127.0.0.1:9",
			Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
		}
		p.Reset()
		rec := httptest.NewRecorder()
		farm.admin.ServeHTTP(rec, req)
		all := farm.Journal().All()
		e := all[len(all)-1]
		if !withSecret {
			if rec.Code != http.StatusUnauthorized || p.Version() != 0 || e.Route != journal.RouteUnmatched {
				t.Fatalf("without the secret: %d, version %d, journaled %s", rec.Code, p.Version(), e.Route)
			}
			return
		}
		switch rec.Code {
		case 200, 400, 404, 405, 409:
		default:
			t.Fatalf("admin answered %d %s", rec.Code, rec.Body)
		}
		if e.Route != journal.RouteAdmin || strings.Contains(mustJSON(e), farm.AdminSecret()) {
			t.Fatalf("admin call journaled as %s: %s", e.Route, mustJSON(e))
		}
	})
}

// fuzzFarm is a farm whose journal stays small however long a fuzz runs.
func fuzzFarm(f *testing.F) *Farm {
	farm, err := Start(f.Context(), FarmSpec{
		Dir:     f.TempDir(),
		Journal: journal.JournalLimits{Exchanges: 64, Ring: true},
		Peers:   []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A", withStreaming()), testCard("A", withVersion("2"))}}},
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = farm.Close() })
	return farm
}
