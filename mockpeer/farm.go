package mockpeer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/grant"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Farm is a set of scripted peers started together, each on its own
// loopback origin, sharing one CA, one set of credentials and one journal.
type Farm struct {
	spec    FarmSpec
	now     func() time.Time
	limits  ServerLimits
	dir     string
	ownDir  bool
	pki     *pki
	secrets *secrets
	keys    *keyring
	journal *journal.Journal
	peers   []*Peer
	byName  map[string]*Peer
	origins map[string]string
	admin   *adminServer

	clientFilesOnce sync.Once // the client certificate files, written once granted
	clientFilesErr  error

	serving   sync.WaitGroup // Serve loops
	stopCtx   func() bool    // detaches the Start context
	closeOnce sync.Once
	closeErr  error
	// lost are the requests whose serving panicked before they were
	// journaled (lost.go): Close reports them, so that no verdict stands
	// on a journal that misses a request.
	lost lostRequests

	// revokeArmed: the next A2A request that carries a valid access token
	// has it revoked on arrival (RevokeNextToken).
	revokeArmed atomic.Bool

	gate     sync.Mutex // guards closed and in-flight Adds
	closed   bool
	inFlight sync.WaitGroup
}

// Start binds every peer's listener, builds and freezes every card version
// (card functions see the final origins), then serves. ctx bounds the
// start, and when ctx is done the farm closes as Close would. Call Close
// when finished either way.
func Start(ctx context.Context, spec FarmSpec) (_ *Farm, err error) {
	if err := validate(spec); err != nil {
		return nil, err
	}
	if err := validateExtended(spec); err != nil {
		return nil, err
	}
	if err := validateSigning(spec); err != nil {
		return nil, err
	}
	f := &Farm{
		spec:    spec,
		now:     spec.Now,
		limits:  spec.Limits.withDefaults(),
		journal: journal.New(spec.Journal, spec.OnExchange),
		byName:  map[string]*Peer{},
		origins: map[string]string{},
	}
	if f.now == nil {
		f.now = time.Now
	}
	defer func() {
		if err != nil {
			f.teardown()
		}
	}()
	if err := f.prepareDir(); err != nil {
		return nil, err
	}
	if f.secrets, err = newSecrets(); err != nil {
		return nil, err
	}
	if !spec.PlainHTTP {
		ids := identities(spec.Peers)
		ids[adminIdentity] = []string{adminHost(spec)}
		if f.pki, err = newPKI(f.dir, ids); err != nil {
			return nil, err
		}
		if spec.Grants.ClientCert {
			if err := f.writeClientFiles(); err != nil {
				return nil, err
			}
		}
	}
	if err := f.bind(ctx); err != nil {
		return nil, err
	}
	if f.keys, err = newKeyring(spec.Peers, f.Origins(), spec.KeyGroup); err != nil {
		return nil, err
	}
	if err := f.buildCards(f.now().Truncate(time.Second)); err != nil {
		return nil, err
	}
	f.serve()
	// The callback must not read stopCtx: on a ctx done during Start it
	// runs at once, racing this assignment.
	f.stopCtx = context.AfterFunc(ctx, func() { _ = f.close() })
	return f, nil
}

func (f *Farm) prepareDir() error {
	if f.spec.Dir != "" {
		f.dir = f.spec.Dir
		if err := os.MkdirAll(f.dir, 0o755); err != nil {
			return fmt.Errorf("mockpeer: %w", err)
		}
		return nil
	}
	dir, err := os.MkdirTemp("", "a2a-conform-farm-")
	if err != nil {
		return fmt.Errorf("mockpeer: %w", err)
	}
	f.dir, f.ownDir = dir, true
	return nil
}

// identities maps each TLS identity to the hosts of the peers sharing it.
func identities(peers []PeerSpec) map[string][]string {
	out := map[string][]string{}
	for _, ps := range peers {
		host, _, _ := listenAddr(ps)
		id := identityOf(ps)
		if !slices.Contains(out[id], host) {
			out[id] = append(out[id], host)
		}
	}
	return out
}

func identityOf(ps PeerSpec) string {
	if ps.Identity != "" {
		return ps.Identity
	}
	return ps.Name
}

