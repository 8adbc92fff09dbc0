package mockpeer

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The peer terminates TLS itself, below net/http: every accepted
// connection is a contactConn, which makes the handshake (or finds there
// is none), scans every byte the client sends, the handshake's included,
// and hands net/http the decrypted stream as a plaintext connection. The
// peer's server speaks HTTP/1 and HTTP/2 with prior knowledge on it, so a
// client that negotiated h2 by ALPN, gRPC included, is served HTTP/2 as
// before. What a handler read from Request.TLS comes from the connection
// (Peer.ServeHTTP). When net/http is done with the connection it is
// journaled (RouteConnection), whatever came of it. An HTTP/2 connection
// whose first request is a gRPC call goes to the peer's own grpc.Server
// instead, and is journaled when that is done with it (grpc_native.go).

// contactListener hands net/http every connection the peer accepts as a
// contactConn. A connection accepted once the farm is closing is closed
// unjournaled, as a request would be answered 503 unjournaled.
type contactListener struct {
	net.Listener
	p *Peer
}

func (l contactListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if cc := l.p.newContact(c); cc != nil {
			return cc, nil
		}
		_ = c.Close()
	}
}

// recordTypeHandshake is the first byte of every ClientHello.
const recordTypeHandshake = 0x16

// contactConn is one accepted connection as net/http sees it.
type contactConn struct {
	net.Conn       // the TCP connection
	p        *Peer // whose listener accepted it
	seq      int64 // its place in the journal, taken at accept
	at       time.Time
	version  int // the card version in force at accept

	begun    sync.Once
	beginErr error // why there is nothing for net/http; nil once TLS (or none) is up
	// tls is the TLS side, nil without TLS; state its connection state
	// once the handshake completed, shared by every request on it. Both
	// are set by the reader and read by whoever ends the connection.
	tls   atomic.Pointer[tls.Conn]
	state atomic.Pointer[tls.ConnectionState]
	// handshaking is closed when a handshake in progress ends; nil while
	// none began (connSet.settle waits for it).
	handshaking chan struct{}
	handshook   atomic.Bool // the raw bytes are records of an established session
	requests    atomic.Int64
	// ended says who ended the connection first: 0 nobody yet, else
	// endedClient or endedPeer.
	ended atomic.Int32
	// cut: the peer ended it to switch certificates or to close (connSet).
	cut atomic.Bool

	mu     sync.Mutex // guards what follows: read by the reader, journaled by finish
	hello  clientHello
	hsErr  error // why the handshake failed
	shake  string
	stream streamTap // the bytes past the handshake
	raw    streamScan
	// rawCapture is the first bytes of the handshake, kept until they turn
	// out to be TLS.
	rawCapture []byte
	found      []string // credentials in the handshake's raw bytes and fields

	finished sync.Once
	done     chan struct{} // closed once journaled

	split grpcSplit // the gRPC split (grpc_native.go)
}

const (
	endedClient int32 = 1 + iota
	endedPeer
)

// clientHello is what the ClientHello and the client's certificate said.
type clientHello struct {
	serverName string
	alpn       []string
	impostor   bool
	certSubj   string
}

// newContact registers a connection just accepted, or returns nil once the
// farm is closed.
func (p *Peer) newContact(c net.Conn) *contactConn {
	f := p.farm
	if !f.enter() {
		return nil
	}
	cc := &contactConn{Conn: c, p: p, seq: f.journal.Reserve(), at: f.now(), version: p.Version(),
		done: make(chan struct{})}
	cc.stream.init(f.secrets, f.limits.MaxHeaderBytes)
	if f.pki == nil {
		cc.shake = journal.HandshakePlain
	}
	return cc
}

// begin makes the handshake, once, before the first byte is read or
// written. An error ends the connection: there is nothing for net/http,
// which ends it without a word on io.EOF.
func (c *contactConn) begin() error {
	c.begun.Do(func() {
		if c.start() != nil {
			c.beginErr = io.EOF
		}
	})
	return c.beginErr
}

