package mockpeer

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The HTTP/2 ways a client can reveal a token, both ways: frames the
// connection's scan follows as they stream by.

// h2Client negotiates h2 and writes the preface and settings.
func h2Client(t *testing.T, f *Farm, p *Peer) (net.Conn, *http2.Framer) {
	t.Helper()
	c := dialPeer(t, f, p, "h2")
	return c, h2Conn(t, c)
}

// drainFrames reads frames until the peer ends the connection, or until
// stop says the frame read is the last one wanted.
func drainFrames(t *testing.T, fr *http2.Framer, stop func(http2.Frame) bool) {
	t.Helper()
	for {
		fm, err := fr.ReadFrame()
		if err != nil {
			if !errors.Is(err, io.EOF) && !strings.Contains(err.Error(), "reset") && !strings.Contains(err.Error(), "closed") {
				t.Logf("read: %v", err)
			}
			return
		}
		if stop != nil && stop(fm) {
			return
		}
	}
}

func TestContactGoAwayDebugData(t *testing.T) {
	for _, leaked := range []bool{true, false} {
		f, p, token := unparsedFarm(t, false)
		c, fr := h2Client(t, f, p)
		value := map[bool]string{true: token, false: "bye"}[leaked]
		if err := fr.WriteGoAway(0, http2.ErrCodeNo, []byte(value)); err != nil {
			t.Fatal(err)
		}
		drainFrames(t, fr, nil)
		c.Close()
		all := settled(t, f)
		e := theConnection(t, all)
		wantCredential(t, e, leaked)
		if !e.Conn.HTTP2 || e.Conn.Unscanned != "" {
			t.Errorf("journaled %s", e.Line())
		}
		noToken(t, all, token)
	}
}

// A token spelled across PING payloads, eight bytes each, is found: the
// payloads of a frame type are scanned as one stream.
func TestContactPingPayloads(t *testing.T) {
	for _, leaked := range []bool{true, false} {
		f, p, token := unparsedFarm(t, false)
		c, fr := h2Client(t, f, p)
		value := map[bool]string{true: token, false: strings.Repeat("p", len(token))}[leaked]
		var last [8]byte
		for rest := value; rest != ""; {
			n := copy(last[:], rest)
			rest = rest[n:]
			if err := fr.WritePing(false, last); err != nil {
				t.Fatal(err)
			}
		}
		drainFrames(t, fr, func(fm http2.Frame) bool {
			pf, ok := fm.(*http2.PingFrame)
			return ok && pf.IsAck() && pf.Data == last
		})
		c.Close()
		all := settled(t, f)
		wantCredential(t, theConnection(t, all), leaked)
		noToken(t, all, token)
	}
}

// A header value Huffman-coded, its block split over HEADERS and
// CONTINUATION, is found as the server decodes it; so is a body split
// over DATA frames, padding between.
func TestContactHTTP2Frames(t *testing.T) {
	for _, where := range []string{"header", "data"} {
		for _, leaked := range []bool{true, false} {
			t.Run(where+map[bool]string{true: "/token", false: "/harmless"}[leaked], func(t *testing.T) {
				f, p, token := unparsedFarm(t, false)
				c, fr := h2Client(t, f, p)
				value := map[bool]string{true: token, false: strings.Repeat("v", len(token))}[leaked]
				u, _ := url.Parse(p.Origin())
				var hb bytes.Buffer
				enc := hpack.NewEncoder(&hb)
				fields := [][2]string{{":method", "POST"}, {":scheme", "https"}, {":authority", u.Host}, {":path", "/nowhere"}}
				if where == "header" {
					fields = append(fields, [2]string{"x-trace", value})
				}
				for _, hf := range fields {
					_ = enc.WriteField(hpack.HeaderField{Name: hf[0], Value: hf[1]})
				}
				block := hb.Bytes()
				if where == "header" && bytes.Contains(block, []byte(value)) {
					t.Fatal("the encoder did not Huffman-code the value: the test would prove nothing")
				}
				half := len(block) / 2
				if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: block[:half]}); err != nil {
					t.Fatal(err)
				}
				if err := fr.WriteContinuation(1, true, block[half:]); err != nil {
					t.Fatal(err)
				}
				body := []byte(map[string]string{"header": "{}", "data": value}[where])
				cut := len(body) / 2
				_ = fr.WriteDataPadded(1, false, body[:cut], make([]byte, 7))
				_ = fr.WriteDataPadded(1, true, body[cut:], nil)
				drainFrames(t, fr, func(fm http2.Frame) bool {
					return fm.Header().StreamID == 1 && (fm.Header().Type == http2.FrameRSTStream || fm.Header().Flags.Has(http2.FlagDataEndStream))
				})
				c.Close()
				all := settled(t, f)
				e := theConnection(t, all)
				wantCredential(t, e, leaked)
				if e.Conn.Unscanned != "" || e.Conn.Requests != 1 {
					t.Errorf("journaled %s", e.Line())
				}
				noToken(t, all, token)
			})
		}
	}
}

// A frame sequence the scan cannot follow is journaled as unscanned: the
// checks fail closed on it.
func TestContactHTTP2Unscanned(t *testing.T) {
	for _, broken := range []bool{true, false} {
		f, p, _ := unparsedFarm(t, false)
		c, fr := h2Client(t, f, p)
		if broken {
			_ = fr.WriteContinuation(1, true, []byte{0x82})
		} else {
			_ = fr.WritePing(false, [8]byte{1})
		}
		drainFrames(t, fr, func(fm http2.Frame) bool { _, ok := fm.(*http2.PingFrame); return ok })
		c.Close()
		e := theConnection(t, settled(t, f))
		if broken != strings.Contains(e.Conn.Unscanned, "CONTINUATION") {
			t.Errorf("broken %v: journaled %s", broken, e.Line())
		}
	}
}

// Over TLS the peer speaks what ALPN chose, as net/http's ServeTLS does:
// HTTP/1 after h2 was negotiated, or the HTTP/2 preface after http/1.1,
// gets no answer; what was sent is counted and scanned all the same.
func TestContactSpeaksWhatALPNChose(t *testing.T) {
	for _, tc := range []struct {
		proto, send string
		served      bool
	}{
		{"h2", "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\n\r\n", false},
		{"http/1.1", http2.ClientPreface, false},
		{"http/1.1", "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\nConnection: close\r\n\r\n", true},
	} {
		f, p, token := unparsedFarm(t, false)
		c := dialPeer(t, f, p, tc.proto)
		io.WriteString(c, strings.ReplaceAll(tc.send, "TOKEN", token))
		if got := readAll(t, c); strings.HasPrefix(got, "HTTP/1.1 ") != tc.served {
			t.Errorf("%s, then %.20q: answered %q, want served %v", tc.proto, tc.send, got, tc.served)
		}
		e := theConnection(t, settled(t, f))
		if !e.Conn.Request() || e.Conn.Bytes != int64(len(strings.ReplaceAll(tc.send, "TOKEN", token))) ||
			strings.Contains(tc.send, "TOKEN") != slices.Contains(e.Auth.Presented, journal.CredBearer) {
			t.Errorf("%s: journaled %s", tc.proto, e.Line())
		}
	}
}
