package mockpeer

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

const testViewPath = AdminPrefix + "view"

// viewFarm is a one-peer farm with a view that answers "view " + its path.
func viewFarm(t *testing.T) (*Farm, *Peer) {
	t.Helper()
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	err := f.MountAdminView(testViewPath, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("view " + r.URL.Path))
	}))
	if err != nil {
		t.Fatal(err)
	}
	return f, p
}

func TestMountAdminViewRefusesBadPaths(t *testing.T) {
	f, _ := viewFarm(t)
	ok := http.NotFoundHandler()
	for _, path := range []string{"/live", AdminPrefix, AdminPrefix + "live/", AdminJournalPath, AdminRotatePath + "/x", testViewPath} {
		if err := f.MountAdminView(path, ok); err == nil {
			t.Errorf("MountAdminView(%q): no error", path)
		}
	}
	if err := f.MountAdminView(AdminPrefix+"other", nil); err == nil {
		t.Error("MountAdminView with a nil handler: no error")
	}
}

// A view is behind the secret: without it, or with a wrong key or cookie,
// the call is refused and journaled as unmatched, never served.
func TestAdminViewRefusesWithoutTheSecret(t *testing.T) {
	f, _ := viewFarm(t)
	c := httpsClient(t, f, false)
	for _, tt := range []struct {
		name   string
		url    string
		header map[string]string
	}{
		{"no credential", testViewPath, nil},
		{"wrong key", testViewPath + "?key=adm-wrong", nil},
		{"wrong key with a good cookie", testViewPath + "/events?key=adm-wrong", map[string]string{"Cookie": sessionCookieOf(f)}},
		{"wrong cookie", testViewPath, map[string]string{"Cookie": f.admin.sessionCookie() + "=ads-wrong"}},
		{"another farm's cookie name", testViewPath, map[string]string{"Cookie": "a2a_conform_admin_1=" + f.secrets.session}},
		{"the secret as a cookie", testViewPath, map[string]string{"Cookie": f.admin.sessionCookie() + "=" + f.AdminSecret()}},
	} {
		before := f.Journal().Len()
		resp, body := do(t, c, http.MethodGet, f.AdminURL()+tt.url, "", tt.header)
		if resp.StatusCode != http.StatusUnauthorized || strings.Contains(string(body), "view ") {
			t.Errorf("%s: %d %s, want 401", tt.name, resp.StatusCode, body)
		}
		all := f.Journal().All()
		if len(all) != before+1 || all[len(all)-1].Route != journal.RouteUnmatched {
			t.Errorf("%s: not journaled as unmatched", tt.name)
		}
	}
}

// The right key sets the session cookie and redirects to the URL without
// it; with the cookie the view is served and not journaled.
func TestAdminViewKeySetsTheSessionCookie(t *testing.T) {
	f, _ := viewFarm(t)
	c := httpsClient(t, f, false)
	resp, _ := do(t, c, http.MethodGet, f.AdminURL()+testViewPath+"/page?key="+f.AdminSecret()+"&x=1", "", nil)
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || loc != testViewPath+"/page?x=1" {
		t.Errorf("login: %d to %q, want 303 to %s/page?x=1", resp.StatusCode, loc, testViewPath)
	}
	cookies := resp.Cookies()
	if len(cookies) != 1 {
		t.Fatalf("login set %d cookies, want 1", len(cookies))
	}
	ck := cookies[0]
	if ck.Value != f.secrets.session || ck.Value == f.AdminSecret() || !ck.HttpOnly || !ck.Secure ||
		ck.SameSite != http.SameSiteStrictMode || ck.Path != AdminPrefix || ck.Name != f.admin.sessionCookie() {
		t.Errorf("session cookie %+v: want HttpOnly, Secure, SameSite=Strict, path %s, a value of its own", ck, AdminPrefix)
	}
	resp, body := do(t, c, http.MethodGet, f.AdminURL()+testViewPath+"/page", "", map[string]string{"Cookie": ck.Name + "=" + ck.Value})
	if resp.StatusCode != 200 || string(body) != "view "+testViewPath+"/page" {
		t.Errorf("view with the cookie: %d %q", resp.StatusCode, body)
	}
	resp, _ = do(t, c, http.MethodGet, f.AdminURL()+testViewPath, "", map[string]string{"Authorization": "Bearer " + f.AdminSecret()})
	if resp.StatusCode != 200 {
		t.Errorf("view with the bearer secret: %d", resp.StatusCode)
	}
	if n := f.Journal().Len(); n != 0 {
		t.Errorf("journal holds %d exchanges, want none: authorized reads of a view are the operator's", n)
	}
	resp, _ = do(t, c, http.MethodPost, f.AdminURL()+testViewPath, "", map[string]string{"Cookie": sessionCookieOf(f), "Origin": f.AdminURL()})
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST to a view: %d, want 405", resp.StatusCode)
	}
}

// With the cookie a page may call the admin API, but a call that changes
// something only from the admin origin; refusals are journaled.
func TestAdminSessionCookieGuardsAgainstCrossSiteCalls(t *testing.T) {
	f, p := viewFarm(t)
	c := httpsClient(t, f, false)
	rotate := f.AdminURL() + AdminRotatePath + "?to=1"
	for _, origin := range []string{"", "https://evil.example", "null", strings.Replace(f.AdminURL(), "127.0.0.1", "localhost", 1)} {
		h := map[string]string{"Cookie": sessionCookieOf(f)}
		if origin != "" {
			h["Origin"] = origin
		}
		if resp, _ := do(t, c, http.MethodPost, rotate, "", h); resp.StatusCode != http.StatusForbidden || p.Version() != 0 {
			t.Errorf("rotate with the cookie from origin %q: %d, version %d; want 403, version 0", origin, resp.StatusCode, p.Version())
		}
	}
	resp, _ := do(t, c, http.MethodPost, rotate, "", map[string]string{"Cookie": sessionCookieOf(f), "Origin": f.AdminURL()})
	if resp.StatusCode != 200 || p.Version() != 1 {
		t.Errorf("rotate with the cookie from the admin origin: %d, version %d", resp.StatusCode, p.Version())
	}
	if resp, _ := do(t, c, http.MethodGet, f.AdminURL()+AdminCardPath, "", map[string]string{"Cookie": sessionCookieOf(f)}); resp.StatusCode != 200 {
		t.Errorf("GET card with the cookie and no Origin: %d, want 200", resp.StatusCode)
	}
	all := f.Journal().All()
	if len(all) != 6 {
		t.Fatalf("journal holds %d exchanges, want 6", len(all))
	}
	for i, ex := range all {
		want := journal.RouteUnmatched
		if i >= 4 {
			want = journal.RouteAdmin
		}
		if ex.Route != want || strings.Contains(ex.Header.Get("Cookie"), f.secrets.session) {
			t.Errorf("#%d: route %s, cookie %q; want %s, the session redacted", ex.Seq, ex.Route, ex.Header.Get("Cookie"), want)
		}
	}
	if !strings.Contains(all[0].Header.Get("Cookie"), journal.RedactionMark(journal.CredAdminSession)) {
		t.Errorf("cookie journaled as %q, want it redacted", all[0].Header.Get("Cookie"))
	}
}

func sessionCookieOf(f *Farm) string { return f.admin.sessionCookie() + "=" + f.secrets.session }
