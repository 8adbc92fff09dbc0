package mockpeer

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/http/httpguts"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The gRPC split. A peer serves every binding on one port, so that a
// card's origin stays one origin; gRPC is served natively there, by
// grpc.Server.Serve, on the connections whose first HTTP/2 request is a
// gRPC call, and by net/http (grpc.Server.ServeHTTP) on every other one.
//
// The peer makes the TLS handshake itself and scans the decrypted HTTP/2
// stream frame by frame, its header blocks decoded by an HPACK decoder
// that mirrors the server's (contact_h2scan.go). On an HTTP/2 connection
// the first read reads on until the first header block is decoded (peek):
// a gRPC call the transport will hand to a handler (grpcWhy) sends the
// connection to the peer's grpc.Server; anything else leaves it to
// net/http, the bytes read replayed.
//
// grpc-go answers some requests itself, before any handler: a method other
// than POST, a content type that is not gRPC, malformed headers... Those
// would go unjournaled, so on a gRPC connection every header block the
// client sends is judged by the scan before grpc-go reads it: one that
// opens a stream the transport hands to a handler is queued, in order;
// the first that does not is where the peer stops handing grpc-go bytes
// (the connection ends, as a server ends one it will not serve), and it,
// and every block after it, is journaled from the scan as a request the
// peer did not serve. grpc-go's InTapHandle, called in stream order on
// its reader for every stream it hands a handler, takes the queue's head:
// the call's headers exactly as the client sent them, which the handler
// journals the call with. A queued block the tap never took, or whose
// handler never ran, is journaled when the connection ends. Nothing a
// client sends is unjournaled.

// h2Block is one header block a client sent, decoded.
type h2Block struct {
	id        uint32
	endStream bool
	fields    []hpack.HeaderField
	size      int   // as HTTP/2 counts a header list
	kept      int   // the fields' bytes kept (bounded by the server's limit)
	at        int64 // where its last frame began, past the client preface
	time      time.Time
	why       string // why the peer did not hand it to grpc-go; "" if it did
	state     atomic.Int32

	method, path, authority string
}

// The states of a block.
const (
	blockQueued    int32 = iota // handed to grpc-go, awaiting its tap
	blockHanded                 // its tap took it; its handler is to run
	blockServed                 // its handler took it: it journals the call
	blockJournaled              // journaled by its connection as not served
)

func (b *h2Block) add(f hpack.HeaderField) {
	b.size += len(f.Name) + len(f.Value) + 32
	if b.kept += len(f.Name) + len(f.Value); b.kept <= maxBlockKept {
		b.fields = append(b.fields, f)
	}
}

// maxBlockKept bounds the header bytes a block keeps (a longer block is
// never handed to grpc-go: it is past the server's header bound).
const maxBlockKept = 1 << 20

func (b *h2Block) first(name string) (string, int) {
	v, n := "", 0
	for _, f := range b.fields {
		if f.Name == name {
			if n == 0 {
				v = f.Value
			}
			n++
		}
	}
	return v, n
}

// The modes of a connection's split.
const (
	splitUndecided int32 = iota
	splitHTTP            // net/http serves it
	splitNative          // the peer's grpc.Server serves it
)

// grpcSplit is a connection's side of the gRPC split.
type grpcSplit struct {
	mode    atomic.Int32
	peeking bool // under contactConn.mu: the first block decides
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []*h2Block // handed to grpc-go, in stream order, not yet tapped
	handed  []*h2Block // tapped
	others  []*h2Block // not handed to grpc-go: journaled at the end
	maxID   uint32
	cutAt   int64 // past the preface: where grpc-go's bytes end; -1 none
	over    bool  // the connection's blocks were journaled

	pending []byte // read by the peek, to be handed over first
	pendErr error  // what the peek's last read returned, after pending
	served  int64  // stream bytes handed to the server so far
	// wrote: the peer sent its own server preface (an empty SETTINGS
	// frame) while it peeked; the client's ACK of it is elided.
	wrote  atomic.Bool
	elided bool
	ack    int64
	held   []byte // the start of a frame header, held back (elideAck)
	ended  sync.Once
}