// bind opens every listener before any card is built, so that Origins
// knows every port.
func (f *Farm) bind(ctx context.Context) error {
	scheme := "https"
	if f.spec.PlainHTTP {
		scheme = "http"
	}
	var lc net.ListenConfig
	for _, ps := range f.spec.Peers {
		host, addr, _ := listenAddr(ps)
		l, err := lc.Listen(ctx, "tcp", addr)
		if err != nil {
			return fmt.Errorf("mockpeer: peer %q: listen on %s: %w", ps.Name, addr, err)
		}
		p := &Peer{farm: f, spec: ps, identity: identityOf(ps), listener: l, script: ps.Task.Steps,
			paths: pathsOf(ps)}
		if len(p.script) == 0 {
			p.script = defaultScript
		}
		p.state.reset(len(ps.Rotations))
		port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
		p.origin = scheme + "://" + net.JoinHostPort(host, port)
		h, o := a2aHandler{p}, agent.Options{MaxBodyBytes: f.limits.MaxBodyBytes}
		p.jsonrpc = agent.NewJSONRPCHandler(h, o)
		p.rest = agent.NewRESTHandler(h, o)
		p.grpc = &lazyGRPC{make: func() http.Handler { return agent.NewGRPCHandler(h, o) }}
		f.peers = append(f.peers, p)
		f.byName[ps.Name] = p
		f.origins[ps.Name] = p.origin
	}
	return f.bindAdmin(ctx, scheme)
}

// serve starts one server per peer, and the admin server. A peer's server
// is handed plaintext connections (contactListener makes the handshake),
// and speaks HTTP/1 and HTTP/2 with prior knowledge on them: HTTP/2 as
// negotiated by ALPN, and h2c on a plain farm.
func (f *Farm) serve() {
	for _, p := range f.peers {
		p.server = f.newServer(p, log.New(io.Discard, "", 0), "")
		p.server.ConnState, p.server.ConnContext = p.conns.track, p.conns.connContext
		if f.pki != nil {
			p.tlsConf = p.tlsConfig()
		}
		f.start(p.server, contactListener{p.listener, p}, false)
	}
	f.admin.server = f.newServer(f.admin, log.New(io.Discard, "", 0), adminIdentity)
	f.start(f.admin.server, f.admin.listener, f.pki != nil)
}

// newServer is an HTTP(S) server bounded by the farm's ServerLimits; with
// an identity, over TLS (the admin server), without one over what its
// listener hands it. There is no server-wide ReadTimeout or WriteTimeout:
// they would cut streams; each request gets its own deadlines (bodyTap,
// recorder).
func (f *Farm) newServer(h http.Handler, errorLog *log.Logger, identity string) *http.Server {
	s := &http.Server{
		Handler:           h,
		ErrorLog:          errorLog,
		ReadHeaderTimeout: f.limits.ReadHeaderTimeout,
		IdleTimeout:       f.limits.IdleTimeout,
		MaxHeaderBytes:    f.limits.MaxHeaderBytes,
	}
	if f.pki != nil && identity != "" {
		s.TLSConfig = f.pki.serverConfig(identity)
	} else {
		// gRPC without TLS is HTTP/2 with prior knowledge (h2c).
		s.Protocols = new(http.Protocols)
		s.Protocols.SetHTTP1(true)
		s.Protocols.SetUnencryptedHTTP2(true)
	}
	return s
}

func (f *Farm) start(s *http.Server, l net.Listener, overTLS bool) {
	f.serving.Add(1)
	go func() {
		defer f.serving.Done()
		if overTLS {
			_ = s.ServeTLS(l, "", "")
		} else {
			_ = s.Serve(l)
		}
	}()
}

// Close stops every peer, waits for in-flight requests to end and removes
// the temporary directory it created. It is safe to call more than once.
func (f *Farm) Close() error {
	if f.stopCtx != nil {
		f.stopCtx()
	}
	return f.close()
}

// close is Close without detaching the Start context, for its AfterFunc.
func (f *Farm) close() error {
	f.closeOnce.Do(func() { f.closeErr = f.teardown() })
	return f.closeErr
}

func (f *Farm) teardown() error {
	var errs []error
	// A handshake the client is refusing right now is journaled only once
	// the peer has read the client's alert, and logged it.
	var settled sync.WaitGroup
	for _, p := range f.peers {
		settled.Go(func() { p.conns.settle(DefaultDrainTimeout) })
	}
	settled.Wait()
	for _, p := range f.peers {
		p.conns.cutAll()
	}
	for _, p := range f.peers {
		if p.server != nil {
			if err := p.server.Close(); err != nil {
				errs = append(errs, fmt.Errorf("mockpeer: close peer %q: %w", p.spec.Name, err))
			}
		} else if p.listener != nil {
			_ = p.listener.Close()
		}
		p.stopNative()
	}
	if a := f.admin; a != nil && a.server != nil {
		if err := a.server.Close(); err != nil {
			errs = append(errs, fmt.Errorf("mockpeer: close admin listener: %w", err))
		}
	} else if a != nil && a.listener != nil {
		_ = a.listener.Close()
	}
	f.serving.Wait()
	// Every connection is journaled by now, or is journaled now as it is.
	for _, p := range f.peers {
		p.conns.wait(DefaultDrainTimeout)
	}
	f.gate.Lock()
	f.closed = true
	f.gate.Unlock()
	f.inFlight.Wait()
	stopGRPC(f.peers)
	if err := f.lost.err(); err != nil {
		errs = append(errs, err)
	}
	if f.ownDir {
		if err := os.RemoveAll(f.dir); err != nil {
			errs = append(errs, fmt.Errorf("mockpeer: remove %s: %w", f.dir, err))
		}
	}
	return errors.Join(errs...)
}

