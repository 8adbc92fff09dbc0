package mockpeer

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The impostor presents a certificate no client of the farm trusts: a
// client that verifies refuses the handshake, even on a connection it
// opened before the switch, and the journal shows its refusal.
func TestPresentImpostor(t *testing.T) {
	for _, tc := range []struct {
		name  string
		http2 bool
	}{{"HTTP/1.1", false}, {"HTTP/2", true}} {
		t.Run(tc.name, func(t *testing.T) {
			f, p, journaled := journaledPeer(t, 8)
			c := httpsClient(t, f, false)
			tr := c.Transport.(*http.Transport)
			tr.TLSClientConfig.ClientSessionCache = tls.NewLRUClientSessionCache(4) // resumption must not skip the switch
			if !tc.http2 {
				tr.ForceAttemptHTTP2 = false
				tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
			}
			resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil)
			if want := map[bool]int{false: 1, true: 2}[tc.http2]; resp.ProtoMajor != want {
				t.Fatalf("served over %s, want HTTP/%d", resp.Proto, want)
			}
			<-journaled
			if p.Impostor() {
				t.Fatal("Impostor before PresentImpostor")
			}

			if err := p.PresentImpostor(); err != nil {
				t.Fatalf("PresentImpostor: %v", err)
			}
			if !p.Impostor() {
				t.Fatal("not Impostor after PresentImpostor")
			}
			requireImpostorRefused(t, c, p, journaled)
			if n := len(f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard })); n != 1 {
				t.Errorf("%d card requests journaled, want the one before the switch", n)
			}
		})
	}
}

// A connection open before the switch is closed by it: the client reads
// the end of it, and PresentImpostor returns only once it is gone.
func TestPresentImpostorClosesOpenConnections(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	pool := farmRoots(f)
	conn, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.Close()
	ended := awaitEnd(conn)
	if err := p.PresentImpostor(); err != nil {
		t.Fatalf("PresentImpostor: %v", err)
	}
	if err := <-ended; !errors.Is(err, io.EOF) {
		t.Errorf("read on the old connection: %v, want EOF (close_notify)", err)
	}
	p.conns.mu.Lock()
	defer p.conns.mu.Unlock()
	if len(p.conns.conns) != 0 {
		t.Errorf("%d connections still tracked after the switch", len(p.conns.conns))
	}
}

// A client that skips verification talks to the impostor, which presents a
// certificate the farm's CA did not issue, for the same names.
func TestImpostorCertificate(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	if err := p.PresentImpostor(); err != nil {
		t.Fatalf("PresentImpostor: %v", err)
	}
	conn, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2", "http/1.1"}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.Close()
	if got := conn.ConnectionState().NegotiatedProtocol; got != "h2" {
		t.Errorf("the impostor negotiated %q, want h2: it must serve HTTP/2 and gRPC like the genuine peer", got)
	}
	leaf := conn.ConnectionState().PeerCertificates[0]
	pool := farmRoots(f)
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: pool}); err == nil {
		t.Error("the impostor's certificate verifies against the farm CA")
	}
	if err := leaf.VerifyHostname("127.0.0.1"); err != nil {
		t.Errorf("the impostor's certificate does not name the peer's host: %v", err)
	}
	// Its issuer is named as the run's CA is, down to the key identifier:
	// only the signature tells it from a certificate the run's CA issued.
	block, _ := pem.Decode(f.CAPEM())
	ca, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(leaf.RawIssuer, ca.RawSubject) || !bytes.Equal(leaf.AuthorityKeyId, ca.SubjectKeyId) {
		t.Errorf("the impostor's issuer is %q (key %x), want the run CA's name %q (key %x)", leaf.Issuer, leaf.AuthorityKeyId, ca.Subject, ca.SubjectKeyId)
	}
	if err := leaf.CheckSignatureFrom(ca); err == nil {
		t.Error("the run's CA signed the impostor's certificate")
	}
}

func TestPresentImpostorPlainHTTP(t *testing.T) {
	f := startFarm(t, FarmSpec{PlainHTTP: true, Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	if err := f.Peer("A").PresentImpostor(); !errors.Is(err, ErrPlainHTTP) {
		t.Errorf("PresentImpostor on plain HTTP: %v, want ErrPlainHTTP", err)
	}
	if err := f.Peer("A").PresentGenuine(); !errors.Is(err, ErrPlainHTTP) {
		t.Errorf("PresentGenuine on plain HTTP: %v, want ErrPlainHTTP", err)
	}
}

// A handshake the client refused right before the farm closes is journaled
// all the same: Close waits for the peer to read the client's alert.
func TestRefusedHandshakeJournaledBeforeClose(t *testing.T) {
	for range 20 {
		f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
		if err := p.PresentImpostor(); err != nil {
			t.Fatalf("PresentImpostor: %v", err)
		}
		pool := farmRoots(f)
		if _, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}); err == nil {
			t.Fatal("a client trusting the farm CA completed a handshake with the impostor")
		}
		if err := f.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if got := f.Journal().Select(journal.Exchange.HandshakeRefusedByClient); len(got) != 1 {
			t.Fatalf("%d refused handshakes journaled, want 1", len(got))
		}
	}
}