// clientPrefaceLen is the length of the HTTP/2 client preface, which the
// scan's offsets start after.
var clientPrefaceLen = int64(len(http2.ClientPreface))

// peekBytes bounds what the peek reads for a first header block.
const peekBytes = 64 << 10

// onBlock takes a header block as the scan decoded it; c.mu is held.
func (c *contactConn) onBlock(b *h2Block) {
	s := &c.split
	b.method, _ = b.first(":method")
	b.path, _ = b.first(":path")
	b.authority, _ = b.first(":authority")
	s.mu.Lock()
	defer s.mu.Unlock()
	why := c.p.grpcWhy(b, s.maxID)
	if s.peeking {
		s.peeking = false
		if why != "" {
			s.mode.Store(splitHTTP)
			c.stream.blocks = nil
			if c.stream.h2 != nil {
				c.stream.h2.blocks = nil
			}
			return
		}
		s.mode.Store(splitNative)
	}
	b.time = c.p.farm.now() // when a request not served arrived
	if b.id > s.maxID {
		s.maxID = b.id
	}
	if why == "" && s.cutAt < 0 {
		s.queue = append(s.queue, b)
		return
	}
	if s.cutAt < 0 {
		s.cutAt = b.at
	} else if why == "" {
		why = "sent after a request the peer ended the connection on"
	}
	b.why = why
	b.state.Store(blockJournaled)
	s.others = append(s.others, b)
}

// grpcWhy says why grpc-go's transport would not hand the stream b opens
// to a handler of the peer's A2A service, or might answer it itself: ""
// when it surely hands it. It is stricter than grpc-go, never laxer.
func (p *Peer) grpcWhy(b *h2Block, maxID uint32) string {
	switch {
	case !p.offers(wire.BindingGRPC):
		return "the peer does not offer gRPC"
	case b.id%2 != 1 || b.id <= maxID:
		return fmt.Sprintf("a header block on stream %d, which opens no new stream", b.id)
	case b.size > p.farm.limits.MaxHeaderBytes:
		return fmt.Sprintf("a header list of %d bytes, past the server's bound of %d", b.size, p.farm.limits.MaxHeaderBytes)
	}
	pseudo := true
	seen := map[string]bool{}
	for _, f := range b.fields {
		if strings.HasPrefix(f.Name, ":") {
			switch {
			case !pseudo:
				return "a pseudo-header after a regular one"
			case seen[f.Name]:
				return "a repeated " + f.Name
			case f.Name != ":method" && f.Name != ":path" && f.Name != ":scheme" && f.Name != ":authority":
				return "the pseudo-header " + f.Name
			}
			seen[f.Name] = true
			continue
		}
		pseudo = false
		if !lowerToken(f.Name) || !httpguts.ValidHeaderFieldValue(f.Value) {
			return fmt.Sprintf("a header field HTTP/2 refuses: %q", f.Name)
		}
		switch f.Name {
		case "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host":
			return "the connection-specific header " + f.Name
		case "te":
			if f.Value != "trailers" {
				return "te other than trailers"
			}
		case "grpc-timeout":
			if !grpcTimeout(f.Value) || seen[f.Name] {
				return "a malformed grpc-timeout"
			}
			seen[f.Name] = true
		case "content-type":
			if seen[f.Name] {
				return "a repeated content-type"
			}
			seen[f.Name] = true
		default:
			if strings.HasSuffix(f.Name, "-bin") && !binHeader(f.Value) {
				return "binary metadata that is not base64: " + f.Name
			}
		}
	}
	ct, _ := b.first("content-type")
	method, ok := strings.CutPrefix(b.path, agent.GRPCPathPrefix)
	switch {
	case b.method != http.MethodPost:
		return "the method " + b.method + ", not POST"
	case ct != "application/grpc" && ct != "application/grpc+proto":
		return fmt.Sprintf("the content type %q, not application/grpc", ct)
	case !seen[":scheme"] || b.authority == "":
		return "a request without :scheme or :authority"
	case !ok || !methodName(method):
		return fmt.Sprintf("the path %q, no method of the A2A service", b.path)
	}
	return ""
}

func lowerToken(s string) bool {
	if !httpguts.ValidHeaderFieldName(s) {
		return false
	}
	return strings.ToLower(s) == s
}

