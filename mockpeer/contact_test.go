package mockpeer

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Every way a client can reveal a token on a connection, each shown both
// ways: the token is named among the connection's credentials and
// journaled nowhere, and a harmless value in its place is not.

// theConnection is the one connection record of a settled farm's journal.
func theConnection(t *testing.T, all []journal.Exchange) journal.Exchange {
	t.Helper()
	var got []journal.Exchange
	for _, e := range all {
		if e.Route == journal.RouteConnection {
			got = append(got, e)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d connections journaled in %v, want 1", len(got), lines(all))
	}
	return got[0]
}

// wantCredential checks the connection names the bearer token (leaked) or
// no credential at all.
func wantCredential(t *testing.T, e journal.Exchange, leaked bool) {
	t.Helper()
	var want []string
	if leaked {
		want = []string{journal.CredBearer}
	}
	if !slices.Equal(e.Auth.Presented, want) {
		t.Errorf("connection presented %v, want %v: %s", e.Auth.Presented, want, e.Line())
	}
}

// awaitConnections waits until n connections are journaled: the peer
// read the client's end first, which a farm closed at once could cut.
func awaitConnections(t *testing.T, f *Farm, n int) {
	t.Helper()
	signal, stop := f.Journal().Watch()
	defer stop()
	deadline := time.After(hostileWait)
	for {
		if len(f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteConnection })) >= n {
			return
		}
		select {
		case <-signal:
		case <-deadline:
			t.Fatalf("%d connections not journaled within %v", n, hostileWait)
		}
	}
}

// tcpConn dials the peer's TCP port.
func tcpConn(t *testing.T, p *Peer) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", p.listener.Addr().String(), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(hostileWait))
	return c
}

func TestContactServerName(t *testing.T) {
	for _, leaked := range []bool{true, false} {
		f, p, token := unparsedFarm(t, false)
		name := map[bool]string{true: token, false: "localhost"}[leaked]
		tc := tls.Client(tcpConn(t, p), &tls.Config{ServerName: name, InsecureSkipVerify: true})
		if err := tc.Handshake(); err != nil {
			t.Fatal(err)
		}
		tc.Close()
		awaitConnections(t, f, 1)
		all := settled(t, f)
		e := theConnection(t, all)
		wantCredential(t, e, leaked)
		if e.Conn.Handshake != journal.HandshakeComplete || e.Conn.Bytes != 0 || e.Conn.Request() || e.Conn.EndedBy != journal.EndedByClient {
			t.Errorf("journaled %s, want a bare handshake the client ended", e.Line())
		}
		if want := map[bool]string{true: "[REDACTED:bearer]", false: "localhost"}[leaked]; e.Conn.ServerName != want {
			t.Errorf("server name journaled as %q, want %q", e.Conn.ServerName, want)
		}
		noToken(t, all, token)
	}
}

func TestContactALPN(t *testing.T) {
	for _, leaked := range []bool{true, false} {
		f, p, token := unparsedFarm(t, false)
		protos := map[bool][]string{true: {token, "http/1.1"}, false: {"h2", "http/1.1"}}[leaked]
		tc := tls.Client(tcpConn(t, p), &tls.Config{ServerName: "127.0.0.1", RootCAs: farmRoots(f), NextProtos: protos})
		if err := tc.Handshake(); err != nil {
			t.Fatal(err)
		}
		tc.Close()
		all := settled(t, f)
		e := theConnection(t, all)
		wantCredential(t, e, leaked)
		if len(e.Conn.ALPN) != 2 || e.Conn.ALPN[1] != "http/1.1" || leaked != (e.Conn.ALPN[0] == "[REDACTED:bearer]") {
			t.Errorf("ALPN journaled as %q", e.Conn.ALPN)
		}
		noToken(t, all, token)
	}
}