// A client that verifies the certificate only after the handshake (Node
// does) hangs up on the impostor without an alert: the journal shows that
// too. A client that goes on to send is no refusal, and a connection the
// peer itself ends is none either.
func TestHangUpOnImpostorIsJournaled(t *testing.T) {
	f, p, journaled := journaledPeer(t, 8)
	if err := p.PresentImpostor(); err != nil {
		t.Fatalf("PresentImpostor: %v", err)
	}
	insecure := &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2", "http/1.1"}}
	// Sends a request: journaled as a card request, no refusal.
	tr := &http.Transport{TLSClientConfig: insecure, ForceAttemptHTTP2: true}
	resp, err := (&http.Client{Transport: tr, Timeout: 10 * time.Second}).Get(p.CardURL())
	if err != nil {
		t.Fatalf("GET from the impostor: %v", err)
	}
	resp.Body.Close()
	tr.CloseIdleConnections()
	if e := <-journaled; e.Route != journal.RouteCard {
		t.Fatalf("journaled %s, want the card request", e.Route)
	}
	if e := <-journaled; e.Route != journal.RouteConnection || e.HandshakeRefusedByClient() || e.Conn.Requests != 1 {
		t.Fatalf("journaled %s %q, want the card request's connection, no refusal", e.Route, e.Malformed)
	}
	// Hangs up: journaled as a refusal.
	conn, err := tls.Dial("tcp", p.listener.Addr().String(), insecure)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.Close()
	select {
	case e := <-journaled:
		if !e.HandshakeRefusedByClient() {
			t.Errorf("journaled %s %q, want the client's refusal", e.Route, e.Malformed)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no refusal journaled for a client that hung up on the impostor")
	}
	// Left open until the farm closes: the peer cut it, nothing to journal.
	idle, err := tls.Dial("tcp", p.listener.Addr().String(), insecure)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer idle.Close()
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if got := f.Journal().Select(journal.Exchange.HandshakeRefusedByClient); len(got) != 1 {
		t.Errorf("%d refusals journaled, want the one hang-up", len(got))
	}
}

// hangsUpOnFirstRead closes the connection as soon as the server's first
// flight arrives, as a client that rejects the certificate without an
// alert does.
type hangsUpOnFirstRead struct{ net.Conn }

func (c hangsUpOnFirstRead) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.Conn.Close()
	return n, err
}

// A client that hangs up during the handshake with the impostor, without
// an alert, is journaled as refusing it; one that hangs up on the genuine
// peer is not (nobody can tell it from a port probe).
func TestHangUpDuringHandshakeIsJournaled(t *testing.T) {
	f, p, journaled := journaledPeer(t, 8)
	hangUp := func() {
		raw, err := net.Dial("tcp", p.listener.Addr().String())
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		if err := tls.Client(hangsUpOnFirstRead{raw}, &tls.Config{ServerName: "127.0.0.1"}).Handshake(); err == nil {
			t.Fatal("a handshake completed on a closed connection")
		}
	}
	hangUp() // the genuine peer: a failed handshake at most, no refusal
	if err := p.PresentImpostor(); err != nil {
		t.Fatalf("PresentImpostor: %v", err)
	}
	hangUp()
	for refused := false; !refused; {
		select {
		case e := <-journaled:
			refused = e.HandshakeRefusedByClient()
		case <-time.After(10 * time.Second):
			t.Fatal("no refusal journaled for a client that hung up during the handshake")
		}
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	got := f.Journal().Select(journal.Exchange.HandshakeRefusedByClient)
	if len(got) != 1 || !strings.Contains(got[0].Malformed, "during the handshake") {
		t.Errorf("refusals journaled: %v, want the one during the handshake with the impostor", got)
	}
}

// PresentGenuine ends the connections made to the impostor, and the next
// handshake verifies against the farm CA; a second call changes nothing.
func TestPresentGenuine(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	if err := p.PresentImpostor(); err != nil {
		t.Fatalf("PresentImpostor: %v", err)
	}
	conn, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		t.Fatalf("dial the impostor: %v", err)
	}
	defer conn.Close()
	ended := awaitEnd(conn)
	for range 2 {
		if err := p.PresentGenuine(); err != nil || p.Impostor() {
			t.Fatalf("PresentGenuine: %v, impostor %v", err, p.Impostor())
		}
	}
	if err := <-ended; !errors.Is(err, io.EOF) {
		t.Errorf("read on the impostor's connection: %v, want EOF (close_notify)", err)
	}
	pool := farmRoots(f)
	genuine, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatalf("a client trusting the farm CA after PresentGenuine: %v", err)
	}
	genuine.Close()
}

// requireImpostorRefused: a GET by c, a client trusting p's genuine CA,
// fails on an unknown authority, and the refusal is journaled for peer A.
func requireImpostorRefused(t *testing.T, c *http.Client, p *Peer, journaled <-chan journal.Exchange) {
	t.Helper()
	var unknown x509.UnknownAuthorityError
	if _, err := c.Get(p.CardURL()); !errors.As(err, &unknown) {
		t.Fatalf("GET after the switch: %v, want an unknown authority", err)
	}
	// The connections the switch ended are journaled too, before or after.
	for {
		select {
		case e := <-journaled:
			if e.Route == journal.RouteConnection && !e.HandshakeRefusedByClient() && e.Conn.EndedBy == journal.EndedByPeer {
				continue
			}
			if !e.HandshakeRefusedByClient() || e.Peer != "A" {
				t.Errorf("journaled %s %q, want the client's refused handshake", e.Route, e.Malformed)
			}
			return
		case <-time.After(10 * time.Second):
			t.Fatal("no refused handshake journaled")
		}
	}
}