func methodName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// grpcTimeout: 1 to 8 digits and a unit, as grpc-go decodes it.
func grpcTimeout(v string) bool {
	if len(v) < 2 || len(v) > 9 || !strings.ContainsRune("HMSmun", rune(v[len(v)-1])) {
		return false
	}
	for _, r := range v[:len(v)-1] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func binHeader(v string) bool {
	var err error
	if len(v)%4 == 0 {
		_, err = base64.StdEncoding.DecodeString(v)
	} else {
		_, err = base64.RawStdEncoding.DecodeString(v)
	}
	return err == nil
}

// peek reads an HTTP/2 connection up to its first header block, and hands
// it to the peer's grpc.Server when that block is a gRPC call; it reports
// whether it did. What it read is handed over first, to whichever server.
func (c *contactConn) peek() bool {
	s := &c.split
	if cs := c.state.Load(); (c.p.farm.pki != nil && (cs == nil || cs.NegotiatedProtocol != "h2")) || !c.p.offers(wire.BindingGRPC) {
		s.mode.Store(splitHTTP)
		return false
	}
	c.mu.Lock()
	s.peeking, s.cutAt = true, -1
	c.stream.blocks, c.stream.settingsSent = c.onBlock, s.wrote.Load
	c.mu.Unlock()
	buf := make([]byte, 0, 16<<10)
	idle := false
	for s.mode.Load() == splitUndecided && len(buf) < peekBytes {
		if len(buf) == cap(buf) {
			buf = append(buf, make([]byte, len(buf))...)[:len(buf)]
		}
		n, err := c.readStream(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if !s.wrote.Load() && c.prefaced() {
			// A gRPC client waits for the server's preface before its
			// first request: the peer sends one, empty (every setting at
			// its default), and hides the client's ACK of it from the
			// server it hands the connection to, which sends its own.
			s.wrote.Store(true)
			if _, err := c.Write(emptySettings[:]); err != nil {
				s.pendErr = err
				break
			}
		}
		if !idle && c.prefaced() {
			// HTTP/2 waits for a connection's first request as long as
			// the server's idle timeout, not a header timeout.
			idle = true
			_ = c.Conn.SetReadDeadline(time.Now().Add(c.p.farm.limits.IdleTimeout))
		}
		if err != nil {
			if ne, ok := errors.AsType[net.Error](err); !ok || !ne.Timeout() || !idle {
				s.pendErr = err
			}
			break
		}
		if !c.mayBeH2() {
			break
		}
	}
	if idle {
		_ = c.Conn.SetReadDeadline(time.Time{})
	}
	s.pending = buf
	if !s.mode.CompareAndSwap(splitNative, splitNative) {
		c.mu.Lock()
		s.peeking = false
		s.mode.Store(splitHTTP)
		c.stream.blocks = nil
		if c.stream.h2 != nil {
			c.stream.h2.blocks = nil
		}
		c.mu.Unlock()
		return false
	}
	nc := &nativeConn{c}
	if n := c.p.nativeServer(); n == nil || !n.ln.put(nc) {
		_ = nc.Close()
	}
	return true
}

func (c *contactConn) prefaced() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stream.h2 != nil
}

func (c *contactConn) mayBeH2() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stream.preface >= 0
}

// readNative is what grpc-go reads: what the peek read, then the stream,
// up to where the peer stopped handing it bytes.
func (c *contactConn) readNative(b []byte) (int, error) {
	s := &c.split
	var n int
	var err error
	switch {
	case len(s.pending) > 0:
		n = copy(b, s.pending)
		if s.pending = s.pending[n:]; len(s.pending) == 0 {
			s.pending = nil // the peek's buffer, released
		}
	case s.pendErr != nil:
		return 0, s.pendErr
	default:
		n, err = c.readStream(b)
	}
	c.mu.Lock()
	if h := c.stream.h2; h != nil && h.dead {
		s.mu.Lock()
		if s.cutAt < 0 {
			s.cutAt = h.frameAt // the frames can no longer be followed
		}
		s.mu.Unlock()
	}
	c.mu.Unlock()
	s.mu.Lock()
	cut := s.cutAt
	s.mu.Unlock()
	if cut >= 0 && s.elided && cut > s.ackAt() {
		cut -= int64(len(emptySettings))
	}
	if cut >= 0 && s.served+int64(n) > cut+clientPrefaceLen {
		n = int(max(cut+clientPrefaceLen-s.served, 0))
		s.pending, s.pendErr, err = nil, io.EOF, nil
		if n == 0 {
			c.ended.CompareAndSwap(0, endedPeer)
			return 0, io.EOF
		}
	}
	s.served += int64(n)
	return n, err
}