// certWithSubject is a self-signed client certificate named cn.
func certWithSubject(t *testing.T, cn string) *tls.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return &tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// A certificate the farm did not issue is refused, as before, and seen:
// its subject is journaled (redacted) and scanned, in TLS 1.2, where it
// goes in the clear, and in TLS 1.3, where it does not.
func TestContactClientCertificate(t *testing.T) {
	for _, version := range []uint16{tls.VersionTLS12, tls.VersionTLS13} {
		for _, leaked := range []bool{true, false} {
			f, p, token := unparsedFarm(t, false)
			cn := map[bool]string{true: token, false: "someone"}[leaked]
			cert := certWithSubject(t, cn)
			tc := tls.Client(tcpConn(t, p), &tls.Config{ServerName: "127.0.0.1", RootCAs: farmRoots(f),
				MaxVersion:           version,
				GetClientCertificate: func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return cert, nil }})
			err := tc.Handshake()
			if err == nil { // TLS 1.3: the server's verdict comes after the client's Finished
				_, err = tc.Read(make([]byte, 1))
			}
			if err == nil || !strings.Contains(err.Error(), "bad certificate") && !strings.Contains(err.Error(), "unknown certificate authority") {
				t.Fatalf("a certificate the farm did not issue: %v, want the peer's refusal", err)
			}
			tc.Close()
			all := settled(t, f)
			e := theConnection(t, all)
			wantCredential(t, e, leaked)
			want := map[bool]string{true: "CN=[REDACTED:bearer]", false: "CN=someone"}[leaked]
			if e.Conn.Handshake != journal.HandshakeFailed || e.Conn.ClientCert != want || e.TLSClient != "" {
				t.Errorf("TLS %x: journaled %s, client certificate %q, want a failed handshake with %q", version, e.Line(), e.Conn.ClientCert, want)
			}
			noToken(t, all, token)
		}
	}
}

