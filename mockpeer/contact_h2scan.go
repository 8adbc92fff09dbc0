package mockpeer

import (
	"encoding/binary"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

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

	// at is how many bytes past the client preface were fed, frameAt where
	// the current frame began (grpc_native.go cuts the stream there).
	at, frameAt int64
	// blocks, when set, is handed every header block the client sent,
	// decoded, as it ends (the gRPC split, grpc_native.go); block is the
	// one being decoded.
	blocks func(*h2Block)
	block  *h2Block
	// ackAt is where the client's first SETTINGS ACK after settingsSent
	// began (-1: none yet): the ACK of the peer's own server preface.
	ackAt        int64
	settingsSent func() bool
}

func newH2Scan(t *streamTap) *h2Scan {
	h := &h2Scan{t: t, data: map[uint32]*streamScan{}, other: map[byte]*streamScan{}, ackAt: -1}
	h.dec = hpack.NewDecoder(h2HeaderTableSize, func(f hpack.HeaderField) {
		h.t.note(h.t.sec.presentIn(f.Name, f.Value))
		if b := h.block; b != nil {
			b.add(f)
		}
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
			if h.nhead == 0 {
				h.frameAt = h.at
			}
			n := copy(h.head[h.nhead:], b)
			h.nhead += n
			h.at += int64(n)
			b = b[n:]
			if h.nhead == h2FrameHeaderLen {
				h.beginFrame()
			}
			continue
		}
		n := min(uint32(len(b)), h.left)
		h.payload(b[:n])
		b = b[n:]
		h.at += int64(n)
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
	if h.typ == 0x4 && h.flags&0x1 != 0 && h.stream == 0 && h.length == 0 && h.ackAt < 0 && h.settingsSent != nil && h.settingsSent() {
		h.ackAt = h.frameAt
	}
	if h.typ == h2Headers && h.blocks != nil {
		h.block = &h2Block{id: h.stream, endStream: h.flags&h2FlagEndStream != 0}
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
				return
			}
			if b := h.block; b != nil && h.blocks != nil {
				h.block, b.at = nil, h.frameAt
				h.blocks(b)
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