// nativeConn is a connection as the peer's grpc.Server sees it.
type nativeConn struct{ c *contactConn }

func (n *nativeConn) Read(b []byte) (int, error)         { return n.c.readNative(b) }
func (n *nativeConn) Write(b []byte) (int, error)        { return n.c.Write(b) }
func (n *nativeConn) LocalAddr() net.Addr                { return n.c.Conn.LocalAddr() }
func (n *nativeConn) RemoteAddr() net.Addr               { return n.c.Conn.RemoteAddr() }
func (n *nativeConn) SetDeadline(t time.Time) error      { return n.c.Conn.SetDeadline(t) }
func (n *nativeConn) SetReadDeadline(t time.Time) error  { return n.c.Conn.SetReadDeadline(t) }
func (n *nativeConn) SetWriteDeadline(t time.Time) error { return n.c.Conn.SetWriteDeadline(t) }

// Close ends the connection and journals it, and every request on it
// that no handler journaled, once grpc-go is done with it.
func (n *nativeConn) Close() error {
	err := n.c.closeConn()
	n.c.split.ended.Do(func() { go n.c.endNative() })
	return err
}

// endNative journals what no handler did, then the connection.
func (c *contactConn) endNative() {
	s := &c.split
	s.mu.Lock()
	if s.cond == nil {
		s.cond = sync.NewCond(&s.mu)
	}
	// A handler grpc-go started takes its block at once; one whose
	// stream grpc-go answered itself never does.
	wait := time.AfterFunc(DefaultDrainTimeout, func() {
		s.mu.Lock()
		s.over = true
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	for !s.over && anyHanded(s.handed) {
		s.cond.Wait()
	}
	wait.Stop()
	s.mu.Unlock()
	c.finish()
}

// journalLeft journals, once, every request on a native connection that no
// handler journaled: Peer.finish calls it before the connection's own
// record, whoever ends the connection first (endNative, or a farm closing
// that stops waiting). A handler that comes later finds its call taken.
func (c *contactConn) journalLeft() {
	s := &c.split
	if s.mode.Load() != splitNative {
		return
	}
	s.mu.Lock()
	s.over = true
	var left []*h2Block
	for _, b := range s.handed {
		if b.state.CompareAndSwap(blockHanded, blockJournaled) {
			b.why = "grpc-go took the call but ran no handler for it (it answered it itself, or the connection ended first)"
			left = append(left, b)
		}
	}
	for _, b := range s.queue {
		if b.state.CompareAndSwap(blockQueued, blockJournaled) {
			b.why = "grpc-go never handed the call to a handler: the connection ended first"
			left = append(left, b)
		}
	}
	left = append(left, s.others...)
	s.queue, s.handed, s.others = nil, nil, nil
	s.mu.Unlock()
	for _, b := range left {
		c.journalUnserved(b)
	}
	c.p.conns.mu.Lock()
	delete(c.p.conns.conns, c)
	c.p.conns.mu.Unlock()
}

func anyHanded(bs []*h2Block) bool {
	for _, b := range bs {
		if b.state.Load() == blockHanded {
			return true
		}
	}
	return false
}

// journalUnserved journals a request the peer did not serve, from the
// scan's view of it: its header block as the client sent it, no answer.
func (c *contactConn) journalUnserved(b *h2Block) {
	p, f := c.p, c.p.farm
	c.requests.Add(1)
	h := blockHeader(b)
	u, err := url.ParseRequestURI(b.path)
	if err != nil {
		u = &url.URL{Path: b.path}
	}
	route := routeOf(u.Path, p.paths)
	v := c.version
	e := journal.Exchange{
		Seq: f.journal.Reserve(), Time: b.time, Peer: p.spec.Name, Origin: p.origin, Route: route,
		Method: b.method, Path: u.Path, Query: u.RawQuery, Header: cloneHeader(h, b.authority),
		A2AVersion: firstValue(h, versionHeaderKey), Extensions: headerList(h[extensionsHeaderKey]),
		ConnSeq: c.seq, CardVersion: v, ContractHash: p.versions[v].contractHash(),
		Malformed: "not served: " + b.why + "; the peer ended the connection",
	}
	if route == journal.RouteA2A {
		e.Binding, e.Op = wire.BindingGRPC, strings.TrimPrefix(u.Path, agent.GRPCPathPrefix)
	}
	var texts []string
	for _, fl := range b.fields {
		texts = append(texts, fl.Name, fl.Value)
	}
	e.Auth.Presented = f.secrets.presentIn(texts...)
	if cs := c.state.Load(); cs != nil {
		if leaf := verifiedLeaf(cs.VerifiedChains); leaf != nil {
			e.TLSClient = leaf.Subject.CommonName
		}
	}
	f.seal(&e, false, false)
	f.journal.Append(&e)
}

// blockHeader is a block's header fields as net/http's HTTP/2 server
// makes Request.Header of them.
func blockHeader(b *h2Block) http.Header {
	h := make(http.Header, len(b.fields))
	for _, f := range b.fields {
		if strings.HasPrefix(f.Name, ":") {
			continue
		}
		k := http.CanonicalHeaderKey(f.Name)
		if k == "Cookie" && len(h[k]) > 0 {
			h[k][0] += "; " + f.Value
			continue
		}
		h[k] = append(h[k], f.Value)
	}
	return h
}

// nativeGRPC is a peer's grpc.Server for the connections the split sends
// it, made on the first one.
type nativeGRPC struct {
	srv *grpc.Server
	ln  *handoff
	svc *agent.GRPCService
}

// nativeServer is the peer's grpc.Server, made now if need be; nil once
// the peer stopped.
func (p *Peer) nativeServer() *nativeGRPC {
	p.nativeOnce.Do(func() {
		if p.nativeStopped.Load() {
			return
		}
		n := &nativeGRPC{ln: &handoff{ch: make(chan net.Conn), done: make(chan struct{}), addr: p.listener.Addr()},
			svc: agent.NewGRPCService(a2aHandler{p})}
		n.srv = grpc.NewServer(
			grpc.Creds(nativeCreds{}),
			grpc.ForceServerCodecV2(rawCodec{}),
			grpc.UnknownServiceHandler(func(_ any, ss grpc.ServerStream) error { return p.serveNative(ss) }),
			grpc.InTapHandle(nativeTap),
			grpc.MaxRecvMsgSize(int(p.farm.limits.MaxBodyBytes)),
			grpc.MaxHeaderListSize(uint32(p.farm.limits.MaxHeaderBytes)),
			// net/http takes any number of pings; so does the peer.
			grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: time.Nanosecond, PermitWithoutStream: true}),
		)
		go func() { _ = n.srv.Serve(n.ln) }()
		p.native.Store(n)
	})
	return p.native.Load()
}

