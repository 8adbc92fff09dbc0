package mockpeer

import (
	"encoding/binary"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
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
// longest secret in its longest encoding (JSON \u escapes, six bytes a
// byte), and some.
func scanTail(sec *secrets) int { return 8 * sec.longest() }

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
	names := sec.presentIn(string(s.buf))
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
}

func (t *streamTap) init(sec *secrets, maxHeader int) {
	t.sec, t.maxHeader = sec, maxHeader
}

func (t *streamTap) note(names []string) { t.found = mergeNames(t.found, names) }

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
	}
	if t.h2 != nil {
		t.h2.feed(b)
	}
}

// HTTP/2 frame types and flags the scan needs (RFC 9113 §6).
const (
	h2Data         = byte(http2.FrameData)
	h2Headers      = byte(http2.FrameHeaders)
	h2RSTStream    = byte(http2.FrameRSTStream)
	h2PushPromise  = byte(http2.FramePushPromise)
	h2Continuation = byte(http2.FrameContinuation)

	h2FlagEndStream  = byte(http2.FlagDataEndStream)
	h2FlagEndHeaders = byte(http2.FlagHeadersEndHeaders)
	h2FlagPadded     = byte(http2.FlagHeadersPadded)
	h2FlagPriority   = byte(http2.FlagHeadersPriority)

	h2FrameHeaderLen = 9
	// h2MaxStreams bounds the DATA scans of streams left open at once;
	// past it the rest goes unscanned (the server allows 250 by default).
	h2MaxStreams = 1000
	// h2HeaderTableSize is the HPACK table size the peer's server
	// advertises (net/http's default, SETTINGS_HEADER_TABLE_SIZE).
	h2HeaderTableSize = 4096
)

// h2Scan follows an HTTP/2 connection's frames as they stream by, without
// buffering one whole: header block fragments go to an HPACK decoder that
// mirrors the server's, so every header field is scanned as the server
// decoded it; DATA payloads are scanned per stream, padding aside, and
// every other frame type's payloads as one stream per type (PING,
// GOAWAY's debug data, SETTINGS, unknown types...). A frame sequence the
// scan cannot follow marks the stream unscanned: the checks fail closed.
type h2Scan struct {
	t *streamTap

	head  [h2FrameHeaderLen]byte
	nhead int

	typ, flags byte
	stream     uint32
	length     uint32 // of the current frame's payload
	pos        uint32 // how much of it came
	left       uint32 // how much of it is still to come
	prefix     uint32 // its prefix: pad length, priority
	padded     bool   // its first byte is the pad length
	padLen     uint32 // the padding at its end, once read
	inBlock    bool   // a header block awaits its CONTINUATION

	dec   *hpack.Decoder
	data  map[uint32]*streamScan
	other map[byte]*streamScan
	dead  bool // a frame the scan cannot follow: the rest is scanned raw only
}

func newH2Scan(t *streamTap) *h2Scan {
	h := &h2Scan{t: t, data: map[uint32]*streamScan{}, other: map[byte]*streamScan{}}
	h.dec = hpack.NewDecoder(h2HeaderTableSize, func(f hpack.HeaderField) {
		h.t.note(h.t.sec.presentIn(f.Name, f.Value))
	})
	h.dec.SetMaxStringLength(t.maxHeader)
	return h
}

func (h *h2Scan) fail(why string) {
	h.dead = true
	h.t.fail("HTTP/2: " + why)
}

func (h *h2Scan) feed(b []byte) {
	for len(b) > 0 && !h.dead {
		if h.nhead < h2FrameHeaderLen {
			n := copy(h.head[h.nhead:], b)
			h.nhead += n
			b = b[n:]
			if h.nhead == h2FrameHeaderLen {
				h.beginFrame()
			}
			continue
		}
		n := min(uint32(len(b)), h.left)
		h.payload(b[:n])
		b = b[n:]
		h.left -= n
		if h.left == 0 {
			h.endFrame()
		}
	}
}

// beginFrame reads a frame header and works out the payload's layout.
func (h *h2Scan) beginFrame() {
	hd := h.head[:]
	h.length = uint32(hd[0])<<16 | uint32(hd[1])<<8 | uint32(hd[2])
	h.left, h.pos = h.length, 0
	h.typ, h.flags = hd[3], hd[4]
	h.stream = binary.BigEndian.Uint32(hd[5:]) & (1<<31 - 1)
	switch {
	case h.inBlock && h.typ != h2Continuation:
		h.fail("a header block interrupted by another frame")
		return
	case !h.inBlock && h.typ == h2Continuation:
		h.fail("a CONTINUATION frame without a header block to continue")
		return
	case h.typ == h2PushPromise:
		h.fail("a PUSH_PROMISE frame, which a client never sends: its header block is not decoded")
		return
	}
	h.padded = (h.typ == h2Data || h.typ == h2Headers) && h.flags&h2FlagPadded != 0
	h.prefix, h.padLen = 0, 0
	if h.padded {
		h.prefix = 1
	}
	if h.typ == h2Headers && h.flags&h2FlagPriority != 0 {
		h.prefix += 5
	}
	if h.prefix > h.length {
		h.fail("a frame shorter than its own prefix")
		return
	}
	if h.length == 0 {
		h.endFrame()
	}
}

// payload takes the next bytes of the current frame's payload: what of
// them lies between the prefix and the padding is content. Prefix and
// padding are scanned raw, like every byte.
func (h *h2Scan) payload(b []byte) {
	start := h.pos
	h.pos += uint32(len(b))
	if h.padded && start == 0 {
		h.padLen = uint32(b[0])
		if h.padLen > h.length-h.prefix {
			h.fail("padding longer than the frame")
			return
		}
	}
	lo, hi := max(start, h.prefix), min(h.pos, h.length-h.padLen)
	if lo < hi {
		h.content(b[lo-start : hi-start])
	}
}

// content is the frame's payload past its prefix and before its padding.
func (h *h2Scan) content(b []byte) {
	if len(b) == 0 {
		return
	}
	switch h.typ {
	case h2Headers, h2Continuation:
		if _, err := h.dec.Write(b); err != nil {
			h.fail("a header block that does not decode: " + err.Error())
		}
	case h2Data:
		s := h.data[h.stream]
		if s == nil {
			if len(h.data) >= h2MaxStreams {
				h.fail("more streams open at once than the scan follows")
				return
			}
			s = &streamScan{}
			h.data[h.stream] = s
		}
		h.t.note(s.feed(h.t.sec, b))
	default:
		s := h.other[h.typ]
		if s == nil {
			s = &streamScan{}
			h.other[h.typ] = s
		}
		h.t.note(s.feed(h.t.sec, b))
	}
}

// endFrame ends a header block or a stream at the end of its frame.
func (h *h2Scan) endFrame() {
	h.nhead = 0
	if h.dead {
		return
	}
	switch h.typ {
	case h2Headers, h2Continuation:
		h.inBlock = h.flags&h2FlagEndHeaders == 0
		if !h.inBlock {
			if err := h.dec.Close(); err != nil {
				h.fail("a header block that does not decode: " + err.Error())
			}
		}
	case h2Data:
		if h.flags&h2FlagEndStream != 0 {
			h.endStream(h.stream)
		}
	case h2RSTStream:
		h.endStream(h.stream)
	}
}

// endStream scans what is left of a stream's DATA and forgets the stream.
func (h *h2Scan) endStream(id uint32) {
	if s := h.data[id]; s != nil {
		h.t.note(s.flush(h.t.sec))
		delete(h.data, id)
	}
}