func (c *contactConn) start() error {
	if c.p.farm.pki == nil {
		return nil
	}
	var first [1]byte
	n, err := c.readRaw(first[:])
	if n == 0 {
		c.mu.Lock()
		c.shake = journal.HandshakeNone
		c.mu.Unlock()
		if err == nil {
			err = io.EOF
		}
		return err
	}
	if first[0] != recordTypeHandshake {
		c.refuseNotTLS(first[0])
		return io.EOF
	}
	hs := make(chan struct{})
	c.mu.Lock()
	c.handshaking = hs
	c.mu.Unlock()
	defer close(hs)
	tc := tls.Server(&handshakeSide{c: c, first: first[0], pending: true}, c.p.tlsConf)
	c.tls.Store(tc)
	// net/http set the read deadline (ReadHeaderTimeout) before its first
	// read; the server's flight gets the same bound.
	_ = c.Conn.SetWriteDeadline(time.Now().Add(c.p.farm.limits.ReadHeaderTimeout))
	err = tc.HandshakeContext(context.Background())
	_ = c.Conn.SetWriteDeadline(time.Time{})
	c.handshook.Store(true)
	c.afterHandshake(tc, err)
	if _, ok := errors.AsType[tls.RecordHeaderError](err); ok {
		// A first byte of 0x16, then no TLS record: bytes that are not
		// TLS, read on as refuseNotTLS reads them.
		c.drainRaw(make([]byte, 4<<10))
	}
	return err
}

// afterHandshake records how the handshake went and what the client
// presented in it, and scans the fields.
func (c *contactConn) afterHandshake(tc *tls.Conn, err error) {
	cs := tc.ConnectionState()
	certs := cs.PeerCertificates
	var unverified *tls.CertificateVerificationError
	if errors.As(err, &unverified) {
		certs = unverified.UnverifiedCertificates
	}
	sec := c.p.farm.secrets
	c.mu.Lock()
	defer c.mu.Unlock()
	texts := []string{c.hello.serverName}
	texts = append(texts, c.hello.alpn...)
	for _, cert := range certs {
		texts = append(texts, string(cert.Raw), cert.Subject.String())
	}
	if len(certs) > 0 {
		c.hello.certSubj = certs[0].Subject.String()
	}
	c.found = journal.MergeNames(c.found, sec.presentIn(texts...))
	// The records that follow are encrypted: the raw scan is done.
	c.found = journal.MergeNames(c.found, c.raw.flush(sec))
	c.raw = streamScan{}
	if _, ok := errors.AsType[tls.RecordHeaderError](err); ok {
		c.shake, c.hsErr = journal.HandshakeNotTLS, err
		c.stream.capture, c.rawCapture = c.rawCapture, nil
		return
	}
	// The bytes so far were the handshake's: Bytes are the client's past it.
	c.rawCapture, c.stream.bytes = nil, 0
	if err != nil {
		c.shake, c.hsErr = journal.HandshakeFailed, err
		var op *net.OpError
		if errors.As(err, &op) && op.Op == "remote error" { // crypto/tls: the client's alert ended it
			c.ended.CompareAndSwap(0, endedClient)
		}
		return
	}
	c.shake = journal.HandshakeComplete
	c.state.Store(&cs)
}

// readRaw reads from the TCP connection, noting a client that ended it.
func (c *contactConn) readRaw(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if err != nil && clientEnded(err) {
		c.ended.CompareAndSwap(0, endedClient)
	}
	return n, err
}

// clientEnded reports whether a read error is the client's doing: a close
// (EOF) or a reset, not a timeout or the peer's own close.
func clientEnded(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET)
}

func (c *contactConn) feedStream(b []byte) {
	if len(b) == 0 {
		return
	}
	c.mu.Lock()
	c.stream.feed(b)
	c.mu.Unlock()
}

// Read is what net/http reads: the decrypted stream, scanned on its way.
// An HTTP/2 connection whose first request is a gRPC call goes to the
// peer's grpc.Server instead (grpc_native.go): net/http reads its end.
func (c *contactConn) Read(b []byte) (int, error) {
	if err := c.begin(); err != nil {
		return 0, err
	}
	s := &c.split
	switch s.mode.Load() {
	case splitUndecided:
		if c.peek() {
			return 0, io.EOF
		}
	case splitNative:
		return 0, io.EOF
	}
	if len(s.pending) > 0 {
		n := copy(b, s.pending)
		if s.pending = s.pending[n:]; len(s.pending) == 0 {
			s.pending = nil // the peek's buffer, released
		}
		return n, nil
	}
	if s.pendErr != nil {
		return 0, s.pendErr
	}
	return c.readStream(b)
}