// stopNative ends the peer's native gRPC connections, as closing its
// http.Server ends the others; it makes none after.
func (p *Peer) stopNative() {
	p.nativeStopped.Store(true)
	p.nativeOnce.Do(func() {})
	if n := p.native.Load(); n != nil {
		n.ln.Close()
		n.srv.Stop()
	}
}

// handoff is the listener the peer's grpc.Server accepts from.
type handoff struct {
	ch   chan net.Conn
	done chan struct{}
	once sync.Once
	addr net.Addr
}

func (h *handoff) put(c net.Conn) bool {
	select {
	case h.ch <- c:
		return true
	case <-h.done:
		return false
	}
}

func (h *handoff) Accept() (net.Conn, error) {
	select {
	case c := <-h.ch:
		return c, nil
	case <-h.done:
		return nil, net.ErrClosed
	}
}

func (h *handoff) Close() error {
	h.once.Do(func() { close(h.done) })
	return nil
}

func (h *handoff) Addr() net.Addr { return h.addr }

// nativeCreds makes no handshake (the peer made it) and names the
// connection to the calls on it.
type nativeCreds struct{}

type nativeAuth struct {
	credentials.CommonAuthInfo
	c *contactConn
}

func (nativeAuth) AuthType() string { return "a2a-conform" }