// The farm's own client certificate verifies: the connection names it as
// the client-cert credential, and the requests on it see it as before.
func TestContactFarmClientCertificate(t *testing.T) {
	f := startFarm(t, FarmSpec{Grants: Grants{ClientCert: true},
		Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	c := httpsClient(t, f, true)
	do(t, c, "GET", f.Peer("A").CardURL(), "", nil)
	c.Transport.(interface{ CloseIdleConnections() }).CloseIdleConnections()
	all := settled(t, f)
	e := theConnection(t, all)
	if e.TLSClient != ClientCertCN || !slices.Equal(e.Auth.Presented, []string{journal.CredClientCert}) ||
		e.Conn.ClientCert != "CN="+ClientCertCN+",O=a2a-conform" {
		t.Errorf("connection journaled %s, TLS client %q, certificate %q", e.Line(), e.TLSClient, e.Conn.ClientCert)
	}
	for _, r := range journal.Requests(all) {
		if r.TLSClient != ClientCertCN {
			t.Errorf("request %s saw TLS client %q", r.Line(), r.TLSClient)
		}
	}
}

// Bytes that are not TLS on the TLS port are a request, scanned and kept
// (redacted), and answered as net/http would when they look like HTTP.
func TestContactNotTLS(t *testing.T) {
	for _, tc := range []struct {
		name, send string
		leaked     bool
		answer     string
	}{
		{"token", "BEARER %s\r\n", true, ""},
		{"http with a token", "GET / HTTP/1.1\r\nAuthorization: Bearer %s\r\n\r\n", true, "HTTP/1.0 400 Bad Request"},
		{"harmless", "hello %s\r\n", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, p, token := unparsedFarm(t, false)
			value := token
			if !tc.leaked {
				value = "there"
			}
			c := tcpConn(t, p)
			io.WriteString(c, strings.Replace(tc.send, "%s", value, 1))
			c.(*net.TCPConn).CloseWrite()
			if got := readAll(t, c); !strings.HasPrefix(got, tc.answer) {
				t.Errorf("answered %q, want %q", got, tc.answer)
			}
			all := settled(t, f)
			e := theConnection(t, all)
			wantCredential(t, e, tc.leaked)
			sent := strings.Replace(tc.send, "%s", value, 1)
			if e.Conn.Handshake != journal.HandshakeNotTLS || !e.Conn.Request() || e.Conn.Bytes != int64(len(sent)) ||
				!strings.HasPrefix(e.Body, sent[:5]) {
				t.Errorf("journaled %s, body %q", e.Line(), e.Body)
			}
			noToken(t, all, token)
		})
	}
}

// A bare handshake and a connect-and-close are journaled: contact, no
// request.
func TestContactWithoutRequest(t *testing.T) {
	f, p, _ := unparsedFarm(t, false)
	tcpConn(t, p).Close()
	tc := tls.Client(tcpConn(t, p), &tls.Config{ServerName: "127.0.0.1", RootCAs: farmRoots(f)})
	if err := tc.Handshake(); err != nil {
		t.Fatal(err)
	}
	tc.Close()
	all := settled(t, f)
	var shakes []string
	for _, e := range all {
		if e.Route != journal.RouteConnection || e.Conn.Request() || len(e.Auth.Presented) > 0 {
			t.Errorf("journaled %s", e.Line())
		}
		shakes = append(shakes, e.Conn.Handshake)
	}
	slices.Sort(shakes)
	if !slices.Equal(shakes, []string{journal.HandshakeComplete, journal.HandshakeNone}) {
		t.Errorf("handshakes %v, want a complete one and none", shakes)
	}
}

// HTTP/1 requests whose token is outside any credential header: a
// trailer, the Host, the method, userinfo in the target. The connection
// names it, and so does the request that parsed.
func TestContactHTTP1Fields(t *testing.T) {
	for _, tc := range []struct{ name, request string }{
		{"trailer", "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: HOST\r\nTransfer-Encoding: chunked\r\nTrailer: X-Trace\r\n" +
			"Connection: close\r\n\r\n2\r\n{}\r\n0\r\nX-Trace: VALUE\r\n\r\n"},
		{"host", "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: VALUE\r\nConnection: close\r\n\r\n"},
		{"method", "VALUE /.well-known/agent-card.json HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n"},
		{"userinfo", "GET https://agent:VALUE@HOST/.well-known/agent-card.json HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n"},
	} {
		for _, plain := range []bool{false, true} {
			for _, leaked := range []bool{true, false} {
				name := tc.name + map[bool]string{false: "/tls", true: "/plain"}[plain] + map[bool]string{true: "/token", false: "/harmless"}[leaked]
				t.Run(name, func(t *testing.T) {
					f, p, token := unparsedFarm(t, plain)
					value := map[bool]string{true: token, false: "harmless"}[leaked]
					u, _ := url.Parse(p.Origin())
					c := dialPeer(t, f, p)
					io.WriteString(c, strings.NewReplacer("HOST", u.Host, "VALUE", value).Replace(tc.request))
					if got := readAll(t, c); !strings.HasPrefix(got, "HTTP/1.1 ") {
						t.Fatalf("answered %q", got)
					}
					all := settled(t, f)
					wantCredential(t, theConnection(t, all), leaked)
					reqs := journal.Requests(all)
					if len(reqs) != 1 || leaked != slices.Contains(reqs[0].Auth.Presented, journal.CredBearer) {
						t.Errorf("requests %v, want one presenting the token: %v", lines(reqs), leaked)
					}
					noToken(t, all, token)
				})
			}
		}
	}
}

// A first byte that begins a TLS handshake record, then no TLS record:
// bytes that are not TLS all the same, a request, scanned.
func TestContactNotTLSAfterAHandshakeByte(t *testing.T) {
	for _, leaked := range []bool{true, false} {
		f, p, token := unparsedFarm(t, false)
		value := map[bool]string{true: token, false: "harmless"}[leaked]
		c := tcpConn(t, p)
		sent := "\x16 not a record " + value + "\r\n"
		io.WriteString(c, sent)
		c.(*net.TCPConn).CloseWrite()
		readAll(t, c)
		all := settled(t, f)
		e := theConnection(t, all)
		wantCredential(t, e, leaked)
		if e.Conn.Handshake != journal.HandshakeNotTLS || !e.Conn.Request() || e.Conn.Bytes != int64(len(sent)) {
			t.Errorf("journaled %s", e.Line())
		}
		noToken(t, all, token)
	}
}
