package mockpeer

import (
	"crypto/tls"
	"io"
	"net"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// What the peer reads before net/http does: the bytes of a client that
// does not speak TLS, and the raw side of a handshake.

// refuseNotTLS reads what a client that does not speak TLS sent on the TLS
// port, answers it as net/http would (a 400 if it looks like HTTP), and
// reads on until the client closes, a bounded while: every byte of it is
// scanned and counted as a request.
func (c *contactConn) refuseNotTLS(first byte) {
	c.mu.Lock()
	c.shake = journal.HandshakeNotTLS
	c.stream.feed([]byte{first})
	c.mu.Unlock()
	buf := make([]byte, 4<<10)
	n, _ := c.readRaw(buf)
	c.feedStream(buf[:n])
	if looksLikeHTTP(append([]byte{first}, buf[:n]...)) {
		_, _ = io.WriteString(c.Conn, "HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n")
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	c.drainRaw(buf)
}

// notTLSDrain bounds how long, and how much, the peer reads on from a
// client that does not speak TLS after answering it.
const (
	notTLSDrainTime  = 2 * time.Second
	notTLSDrainBytes = 1 << 20
)

func (c *contactConn) drainRaw(buf []byte) {
	_ = c.Conn.SetReadDeadline(time.Now().Add(notTLSDrainTime))
	for total := 0; total < notTLSDrainBytes; {
		n, err := c.readRaw(buf)
		c.feedStream(buf[:n])
		total += n
		if err != nil {
			return
		}
	}
}

// looksLikeHTTP is net/http's test of a TLS record header that is a
// plaintext request (server.go, tlsRecordHeaderLooksLikeHTTP).
func looksLikeHTTP(b []byte) bool {
	if len(b) < 5 {
		return false
	}
	switch string(b[:5]) {
	case "GET /", "HEAD ", "POST ", "PUT /", "OPTIO":
		return true
	}
	return false
}

// handshakeSide is the TCP connection as crypto/tls reads it: the first
// byte, which the peer read to tell TLS from not, then the rest, scanned
// until the handshake is over (the ClientHello and, in TLS 1.2, the
// client's certificate are in the clear).
type handshakeSide struct {
	c       *contactConn
	first   byte
	pending bool
}

func (h *handshakeSide) Read(b []byte) (int, error) {
	if h.pending && len(b) > 0 {
		h.pending = false
		b[0] = h.first
		h.scan(b[:1])
		return 1, nil
	}
	n, err := h.c.readRaw(b)
	h.scan(b[:n])
	return n, err
}

func (h *handshakeSide) scan(b []byte) {
	if len(b) == 0 || h.c.handshook.Load() {
		return
	}
	c := h.c
	c.mu.Lock()
	c.found = journal.MergeNames(c.found, c.raw.feed(c.p.farm.secrets, b))
	// Counted and kept as the stream's, in case they are no TLS at all.
	c.stream.bytes += int64(len(b))
	if room := connCaptureBytes - len(c.rawCapture); room > 0 {
		c.rawCapture = append(c.rawCapture, b[:min(room, len(b))]...)
	}
	c.mu.Unlock()
}

func (h *handshakeSide) Write(b []byte) (int, error)        { return h.c.Conn.Write(b) }
func (h *handshakeSide) Close() error                       { return h.c.Conn.Close() }
func (h *handshakeSide) LocalAddr() net.Addr                { return h.c.Conn.LocalAddr() }
func (h *handshakeSide) RemoteAddr() net.Addr               { return h.c.Conn.RemoteAddr() }
func (h *handshakeSide) SetDeadline(t time.Time) error      { return h.c.Conn.SetDeadline(t) }
func (h *handshakeSide) SetReadDeadline(t time.Time) error  { return h.c.Conn.SetReadDeadline(t) }
func (h *handshakeSide) SetWriteDeadline(t time.Time) error { return h.c.Conn.SetWriteDeadline(t) }

// CloseWrite lets tls.Conn.CloseWrite half-close the TCP connection.
func (h *handshakeSide) CloseWrite() error {
	if cw, ok := h.c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// onHello records the ClientHello, from the TLS configuration's
// GetConfigForClient, and whether the impostor answers it.
func onHello(hello *tls.ClientHelloInfo, impostor bool) {
	h, ok := hello.Conn.(*handshakeSide)
	if !ok {
		return
	}
	c := h.c
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hello.serverName = hello.ServerName
	c.hello.alpn = append([]string(nil), hello.SupportedProtos...)
	c.hello.impostor = impostor
}