func (nativeCreds) ClientHandshake(context.Context, string, net.Conn) (net.Conn, credentials.AuthInfo, error) {
	return nil, nil, errors.New("mockpeer: server-side credentials only")
}

func (nativeCreds) ServerHandshake(c net.Conn) (net.Conn, credentials.AuthInfo, error) {
	nc, ok := c.(*nativeConn)
	if !ok {
		return nil, nil, errors.New("mockpeer: not a split connection")
	}
	level := credentials.NoSecurity
	if nc.c.state.Load() != nil {
		level = credentials.PrivacyAndIntegrity
	}
	return c, nativeAuth{CommonAuthInfo: credentials.CommonAuthInfo{SecurityLevel: level}, c: nc.c}, nil
}

func (nativeCreds) Info() credentials.ProtocolInfo {
	return credentials.ProtocolInfo{SecurityProtocol: "tls"}
}
func (n nativeCreds) Clone() credentials.TransportCredentials { return n }
func (nativeCreds) OverrideServerName(string) error           { return nil }

func connOfStream(ctx context.Context) *contactConn {
	if pr, ok := peer.FromContext(ctx); ok {
		if a, ok := pr.AuthInfo.(nativeAuth); ok {
			return a.c
		}
	}
	return nil
}

type blockKey struct{}

// nativeTap runs on grpc-go's reader, in stream order, for every stream it
// hands a handler: the stream is the queue's head.
func nativeTap(ctx context.Context, info *tap.Info) (context.Context, error) {
	c := connOfStream(ctx)
	if c == nil {
		return ctx, status.Error(codes.Internal, "mockpeer: a call on no split connection")
	}
	s := &c.split
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.over {
		return ctx, status.Error(codes.Unavailable, "mockpeer: the connection ended")
	}
	if len(s.queue) == 0 || s.queue[0].path != info.FullMethodName || !s.queue[0].state.CompareAndSwap(blockQueued, blockHanded) {
		c.p.farm.lost.add(fmt.Errorf("mockpeer: a gRPC call to %s on connection #%d was not journaled: the peer lost track of its headers", info.FullMethodName, c.seq))
		return ctx, status.Error(codes.Internal, "mockpeer: the peer lost track of this call")
	}
	b := s.queue[0]
	s.queue = s.queue[1:]
	s.handed = append(s.handed, b)
	c.requests.Add(1)
	return context.WithValue(ctx, blockKey{}, b), nil
}

// nativeCall is one natively served call on its way through the peer's
// router (Peer.serveGRPC).
type nativeCall struct {
	ss      grpc.ServerStream
	raw     []byte
	recvErr error
	ran     bool
	reply   any
	err     error
}

type nativeKey struct{}

func nativeOf(ctx context.Context) *nativeCall {
	n, _ := ctx.Value(nativeKey{}).(*nativeCall)
	return n
}

// serveNative serves one call grpc-go handed a handler: it journals it
// through the peer's router, as a request net/http handed it, then
// answers.
func (p *Peer) serveNative(ss grpc.ServerStream) (err error) {
	ctx := ss.Context()
	c := connOfStream(ctx)
	b, _ := ctx.Value(blockKey{}).(*h2Block)
	if c == nil || b == nil {
		return status.Error(codes.Internal, "mockpeer: a call the split did not hand over")
	}
	s := &c.split
	s.mu.Lock()
	took := b.state.CompareAndSwap(blockHanded, blockServed)
	if s.cond != nil {
		s.cond.Broadcast()
	}
	s.mu.Unlock()
	if !took {
		return status.Error(codes.Unavailable, "mockpeer: the connection ended") // journaled by it
	}
	var raw []byte
	nc := &nativeCall{ss: ss}
	if nc.recvErr = ss.RecvMsg(&raw); nc.recvErr == nil {
		nc.raw = raw
	}
	r := nativeRequest(context.WithValue(context.WithValue(ctx, connKey{}, c), nativeKey{}, nc), c, b, raw, nc.recvErr)
	w := &nativeWriter{header: http.Header{}}
	defer func() {
		if v := recover(); v != nil {
			err = status.Errorf(codes.Internal, "mockpeer: serving the call panicked: %v", v)
		}
	}()
	p.farm.intake(w, r, func(in *arrival) { in.connSeq = c.seq; p.serve(in, r) })
	if !nc.ran {
		if w.status == http.StatusServiceUnavailable {
			return status.Error(codes.Unavailable, "mock peer farm closed")
		}
		return status.Errorf(codes.Unavailable, "mockpeer: the call was answered HTTP %d", w.status)
	}
	if nc.reply != nil {
		if err := ss.SendMsg(nc.reply); err != nil {
			return err
		}
	}
	return nc.err
}

