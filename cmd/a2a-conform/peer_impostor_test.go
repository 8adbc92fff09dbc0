package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// peerBanner is what `a2a-conform peer` printed before its journal.
type peerBanner struct {
	cardURL, caFile, adminURL, adminCalls, secret, liveURL string
}

func readPeerBanner(t *testing.T, p *process) peerBanner {
	t.Helper()
	var b peerBanner
	for {
		l := p.next(t, 20*time.Second)
		if m := regexp.MustCompile(`live view .*: (https?://\S+)`).FindStringSubmatch(l); m != nil {
			b.liveURL = m[1]
		}
		if m := regexp.MustCompile(`admin API (https?://[^/]+)/_conform/\{(\S+)\}`).FindStringSubmatch(l); m != nil {
			b.adminURL, b.adminCalls = m[1], m[2]
		}
		if m := regexp.MustCompile(`admin secret .*: (\S+)`).FindStringSubmatch(l); m != nil {
			b.secret = m[1]
		}
		if m := regexp.MustCompile(`client card URL: (\S+)`).FindStringSubmatch(l); m != nil {
			b.cardURL = m[1]
		}
		if m := regexp.MustCompile(`CA file: (\S+)`).FindStringSubmatch(l); m != nil {
			b.caFile = m[1]
		}
		if strings.HasPrefix(l, "journal") {
			return b
		}
	}
}

// adminPost makes an admin call with the banner's secret.
func adminPost(t *testing.T, hc *http.Client, b peerBanner, call string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.adminURL+"/_conform/"+call, nil)
	req.Header.Set("Authorization", "Bearer "+b.secret)
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", call, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// The impostor as a vendor meets it: the banner lists the calls, a client
// trusting the CA file fails to verify the peer after /_conform/impostor
// and works again after /_conform/genuine, and the terminal shows each
// step without the secret.
func TestPeerImpostor(t *testing.T) {
	p := startProcess(t, exec.Command(binary, "peer", "--scenario", "impostor-certificate", "--dir", t.TempDir()))
	next := func() string { return p.next(t, 20*time.Second) }
	b := readPeerBanner(t, p)
	if !strings.Contains(b.adminCalls, "impostor,genuine") {
		t.Errorf("banner lists the admin calls %q, want impostor and genuine", b.adminCalls)
	}
	pem, err := os.ReadFile(b.caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ClientSessionCache: tls.NewLRUClientSessionCache(4)}}
	t.Cleanup(tr.CloseIdleConnections)
	hc := &http.Client{Transport: tr, Timeout: 20 * time.Second}
	var printed []string
	expect := func(what string) {
		t.Helper()
		l := next()
		printed = append(printed, l)
		// The connections the client closed, or the switch ended, are
		// journaled as they end.
		for strings.Contains(l, " connection from ") && !strings.Contains(l, "handshake failed") {
			l = next()
			printed = append(printed, l)
		}
		if !strings.Contains(l, what) {
			t.Errorf("journal line %q, want %q", l, what)
		}
	}
	card := func() error {
		resp, err := hc.Get(b.cardURL)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}

	if err := card(); err != nil {
		t.Fatalf("card under the genuine certificate: %v", err)
	}
	expect("peer A GET /.well-known/agent-card.json → 200")
	if status, body := adminPost(t, hc, b, "impostor?peer=A"); status != 200 || body != `{"certificate":"impostor"}` {
		t.Fatalf("impostor: %d %s", status, body)
	}
	expect("admin POST /_conform/impostor → 200")
	var unknown x509.UnknownAuthorityError
	if err := card(); !errors.As(err, &unknown) {
		t.Fatalf("card under the impostor: %v, want an unknown authority", err)
	}
	expect("TLS handshake failed: remote error: tls: bad certificate [impostor]")
	if status, body := adminPost(t, hc, b, "genuine?peer=A"); status != 200 || body != `{"certificate":"genuine"}` {
		t.Fatalf("genuine: %d %s", status, body)
	}
	expect("admin POST /_conform/genuine → 200")
	if err := card(); err != nil {
		t.Errorf("card after the way back: %v", err)
	}
	expect("peer A GET /.well-known/agent-card.json → 200")
	if strings.Contains(strings.Join(printed, "\n"), b.secret) {
		t.Error("the journal lines print the admin secret")
	}
	p.stop(t, syscall.SIGINT, "stopping")
}

// A plain-HTTP peer has no certificate: the banner does not offer the
// switch, and the call is refused.
func TestPeerPlainHTTPHasNoImpostor(t *testing.T) {
	p := startProcess(t, exec.Command(binary, "peer", "--scenario", "impostor-certificate", "--http"))
	b := readPeerBanner(t, p)
	if b.adminCalls == "" || strings.Contains(b.adminCalls, "impostor") {
		t.Errorf("plain-HTTP banner lists the admin calls %q, want them without impostor", b.adminCalls)
	}
	if status, body := adminPost(t, &http.Client{Timeout: 20 * time.Second}, b, "impostor?peer=A"); status != http.StatusConflict || !strings.Contains(body, "no_certificate") {
		t.Errorf("impostor on plain HTTP: %d %s, want 409 no_certificate", status, body)
	}
	p.stop(t, syscall.SIGINT, "stopping")
}
