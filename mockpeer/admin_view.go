package mockpeer

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// AdminKeyParam is the query parameter that carries the admin secret to a
// view's URL (GET /_conform/VIEW?key=SECRET): a browser cannot set the
// Authorization header on a navigation or an EventSource.
const AdminKeyParam = "key"

// adminViews are the read-only pages mounted on the admin listener.
type adminViews struct {
	mu    sync.RWMutex
	paths map[string]http.Handler
}

// MountAdminView serves h, on the admin listener, for GET and HEAD
// requests to path and to the paths below it (path + "/..."): a read-only
// page for people, such as the live view of `a2a-conform peer` and
// `farm`. path must be under AdminPrefix and clear of the admin API's own
// endpoints.
//
// A view is behind the admin secret like the rest of the admin listener,
// and also accepts the admin session cookie, which a browser gets by
// opening path?key=SECRET once: the answer sets the cookie (HttpOnly,
// SameSite=Strict, Secure over TLS, scoped to AdminPrefix, its value a
// secret of its own that the journal redacts) and redirects to the same
// URL without the key, so the secret leaves the address bar and is never
// sent again. With the cookie, the page may call the admin API too; a
// call that changes something must then come from the admin origin
// itself (its Origin header), which no other site can forge.
//
// Authorized reads of a view are not journaled: they are the operator
// watching, not exchanges of the run, and journaling them would draw the
// viewer into what it views. Every refused request is journaled as an
// unmatched one, like any admin call without the secret. h runs with the
// request's context, which ends when the farm closes; it bounds its own
// writes.
func (f *Farm) MountAdminView(path string, h http.Handler) error {
	if h == nil || !strings.HasPrefix(path, AdminPrefix) || len(path) == len(AdminPrefix) || strings.HasSuffix(path, "/") {
		return fmt.Errorf("mockpeer: admin view %q: want a path under %s and a handler", path, AdminPrefix)
	}
	for _, own := range []string{AdminJournalPath, AdminCardPath, AdminRotatePath, AdminResetPath, AdminImpostorPath, AdminGenuinePath} {
		if own == path || strings.HasPrefix(own, path+"/") || strings.HasPrefix(path, own+"/") {
			return fmt.Errorf("mockpeer: admin view %q: clashes with the admin endpoint %s", path, own)
		}
	}
	v := &f.admin.views
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.paths == nil {
		v.paths = map[string]http.Handler{}
	}
	if v.paths[path] != nil {
		return fmt.Errorf("mockpeer: admin view %q: already mounted", path)
	}
	v.paths[path] = h
	return nil
}

// view is the handler mounted at path or at one of its parents, or nil.
func (v *adminViews) view(path string) http.Handler {
	v.mu.RLock()
	defer v.mu.RUnlock()
	for p := path; strings.HasPrefix(p, AdminPrefix); p = p[:strings.LastIndex(p, "/")] {
		if h := v.paths[p]; h != nil {
			return h
		}
	}
	return nil
}

// serveView serves an authorized read of a view, or sets the session
// cookie for a GET that carries the right key. It reports whether it
// answered; anything else goes through the journal like any admin call.
func (a *adminServer) serveView(w http.ResponseWriter, r *http.Request) bool {
	h := a.views.view(r.URL.Path)
	if h == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	if r.URL.Query().Has(AdminKeyParam) {
		return a.login(w, r)
	}
	if a.credential(r) == noCredential {
		return false
	}
	if !a.f.enter() {
		http.Error(w, "mock peer farm closed", http.StatusServiceUnavailable)
		return true
	}
	defer a.f.leave()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.ServeHTTP(w, r)
	return true
}

// login trades the right key for the session cookie and redirects to the
// URL without it; a wrong key is left to the journal.
func (a *adminServer) login(w http.ResponseWriter, r *http.Request) bool {
	q := r.URL.Query()
	key := q.Get(AdminKeyParam)
	if !loopbackCaller(r.RemoteAddr) || subtle.ConstantTimeCompare([]byte(key), []byte(a.f.secrets.admin)) != 1 {
		return false
	}
	q.Del(AdminKeyParam)
	clean := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
	http.SetCookie(w, &http.Cookie{
		Name: a.sessionCookie(), Value: a.f.secrets.session, Path: AdminPrefix,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: a.f.pki != nil,
	})
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, clean.String(), http.StatusSeeOther)
	return true
}

// sessionCookie is the cookie's name. Cookies are not told apart by port,
// so it names the admin listener's: two farms on one host keep theirs.
func (a *adminServer) sessionCookie() string {
	_, port, _ := net.SplitHostPort(a.listener.Addr().String())
	return "a2a_conform_admin_" + port
}

// adminCredential is how an admin call proved it knows the secret.
type adminCredential int

const (
	noCredential adminCredential = iota
	bearerCredential
	sessionCredential
)

// credential: a loopback caller with the admin secret as a bearer token,
// or with the session cookie, compared in constant time.
func (a *adminServer) credential(r *http.Request) adminCredential {
	if !loopbackCaller(r.RemoteAddr) {
		return noCredential
	}
	scheme, cred, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if ok && strings.EqualFold(scheme, "bearer") &&
		subtle.ConstantTimeCompare([]byte(strings.TrimSpace(cred)), []byte(a.f.secrets.admin)) == 1 {
		return bearerCredential
	}
	if c, err := r.Cookie(a.sessionCookie()); err == nil &&
		subtle.ConstantTimeCompare([]byte(c.Value), []byte(a.f.secrets.session)) == 1 {
		return sessionCredential
	}
	return noCredential
}

// crossOrigin: a call that changes something, made with the session
// cookie from anywhere but the admin origin. A browser sends the Origin
// header with every such call; SameSite=Strict keeps the cookie off
// calls from other sites, and this check is the second lock.
func (a *adminServer) crossOrigin(r *http.Request, c adminCredential) bool {
	safe := r.Method == http.MethodGet || r.Method == http.MethodHead
	return c == sessionCredential && !safe && r.Header.Get("Origin") != a.origin
}
