package mockpeer

import (
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// bodyTap stands between a request body and its handler. It reads the
// body as a stream against the server's cap (never buffering it whole),
// keeps its first bytes for the journal, names the farm secrets anywhere
// in what was read, and lifts the read deadline once the body is done so
// that a stream answered after it is not cut by it.
type bodyTap struct {
	src     io.ReadCloser            // capped by http.MaxBytesReader
	capture []byte                   // the first captureBytes of the body
	pending []byte                   // what of the capture the handler has not read yet
	limit   int                      // capture size
	cut     bool                     // the body went on past the capture
	err     error                    // first error of src, io.EOF included
	lift    *http.ResponseController // lifts the read deadline when src ends; nil when none was set

	secrets *secrets
	// tail is the end of the last text scanned, for a secret split across
	// reads: a substring of that text, so keeping it copies nothing.
	tail  string
	found []string // names of the secrets seen
	// text is the capture as a string when one read filled it, the text
	// its scan made: the journal takes it instead of converting again.
	text string
	// packed keeps the whole of a compressed body (Content-Encoding, or a
	// stream's magic at its start), to be inflated once it is read: read
	// by read, a stream cannot be. The body cap bounds it. nil otherwise.
	packed   []byte
	deflated bool // Content-Encoding says deflate, which may be raw
}

// tapBody wraps r.Body: capped at l.MaxBodyBytes, its read deadline set
// through rc (w's controller, shared with the recorder), and the
// first limit bytes read at once so that the journal has them whatever
// the handler does with the rest. t is the request's tap, zero, in storage
// the caller allocated with the rest of the request's state.
func tapBody(t *bodyTap, w http.ResponseWriter, rc *http.ResponseController, r *http.Request, l ServerLimits, limit int, s *secrets) {
	t.limit, t.secrets = limit, s
	if r.Body == nil || r.Body == http.NoBody {
		t.err = io.EOF
		return
	}
	if rc.SetReadDeadline(time.Now().Add(l.ReadTimeout)) == nil {
		t.lift = rc
	}
	t.src = http.MaxBytesReader(w, r.Body, l.MaxBodyBytes)
	// A declared length sizes the capture at once (one spare byte to see
	// the end in the same read); otherwise it starts small and grows.
	size := 4 << 10
	if r.ContentLength >= 0 {
		size = int(min(r.ContentLength+1, int64(limit)))
	}
	t.capture = make([]byte, 0, min(size, limit))
	t.deflated = journal.DeflatedBody(r.Header)
	if r.Header.Get("Content-Encoding") != "" {
		t.packed = []byte{}
	}
	t.fill()
	r.Body = t
}

// fill reads until the capture is full or the body ends, straight into
// the capture: no buffer per request besides it.
func (t *bodyTap) fill() {
	for t.err == nil && len(t.capture) < t.limit {
		if len(t.capture) == cap(t.capture) {
			t.capture = slices.Grow(t.capture, min(max(cap(t.capture), 512), t.limit-len(t.capture)))
		}
		start := len(t.capture)
		n, err := t.src.Read(t.capture[start:min(cap(t.capture), t.limit)])
		t.capture = t.capture[:start+n]
		if text := t.scan(t.capture[start:]); start == 0 {
			t.text = text // nothing carried over: text is the capture so far
		} else {
			t.text = "" // the capture has grown past the one read's text
		}
		t.fail(err)
	}
	if t.packed == nil && startsStream(t.capture) {
		t.packed = []byte{}
	}
	if t.packed != nil {
		t.packed = append(t.packed, t.capture...)
	}
	t.pending = t.capture
}

// startsStream: a compressed stream begins in the first bytes of b (a
// gRPC message's starts after a 5-byte frame header).
func startsStream(b []byte) bool {
	for i := range min(len(b), 16) {
		if journal.StreamAt(b, i) {
			return true
		}
	}
	return false
}

// WholeBody hands over the capture when it is the whole body and none of
// it was read yet (agent.WholeBody): the protocol layer then reads no copy.
func (t *bodyTap) WholeBody() ([]byte, bool) {
	if t.err != io.EOF || t.cut || len(t.pending) != len(t.capture) {
		return nil, false
	}
	t.pending = nil
	return t.capture[:len(t.capture):len(t.capture)], true
}

// Read replays the capture, then reads on from the body.
func (t *bodyTap) Read(p []byte) (int, error) {
	if len(t.pending) > 0 {
		n := copy(p, t.pending)
		t.pending = t.pending[n:]
		return n, nil
	}
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.src.Read(p)
	if n > 0 {
		t.cut = true
		t.scan(p[:n])
		if t.packed != nil {
			t.packed = append(t.packed, p[:n]...)
		}
	}
	t.fail(err)
	return n, err
}

// fail records the first error. Only a complete body lifts the read
// deadline: after a failed read net/http may still read what is left to
// discard it, and a client that stalled must not hold it there forever.
func (t *bodyTap) fail(err error) {
	if err != nil && t.err == nil {
		t.err = err
		if err == io.EOF && t.lift != nil {
			_ = t.lift.SetReadDeadline(time.Time{})
		}
	}
}

func (t *bodyTap) Close() error {
	if t.src == nil {
		return nil
	}
	return t.src.Close()
}

// scan names the secrets in b, in any form the scan finds, and in one
// split between this read and the last (overlap). It returns the text it
// scanned: the tail carried over, then b.
func (t *bodyTap) scan(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	var text string
	if len(t.tail) == 0 {
		text = string(b) // the first read: nothing carried over
	} else {
		text = t.tail + string(b)
	}
	t.found = journal.MergeNames(t.found, t.secrets.presentIn(text))
	t.tail = text[max(len(text)-t.secrets.overlap(), 0):]
	return text
}

// journalAs makes text, cut to the capture limit, what the journal takes
// as the body, in place of the bytes read (a gRPC call's transcript for
// its binary frames); the secrets were named from those bytes as they
// were read. The text one read made goes with them: captured must never
// answer it for the new capture, even one of the same length.
func (t *bodyTap) journalAs(text string) {
	kept := text[:min(len(text), t.limit)]
	t.capture, t.text = []byte(kept), kept
	t.cut = len(text) > t.limit
}

// presented names the secrets the body held: found as it streamed by, and
// in what a compressed body inflates to. The journal's capture is scanned
// again when its exchange is sealed.
func (t *bodyTap) presented() []string {
	if t.packed == nil {
		return t.found
	}
	res := t.secrets.current().Scan(string(t.packed), t.deflated)
	return journal.MergeNames(t.found, res.Names())
}

// captured is the body as the journal sees it, and whether it went on past it.
func (t *bodyTap) captured() (string, bool) {
	// A handler that stopped early left the rest unread: the capture was
	// full, so the body may have gone on.
	cut := t.cut || (len(t.capture) >= t.limit && t.err == nil)
	if len(t.text) == len(t.capture) {
		// One read made the capture, and the tap never writes over what it
		// read: the scanned text is these bytes, as the client sent them.
		return t.text, cut
	}
	return string(t.capture), cut
}
