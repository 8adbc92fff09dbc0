package mockpeer

import (
	"golang.org/x/net/http2"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// streamScan names the farm secrets in a stream read in pieces, holding
// no more of it than a chunk and a tail: pieces are gathered up to
// scanChunk and scanned together (a request's few reads cost one scan, and
// a flood of tiny frames no scan each), and the tail of what was scanned is
// carried on, so that a secret split between two chunks, in any form the
// scanner decodes, is found in the tail joined to the next. What is left
// when the stream ends is scanned by flush.
type streamScan struct {
	buf    []byte // the tail already scanned, then what is not yet
	tailed int    // how much of buf is the scanned tail
}

// scanChunk is how much a scan gathers before it scans.
const scanChunk = 4 << 10

// scanTail is how much of a stream is carried to the next chunk: the
// longest textual form of a secret the scan decodes (secrets.overlap).
func scanTail(sec *secrets) int { return sec.overlap() }

// feed takes b, and scans once a chunk has gathered.
func (s *streamScan) feed(sec *secrets, b []byte) []string {
	s.buf = append(s.buf, b...)
	if len(s.buf)-s.tailed < scanChunk {
		return nil
	}
	return s.flush(sec)
}

// flush scans what was gathered and names the secrets found.
func (s *streamScan) flush(sec *secrets) []string {
	if len(s.buf) == s.tailed {
		return nil
	}
	names := sec.presentOnce(string(s.buf))
	keep := min(scanTail(sec), len(s.buf))
	s.tailed = copy(s.buf, s.buf[len(s.buf)-keep:])
	s.buf = s.buf[:s.tailed]
	return names
}

// connCaptureBytes is how much of a connection's stream the journal keeps
// when no handler saw any of it: a request net/http refused, or bytes that
// are not TLS.
const connCaptureBytes = 1 << 10

// streamTap is every byte a client sent past the handshake (or, without
// TLS, at all), as the peer read it: counted, its first bytes kept, every
// byte scanned raw, and, on an HTTP/2 connection, scanned frame by frame
// too (h2Scan), so that a header block's Huffman-coded values and a secret
// split across frames are found.
type streamTap struct {
	sec     *secrets
	raw     streamScan
	bytes   int64
	capture []byte
	// preface is how much of the HTTP/2 client preface the stream began
	// with so far; -1 once it is not HTTP/2.
	preface   int
	h2        *h2Scan
	maxHeader int // the server's bound of a header block, for HPACK strings
	found     []string
	unscanned string // why part of the stream could not be scanned
	// blocks is handed every header block of an HTTP/2 stream once the
	// scan follows one (the gRPC split, grpc_native.go); nil: none is kept.
	blocks       func(*h2Block)
	settingsSent func() bool
}

func (t *streamTap) init(sec *secrets, maxHeader int) {
	t.sec, t.maxHeader = sec, maxHeader
}

func (t *streamTap) note(names []string) { t.found = journal.MergeNames(t.found, names) }

// fail records the first reason a part of the stream went unscanned.
func (t *streamTap) fail(why string) {
	if t.unscanned == "" {
		t.unscanned = why
	}
}

// flush scans what every scan of the stream gathered: the stream ended.
func (t *streamTap) flush() {
	t.note(t.raw.flush(t.sec))
	if h := t.h2; h != nil {
		for _, s := range h.data {
			t.note(s.flush(t.sec))
		}
		for _, s := range h.other {
			t.note(s.flush(t.sec))
		}
	}
}

func (t *streamTap) feed(b []byte) {
	if len(b) == 0 {
		return
	}
	t.bytes += int64(len(b))
	if room := connCaptureBytes - len(t.capture); room > 0 {
		if t.capture == nil {
			t.capture = make([]byte, 0, min(connCaptureBytes, max(len(b), 64)))
		}
		t.capture = append(t.capture, b[:min(room, len(b))]...)
	}
	t.note(t.raw.feed(t.sec, b))
	if t.preface >= 0 && t.h2 == nil {
		n := min(len(b), len(http2.ClientPreface)-t.preface)
		if string(b[:n]) != http2.ClientPreface[t.preface:t.preface+n] {
			t.preface = -1
			return
		}
		t.preface += n
		b = b[n:]
		if t.preface < len(http2.ClientPreface) {
			return
		}
		t.h2 = newH2Scan(t)
		t.h2.blocks, t.h2.settingsSent = t.blocks, t.settingsSent
	}
	if t.h2 != nil {
		t.h2.feed(b)
	}
}