// readStream reads the decrypted stream and scans it.
func (c *contactConn) readStream(b []byte) (int, error) {
	// Bytes held back from the last read (elideAck) come first.
	held := copy(b, c.split.held)
	c.split.held = c.split.held[held:]
	if len(c.split.held) > 0 {
		return held, nil
	}
	var n int
	var err error
	if tc := c.tls.Load(); tc != nil {
		n, err = tc.Read(b[held:])
		if errors.Is(err, io.EOF) { // close_notify
			c.ended.CompareAndSwap(0, endedClient)
		}
	} else {
		n, err = c.readRaw(b[held:])
	}
	c.feedStream(b[held : held+n])
	n = c.elideAck(b, held+n)
	if n > 0 && c.offProtocol() {
		// Scanned and counted, but not served: a server over TLS speaks
		// what ALPN chose, as net/http's ServeTLS would.
		c.ended.CompareAndSwap(0, endedPeer)
		return 0, io.EOF
	}
	return n, err
}

// h2Prior is the start of the HTTP/2 preface, which net/http's HTTP/1
// reader refuses.
const h2Prior = "PRI * HTTP/2.0"

// offProtocol reports whether the stream so far is not the protocol the
// handshake chose: no HTTP/2 preface after h2 was negotiated, or one after
// it was not. Without TLS the stream chooses (h2c with prior knowledge).
func (c *contactConn) offProtocol() bool {
	cs := c.state.Load()
	if cs == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cs.NegotiatedProtocol == "h2" {
		return c.stream.preface < 0
	}
	return c.stream.preface >= len(h2Prior)
}

func (c *contactConn) Write(b []byte) (int, error) {
	if err := c.begin(); err != nil {
		return 0, err
	}
	if tc := c.tls.Load(); tc != nil {
		return tc.Write(b)
	}
	return c.Conn.Write(b)
}

// Close ends the connection; a TLS one with a close_notify. net/http's
// Close of a connection it handed to the gRPC server is not its to make.
func (c *contactConn) Close() error {
	if c.split.mode.Load() == splitNative {
		return nil
	}
	return c.closeConn()
}

// SetReadDeadline, SetWriteDeadline and SetDeadline are net/http's, and
// no longer once the connection went to the gRPC server.
func (c *contactConn) SetReadDeadline(t time.Time) error {
	if c.split.mode.Load() == splitNative {
		return nil
	}
	return c.Conn.SetReadDeadline(t)
}

func (c *contactConn) SetWriteDeadline(t time.Time) error {
	if c.split.mode.Load() == splitNative {
		return nil
	}
	return c.Conn.SetWriteDeadline(t)
}

func (c *contactConn) SetDeadline(t time.Time) error {
	if c.split.mode.Load() == splitNative {
		return nil
	}
	return c.Conn.SetDeadline(t)
}

func (c *contactConn) closeConn() error {
	c.ended.CompareAndSwap(0, endedPeer)
	if tc := c.tls.Load(); tc != nil {
		return tc.Close()
	}
	return c.Conn.Close()
}

// CloseWrite keeps net/http's half-close after a refused request.
func (c *contactConn) CloseWrite() error {
	if c.split.mode.Load() == splitNative {
		return nil
	}
	if tc := c.tls.Load(); tc != nil {
		return tc.CloseWrite()
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return c.Conn.Close()
}

// announceEnd ends the connection on the peer's side: a close_notify once
// its handshake is done, so that the client sees the end before it could
// send on it, else a close.
func (c *contactConn) announceEnd() {
	c.cut.Store(true)
	c.ended.CompareAndSwap(0, endedPeer)
	if tc := c.tls.Load(); c.state.Load() != nil && tc.CloseWrite() == nil {
		return
	}
	_ = c.Conn.Close()
}