// nativeRequest is the request net/http's HTTP/2 server would have made of
// the call: b's headers as the client sent them, its one message framed.
func nativeRequest(ctx context.Context, c *contactConn, b *h2Block, raw []byte, recvErr error) *http.Request {
	u, err := url.ParseRequestURI(b.path)
	if err != nil {
		u = &url.URL{Path: b.path}
	}
	var body io.ReadCloser = http.NoBody
	if recvErr == nil {
		framed := make([]byte, 5+len(raw))
		binary.BigEndian.PutUint32(framed[1:], uint32(len(raw)))
		copy(framed[5:], raw)
		body = io.NopCloser(bytes.NewReader(framed))
	}
	r := &http.Request{Method: b.method, URL: u, Proto: "HTTP/2.0", ProtoMajor: 2, Header: blockHeader(b),
		Host: b.authority, RemoteAddr: c.Conn.RemoteAddr().String(), RequestURI: b.path, TLS: c.state.Load(),
		ContentLength: -1, Body: body}
	return r.WithContext(ctx)
}

// nativeWriter stands for the response writer of a natively served call:
// the answer goes out on the gRPC stream; the router's recorder keeps what
// the journal takes.
type nativeWriter struct {
	header http.Header
	status int
}

func (w *nativeWriter) Header() http.Header         { return w.header }
func (w *nativeWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *nativeWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

// rawCodec hands the handler a request message's wire bytes, and encodes
// answers as grpc-go's proto codec does.
type rawCodec struct{}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	b, err := proto.Marshal(v.(proto.Message))
	if err != nil {
		return nil, err
	}
	return mem.BufferSlice{mem.SliceBuffer(b)}, nil
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	p, ok := v.(*[]byte)
	if !ok {
		return fmt.Errorf("mockpeer: cannot decode into %T", v)
	}
	*p = data.Materialize()
	return nil
}

func (rawCodec) Name() string { return "proto" }

// emptySettings is an HTTP/2 SETTINGS frame with no setting.
var emptySettings = [9]byte{0, 0, 0, 0x4, 0, 0, 0, 0, 0}

func (s *grpcSplit) ackAt() int64 { return s.ack }

// elideAck takes the client's ACK of the peer's own server preface out of
// b[:n], what the stream's latest read made of b (held bytes first),
// and returns what is left of n. Until the ACK came, the start of a frame
// header at the end of b is held back for the next read: it may be the
// ACK's.
func (c *contactConn) elideAck(b []byte, n int) int {
	s := &c.split
	if !s.wrote.Load() || s.elided {
		return n
	}
	c.mu.Lock()
	h := c.stream.h2
	end := c.stream.bytes // the stream's offset of b[n]
	nhead := 0
	if h != nil && !h.dead {
		nhead = h.nhead
	}
	c.mu.Unlock()
	if h == nil {
		return n
	}
	if h.ackAt >= 0 {
		at := h.ackAt + clientPrefaceLen - (end - int64(n)) // in b
		if at >= 0 && at+int64(len(emptySettings)) <= int64(n) {
			s.elided, s.ack = true, h.ackAt
			copy(b[at:], b[at+int64(len(emptySettings)):n])
			return n - len(emptySettings)
		}
	}
	if nhead > 0 && nhead < h2FrameHeaderLen && nhead <= n {
		s.held = append(s.held[:0], b[n-nhead:n]...)
		return n - nhead
	}
	return n
}
