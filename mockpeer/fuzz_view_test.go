package mockpeer

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzAdminView: whatever a browser, or anything else, sends to an admin
// view or with a session cookie, the view is served only to the secret,
// a cookie call that changes something only from the admin origin, every
// refusal is journaled, and no secret reaches the journal.
func FuzzAdminView(f *testing.F) {
	for _, path := range []string{testViewPath, testViewPath + "/events", AdminRotatePath, AdminResetPath} {
		f.Add("GET", path, "key=x", "", false, true)
		f.Add("POST", path, "to=1", "https://evil.example", true, false)
		f.Add("GET", path, "", "", true, false)
	}
	farm := fuzzFarm(f)
	p := farm.Peer("A")
	served := []byte("view served")
	if err := farm.MountAdminView(testViewPath, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(served) })); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, method, path, query, origin string, withSession, withKey bool) {
		header := http.Header{}
		if withSession {
			header.Set("Cookie", sessionCookieOf(farm))
		}
		if origin != "" {
			header.Set("Origin", origin)
		}
		if withKey {
			query = url.Values{AdminKeyParam: {farm.AdminSecret()}}.Encode() + "&" + query
		}
		req := &http.Request{
			Method: method, URL: &url.URL{Path: path, RawQuery: query}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: header, Host: "127.0.0.1", RemoteAddr: "127.0.0.1:9", Body: io.NopCloser(bytes.NewReader(nil)),
		}
		p.Reset()
		before := farm.Journal().Counts().Seen
		rec := httptest.NewRecorder()
		farm.admin.ServeHTTP(rec, req)
		journaled := farm.Journal().Counts().Seen > before
		all := farm.Journal().All()
		if journaled {
			e := mustJSON(all[len(all)-1])
			if strings.Contains(e, farm.AdminSecret()) || strings.Contains(e, farm.secrets.session) {
				t.Fatalf("a secret reached the journal: %s", e)
			}
		}
		if bytes.Equal(rec.Body.Bytes(), served) && !withSession && !withKey {
			t.Fatalf("view served without a credential")
		}
		if !journaled && rec.Code != http.StatusSeeOther && !bytes.Equal(rec.Body.Bytes(), served) {
			t.Fatalf("%d not journaled: only authorized reads of a view and the key's redirect are not", rec.Code)
		}
		unsafe := method != http.MethodGet && method != http.MethodHead && method != ""
		// Refused either for its origin (403) or, first, for a wrong key it
		// also carried (401); never acted on.
		refused := rec.Code == http.StatusForbidden || rec.Code == http.StatusUnauthorized
		if withSession && unsafe && origin != farm.AdminURL() && !withKey && (!refused || p.Version() != 0) {
			t.Fatalf("cookie call %s from origin %q: %d, version %d; want 403 (or 401 for a wrong key)", method, origin, rec.Code, p.Version())
		}
		if rec.Code == http.StatusSeeOther && (!withKey || strings.Contains(rec.Header().Get("Location"), farm.AdminSecret())) {
			t.Fatalf("redirect to %q", rec.Header().Get("Location"))
		}
	})
}
