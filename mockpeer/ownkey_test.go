package mockpeer

import (
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net/http"
	"testing"
)

// A peer sharing A's identity presents A's key until PresentOwnKey, then a
// key of its own that the farm's CA still vouches for, on every new
// connection, resumption included, and the one left open is ended.
func TestPresentOwnKey(t *testing.T) {
	f, a, b := startTwins(t)
	pool := farmRoots(f)
	principal := principalOf(t, pool, tls.NewLRUClientSessionCache(4))
	ofA := principal(a.listener.Addr().String(), "127.0.0.1")
	if got := principal(b.listener.Addr().String(), "127.0.0.2"); got != ofA {
		t.Fatal("B presents another key than A before PresentOwnKey")
	}
	open, err := tls.Dial("tcp", b.listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "127.0.0.2"})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer open.Close()
	ended := awaitEnd(open)

	for range 2 { // the second call changes nothing
		if err := b.PresentOwnKey(); err != nil {
			t.Fatalf("PresentOwnKey: %v", err)
		}
	}
	if err := <-ended; !errors.Is(err, io.EOF) {
		t.Errorf("the connection open before the switch: read %v, want EOF", err)
	}
	own := principal(b.listener.Addr().String(), "127.0.0.2")
	if own == ofA {
		t.Error("B still presents A's key after PresentOwnKey")
	}
	if again := principal(b.listener.Addr().String(), "127.0.0.2"); again != own {
		t.Error("B's own key changed between handshakes")
	}
	if got := principal(a.listener.Addr().String(), "127.0.0.1"); got != ofA {
		t.Error("A's key changed with B's")
	}
	resp, _ := do(t, httpsClient(t, f, false), http.MethodGet, b.CardURL(), "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Errorf("B's card under its own key: %s", resp.Status)
	}
	if err := b.PresentGenuine(); err != nil {
		t.Fatal(err)
	}
	if got := principal(b.listener.Addr().String(), "127.0.0.2"); got != ofA {
		t.Error("B does not present A's key again after PresentGenuine")
	}
}

// On a plain farm there is no key to change.
// A renewal via an intermediate: the peer sends its new leaf with an
// intermediate CA that the run's CA signed; the chain verifies against the
// trust root the client was given, and the leaf's issuer, and key, are new.
func TestPresentViaIntermediate(t *testing.T) {
	f, a := onePeer(t, PeerSpec{})
	pool := farmRoots(f)
	chain := func() []*x509.Certificate {
		t.Helper()
		conn, err := tls.Dial("tcp", a.listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"})
		if err != nil {
			t.Fatalf("handshake: %v", err)
		}
		defer conn.Close()
		return conn.ConnectionState().PeerCertificates
	}
	before := chain()
	if err := a.PresentViaIntermediate(); err != nil {
		t.Fatal(err)
	}
	after := chain()
	if len(before) != 1 || len(after) != 2 {
		t.Fatalf("chains of %d then %d certificates, want 1 then 2 (leaf, intermediate)", len(before), len(after))
	}
	leaf, intermediate := after[0], after[1]
	if !intermediate.IsCA || leaf.CheckSignatureFrom(intermediate) != nil {
		t.Error("the renewed leaf is not issued by the intermediate sent with it")
	}
	if leaf.Issuer.String() == before[0].Issuer.String() || string(leaf.RawSubjectPublicKeyInfo) == string(before[0].RawSubjectPublicKeyInfo) {
		t.Error("the renewed certificate has the first one's issuer or key")
	}
	if leaf.Subject.String() != before[0].Subject.String() {
		t.Errorf("subject %q, want the first certificate's %q", leaf.Subject, before[0].Subject)
	}
}

func TestPresentOwnKeyPlainHTTP(t *testing.T) {
	f := startFarm(t, FarmSpec{PlainHTTP: true, Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	if err := f.Peer("A").PresentOwnKey(); !errors.Is(err, ErrPlainHTTP) {
		t.Errorf("PresentOwnKey on plain HTTP: %v, want ErrPlainHTTP", err)
	}
}

// The scripted Age rides on every card response from its version on, 304s
// included, and never before.
func TestCardAge(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:   []CardFunc{testCard("A"), testCard("A")},
		Caching: Caching{CacheControl: "max-age=300", Aged: Aging{FromVersion: 1, Seconds: 301}},
	})
	c := httpsClient(t, f, false)
	resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if got := resp.Header.Get("Age"); got != "" {
		t.Errorf("version 0: Age %q, want none", got)
	}
	etag := resp.Header.Get("ETag")
	if err := p.Rotate(1); err != nil {
		t.Fatal(err)
	}
	for _, h := range []map[string]string{nil, {"If-None-Match": etag}} {
		resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", h)
		if got := resp.Header.Get("Age"); got != "301" {
			t.Errorf("version 1 (%s): Age %q, want 301", resp.Status, got)
		}
		if got := resp.Header.Get("Cache-Control"); got != "max-age=300" {
			t.Errorf("version 1 (%s): Cache-Control %q", resp.Status, got)
		}
	}
}

// Armed, a peer sharing A's identity presents A's key on its next
// handshake, and its own key on every one after it; PresentGenuine puts
// A's key back.
func TestPresentOwnKeyAfterNextHandshake(t *testing.T) {
	f, a, b := startTwins(t)
	principal := principalOf(t, farmRoots(f), nil)
	ofA := principal(a.listener.Addr().String(), "127.0.0.1")
	for range 2 { // the second call changes nothing
		if err := b.PresentOwnKeyAfterNextHandshake(); err != nil {
			t.Fatalf("PresentOwnKeyAfterNextHandshake: %v", err)
		}
	}
	if got := principal(b.listener.Addr().String(), "127.0.0.2"); got != ofA {
		t.Fatal("B's first handshake after arming does not present A's key")
	}
	own := principal(b.listener.Addr().String(), "127.0.0.2")
	if own == ofA {
		t.Fatal("B's second handshake after arming presents A's key")
	}
	if again := principal(b.listener.Addr().String(), "127.0.0.2"); again != own {
		t.Error("B's own key changed between handshakes")
	}
	if err := b.PresentGenuine(); err != nil {
		t.Fatal(err)
	}
	if got := principal(b.listener.Addr().String(), "127.0.0.2"); got != ofA {
		t.Error("B does not present A's key again after PresentGenuine")
	}
}

// startTwins starts peer A and peer B on another host sharing A's
// identity.
func startTwins(t *testing.T) (f *Farm, a, b *Peer) {
	t.Helper()
	f = startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}},
		{Name: "B", Host: "127.0.0.2", Identity: "A", Skill: testSkill, Cards: []CardFunc{testCard("B")}},
	}})
	return f, f.Peer("A"), f.Peer("B")
}

// principalOf returns a probe that makes one handshake with the server at
// addr, named host, trusting pool (resuming from sessions, if non-nil), and
// returns the SHA-256 of the public key it presented.
func principalOf(t *testing.T, pool *x509.CertPool, sessions tls.ClientSessionCache) func(addr, host string) string {
	return func(addr, host string) string {
		t.Helper()
		conn, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: pool, ServerName: host, ClientSessionCache: sessions})
		if err != nil {
			t.Fatalf("handshake with %s: %v", addr, err)
		}
		defer conn.Close()
		sum := sha256.Sum256(conn.ConnectionState().PeerCertificates[0].RawSubjectPublicKeyInfo)
		return string(sum[:])
	}
}
