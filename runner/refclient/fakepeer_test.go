package refclient

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Ops the fake peer records besides A2A method names.
const (
	opSeenCard      = "card"
	opSeenToken     = "token"
	opSeenUnmatched = "unmatched"
)

// Test credentials handed to the client and checked by the fake peer.
const (
	testClientID     = "client-id"
	testClientSecret = "client-secret"
	testAccessToken  = "access-token-1"
	testBearer       = "bearer-secret"
	testAPIKey       = "api-key-secret"
)

// seen is one request as the fake peer received it.
type seen struct {
	Op         string
	Method     string
	Path       string
	Query      url.Values
	Header     http.Header
	Params     map[string]any // JSON-RPC params, REST body or token form
	ClientCert bool
	RPCID      json.RawMessage
}

// fakePeer is a small scripted A2A peer: a card with versions, a token
// endpoint, JSON-RPC at /rpc and HTTP+JSON under /rest. It records every
// request. Knobs are set before the client runs.
type fakePeer struct {
	srv    *httptest.Server
	origin string

	mu            sync.Mutex
	cards         [][]byte
	version       int
	cardResponses int
	log           []seen
	task          *wire.Task
	step          int

	noETag, noLastModified bool
	cacheControl           string
	redirect               string // the card URL answers 301 here when set
	rotateAfterCards       int    // next card version once N card responses were given
	rotateAfterSend        bool   // next card version right after the send
	steps                  []wire.TaskStatus
	sendError              *wire.ErrorKind
}

// startPeer listens on host (a loopback address) with the PKI's server
// identity.
func startPeer(t *testing.T, pki *testPKI, host string) *fakePeer {
	t.Helper()
	p := &fakePeer{steps: []wire.TaskStatus{
		{State: wire.TaskStateWorking}, {State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted},
	}}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(p.serve))
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		t.Fatal(err)
	}
	srv.Listener.Close()
	srv.Listener = ln
	srv.TLS = pki.serverTLS()
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshake failures are expected in some tests
	srv.StartTLS()
	t.Cleanup(srv.Close)
	p.srv, p.origin = srv, srv.URL
	return p
}

func (p *fakePeer) cardURL() string { return p.origin + wire.WellKnownCardPath }

func (p *fakePeer) setCards(t *testing.T, cards ...wire.AgentCard) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cards = nil
	for _, c := range cards {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		p.cards = append(p.cards, raw)
	}
}

// requests returns the recorded requests, of the given ops if any.
func (p *fakePeer) requests(ops ...string) []seen {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []seen
	for _, s := range p.log {
		if len(ops) == 0 || contains(ops, s.Op) {
			out = append(out, s)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *fakePeer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s := seen{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(),
		ClientCert: r.TLS != nil && len(r.TLS.PeerCertificates) > 0}
	p.mu.Lock()
	defer p.mu.Unlock()
	defer func() { p.log = append(p.log, s) }()
	switch {
	case r.URL.Path == wire.WellKnownCardPath || r.URL.Path == "/old-card":
		s.Op = opSeenCard
		p.serveCard(w, r)
	case r.URL.Path == "/token":
		s.Op = opSeenToken
		p.serveToken(w, r, body, &s)
	case r.URL.Path == "/rpc":
		p.serveRPC(w, body, &s)
	case strings.HasPrefix(r.URL.Path, "/rest/"):
		p.serveREST(w, r, body, &s)
	default:
		s.Op = opSeenUnmatched
		http.NotFound(w, r)
	}
}

func (p *fakePeer) serveCard(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/old-card" {
		http.Redirect(w, r, wire.WellKnownCardPath, http.StatusMovedPermanently)
		return
	}
	if p.redirect != "" {
		http.Redirect(w, r, p.redirect, http.StatusMovedPermanently)
		return
	}
	raw := p.cards[p.version]
	etag := fmt.Sprintf(`"v%d-%x"`, p.version, sha256.Sum256(raw))
	modified := time.Date(2026, 1, 1, p.version, 0, 0, 0, time.UTC)
	h := w.Header()
	if !p.noETag {
		h.Set("ETag", etag)
	}
	if !p.noLastModified {
		h.Set("Last-Modified", modified.Format(http.TimeFormat))
	}
	if p.cacheControl != "" {
		h.Set("Cache-Control", p.cacheControl)
	}
	notModified := false
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		notModified = !p.noETag && inm == etag
	} else if ims, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil {
		notModified = !p.noLastModified && !modified.After(ims)
	}
	if notModified {
		w.WriteHeader(http.StatusNotModified)
	} else {
		h.Set("Content-Type", "application/json")
		_, _ = w.Write(raw)
	}
	p.cardResponses++
	if p.rotateAfterCards > 0 && p.cardResponses == p.rotateAfterCards {
		p.rotate()
	}
}

func (p *fakePeer) rotate() {
	if p.version+1 < len(p.cards) {
		p.version++
	}
}

func (p *fakePeer) serveToken(w http.ResponseWriter, r *http.Request, body []byte, s *seen) {
	form, _ := url.ParseQuery(string(body))
	s.Params = map[string]any{"grant_type": form.Get("grant_type"), "scope": form.Get("scope")}
	id, secret, ok := r.BasicAuth()
	if !ok || id != testClientID || secret != testClientSecret || form.Get("grant_type") != "client_credentials" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"error":"invalid_client"}`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = fmt.Fprintf(w, `{"access_token":%q,"token_type":"Bearer","expires_in":3600}`, testAccessToken)
}

func sha256Sum(b []byte) [32]byte { return sha256.Sum256(b) }