// enter registers an in-flight request; false once the farm is closed.
func (f *Farm) enter() bool {
	f.gate.Lock()
	defer f.gate.Unlock()
	if f.closed {
		return false
	}
	f.inFlight.Add(1)
	return true
}

func (f *Farm) leave() { f.inFlight.Done() }

// Peer returns the peer named name, or nil.
func (f *Farm) Peer(name string) *Peer { return f.byName[name] }

// Peers returns every peer in spec order.
func (f *Farm) Peers() []*Peer { return slices.Clone(f.peers) }

// Origins resolves peer names to origins ("" for an unknown name).
func (f *Farm) Origins() Origins {
	return func(name string) string { return f.origins[name] }
}

// CAFile is the path of the farm CA's PEM file ("" with PlainHTTP).
func (f *Farm) CAFile() string {
	if f.pki == nil {
		return ""
	}
	return f.pki.caFile
}

// CAPEM is the farm CA certificate in PEM (nil with PlainHTTP).
func (f *Farm) CAPEM() []byte {
	if f.pki == nil {
		return nil
	}
	return slices.Clone(f.pki.caPEM)
}

// Credentials returns the credentials g grants, and where the client finds
// them; the others stay empty. The client certificate and key files exist
// only once granted, here or by FarmSpec.Grants.
func (f *Farm) Credentials(g Grants) grant.Credentials {
	var c grant.Credentials
	if g.OAuth {
		c.OAuthClientID, c.OAuthClientSecret = f.secrets.clientID, f.secrets.clientSecret
		if p := f.byName[g.OAuthIssuer]; p != nil {
			c.OAuthTokenURL = TokenURL(p.origin)
		}
	}
	if g.Bearer {
		c.BearerToken = f.secrets.bearer
	}
	if g.APIKey {
		c.APIKey = f.secrets.apiKey
	}
	if g.ClientCert && f.pki != nil && f.writeClientFiles() == nil {
		c.ClientCertFile, c.ClientKeyFile = f.pki.clientCertFile, f.pki.clientKeyFile
	}
	return c
}

// writeClientFiles writes the client certificate and key once, when they
// are first granted: by the spec at Start, or by a caller of Credentials.
func (f *Farm) writeClientFiles() error {
	f.clientFilesOnce.Do(func() { f.clientFilesErr = f.pki.writeClientFiles(f.dir) })
	return f.clientFilesErr
}

// Grants is FarmSpec.Grants: what the scenario hands its client.
func (f *Farm) Grants() Grants { return f.spec.Grants }

// Journal is the farm's journal, all peers together.
func (f *Farm) Journal() *journal.Journal { return f.journal }

// Redact replaces every credential of this farm found in s, and every PEM
// private key block, with a [REDACTED:name] mark, or withholds s whole
// when a credential is in it only encoded: the scan that journals redact
// with, for text the farm did not record itself, such as a client's own
// output, before it reaches a report. Redact before cutting: a cut may
// split a secret.
func (f *Farm) Redact(s string) string {
	out, _ := f.secrets.current().Clean(s, false, false)
	return out
}

// EndTokenLives ends the life of every access token granted so far by a
// peer with a TokenLifetime: their expiry has passed on the farm's
// scripted clock, whatever the wall clock says. A scenario calls it between
// two tasks; every peer then refuses those tokens (401, Bearer
// error="invalid_token").
func (f *Farm) EndTokenLives() { f.secrets.endLives() }

// RevokeNextToken arms a revocation: the next A2A request, on any peer,
// that reaches the security gate (well-formed, of a version the peer
// speaks) carrying a valid access token in its Authorization header has
// that token revoked there, before its life ends, and is refused like any
// request with a dead token (401, Bearer error="invalid_token").
func (f *Farm) RevokeNextToken() { f.revokeArmed.Store(true) }

// tokenOnArrival is AuthSeen.TokenState of r on arrival.
func (f *Farm) tokenOnArrival(r *http.Request) string {
	tok := bearerToken(r)
	if tok == "" {
		return ""
	}
	switch st := f.secrets.tokenState(tok, f.now()); st {
	case TokenExpired, TokenRevoked:
		return st
	}
	return ""
}

// revokeAtGate fires an armed revocation on r, an A2A request at a peer's
// security gate (admit): its token, when valid, is revoked now, and
// reports whether it was.
func (f *Farm) revokeAtGate(r *http.Request) bool {
	if !f.revokeArmed.Load() {
		return false
	}
	tok := bearerToken(r)
	if tok == "" || !f.secrets.revoke(tok, f.now()) {
		return false
	}
	f.revokeArmed.Store(false)
	return true
}
