package mockpeer

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A request net/http refuses before any handler is contact all the same:
// its connection is journaled (RouteConnection) with every byte counted and
// scanned, on plain HTTP and TLS alike, and the token it carried is named
// and never journaled.

// unparsedFarm starts a one-peer farm, plain or TLS, granting a bearer.
func unparsedFarm(t *testing.T, plain bool) (*Farm, *Peer, string) {
	t.Helper()
	f := startFarm(t, FarmSpec{PlainHTTP: plain,
		Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	return f, f.Peer("A"), f.Credentials(Grants{Bearer: true}).BearerToken
}

// dialPeer opens a raw connection to the peer: TLS (HTTP/1.1, or what
// protos says) unless the farm is plain.
func dialPeer(t *testing.T, f *Farm, p *Peer, protos ...string) net.Conn {
	t.Helper()
	u, _ := url.Parse(p.Origin())
	c, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(hostileWait))
	if u.Scheme == "http" {
		return c
	}
	pool := farmRoots(f)
	if len(protos) == 0 {
		protos = []string{"http/1.1"}
	}
	tc := tls.Client(c, &tls.Config{RootCAs: pool, ServerName: u.Hostname(), NextProtos: protos})
	if err := tc.Handshake(); err != nil {
		t.Fatal(err)
	}
	return tc
}

// settled closes the farm, which waits for every connection to be done
// with (and so journaled), and returns the journal.
func settled(t *testing.T, f *Farm) []journal.Exchange {
	t.Helper()
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return f.Journal().All()
}

// unparsed are the connections that carried a credential.
func unparsed(all []journal.Exchange) []journal.Exchange {
	var out []journal.Exchange
	for _, e := range all {
		if e.Route == journal.RouteConnection && e.Conn.Request() && len(e.Auth.Presented) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// wantUnparsed checks the journal holds exactly one connection at A that
// carried a request and the token, named among its credentials, and no
// trace of the token anywhere.
func wantUnparsed(t *testing.T, all []journal.Exchange, token string) {
	t.Helper()
	got := unparsed(all)
	if len(got) != 1 {
		t.Fatalf("%d connections with a request no handler saw in %v, want 1", len(got), lines(all))
	}
	e := got[0]
	if e.Peer != "A" || e.Method != "" || e.Path != "" || !slices.Equal(e.Auth.Presented, []string{journal.CredBearer}) ||
		e.Header.Get("X-Remote-Addr") == "" || e.Conn.Remote != e.Header.Get("X-Remote-Addr") {
		t.Errorf("journaled %+v", e)
	}
	noToken(t, all, token)
}

// noToken fails if token is anywhere in the journal's JSON or lines.
func noToken(t *testing.T, all []journal.Exchange, token string) {
	t.Helper()
	for _, e := range all {
		raw, _ := json.Marshal(e)
		if strings.Contains(e.Line()+string(raw), token) {
			t.Errorf("the token is in the journal: %s", raw)
		}
	}
}

func lines(all []journal.Exchange) []string {
	var out []string
	for _, e := range all {
		out = append(out, e.Line())
	}
	return out
}

func malformed(p *Peer, token string) string {
	u, _ := url.Parse(p.Origin())
	return "POST " + JSONRPCPath + " HTTP/1.1\r\nHost: " + u.Host + "\r\nAuthorization: Bearer " + token +
		"\r\nthis line is not a header\r\n\r\n"
}

func cardRequest(p *Peer) string {
	u, _ := url.Parse(p.Origin())
	return "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: " + u.Host + "\r\n\r\n"
}

// readAll reads what the peer answers until it closes the connection.
func readAll(t *testing.T, c io.Reader) string {
	t.Helper()
	b, _ := io.ReadAll(c)
	return string(b)
}

func TestUnparsedMalformedHTTP1(t *testing.T) {
	for _, plain := range []bool{false, true} {
		t.Run(map[bool]string{false: "tls", true: "plain"}[plain], func(t *testing.T) {
			f, p, token := unparsedFarm(t, plain)
			c := dialPeer(t, f, p)
			io.WriteString(c, malformed(p, token))
			if got := readAll(t, c); !strings.HasPrefix(got, "HTTP/1.1 400 ") {
				t.Fatalf("answered %q", got)
			}
			wantUnparsed(t, settled(t, f), token)
		})
	}
}

// A request cut off mid-header, after its token, the client closing its end.
func TestUnparsedCutOff(t *testing.T) {
	for _, plain := range []bool{false, true} {
		t.Run(map[bool]string{false: "tls", true: "plain"}[plain], func(t *testing.T) {
			f, p, token := unparsedFarm(t, plain)
			c := dialPeer(t, f, p)
			whole := malformed(p, token)
			io.WriteString(c, whole[:strings.Index(whole, "this line")])
			closeWrite(c)
			readAll(t, c)
			wantUnparsed(t, settled(t, f), token)
		})
	}
}

func closeWrite(c net.Conn) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
}

// After a request that parsed, net/http peeks at the next one before it
// reads it: a refused request whose bytes all came with the peek, or
// behind the last request, sets no StateActive. It is journaled all the
// same, and the request before it as usual.
func TestUnparsedAfterKeepAlive(t *testing.T) {
	for _, plain := range []bool{false, true} {
		for _, pipelined := range []bool{false, true} {
			name := map[bool]string{false: "tls", true: "plain"}[plain] + map[bool]string{false: "/next", true: "/pipelined"}[pipelined]
			t.Run(name, func(t *testing.T) {
				f, p, token := unparsedFarm(t, plain)
				c := dialPeer(t, f, p)
				br := bufio.NewReader(c)
				if pipelined {
					io.WriteString(c, cardRequest(p)+malformed(p, token))
				} else {
					io.WriteString(c, cardRequest(p))
					resp, err := http.ReadResponse(br, nil)
					if err != nil || resp.StatusCode != http.StatusOK {
						t.Fatalf("card: %v", err)
					}
					io.Copy(io.Discard, resp.Body)
					io.WriteString(c, malformed(p, token))
				}
				if got := readAll(t, br); !strings.Contains(got, "HTTP/1.1 400 ") {
					t.Fatalf("answered %q", got)
				}
				all := settled(t, f)
				wantUnparsed(t, all, token)
				if len(all) != 2 || all[0].Route != journal.RouteConnection || all[1].Route != journal.RouteCard || len(all[1].Auth.Presented) > 0 {
					t.Errorf("journal %v, want the connection, then the card request on it", lines(all))
				}
			})
		}
	}
}

// Expect: with anything but 100-continue is answered 417 by net/http,
// before any handler.
func TestUnparsedExpectation(t *testing.T) {
	f, p, token := unparsedFarm(t, false)
	c := dialPeer(t, f, p)
	req := strings.Replace(malformed(p, token), "this line is not a header", "Expect: a-miracle", 1)
	io.WriteString(c, req)
	if got := readAll(t, c); !strings.HasPrefix(got, "HTTP/1.1 417 ") {
		t.Fatalf("answered %q", got)
	}
	wantUnparsed(t, settled(t, f), token)
}

// Plain HTTP on the TLS port never reaches net/http's HTTP/1 reader, but
// the request was written there.
func TestUnparsedPlainOnTLSPort(t *testing.T) {
	f, p, token := unparsedFarm(t, false)
	u, _ := url.Parse(p.Origin())
	c, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(hostileWait))
	io.WriteString(c, strings.Replace(malformed(p, token), "this line is not a header\r\n", "", 1))
	readAll(t, c)
	wantUnparsed(t, settled(t, f), token)
}

// Normal traffic journals no unparsed request: many requests on one
// keep-alive connection, HTTP/1.1 and HTTP/2, closed by the client.
func TestUnparsedNoneOnKeepAlive(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plain bool
		h2    bool
	}{{"tls-http1", false, false}, {"tls-h2", false, true}, {"plain", true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			f, p, _ := unparsedFarm(t, tc.plain)
			var client *http.Client
			if tc.plain {
				tr := &http.Transport{}
				client = &http.Client{Transport: tr, Timeout: 10 * time.Second}
				t.Cleanup(tr.CloseIdleConnections)
			} else {
				client = httpsClient(t, f, false)
				client.Transport.(*http.Transport).ForceAttemptHTTP2 = tc.h2
				if !tc.h2 {
					client.Transport.(*http.Transport).TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
				}
			}
			const n = 20
			for range n {
				resp, err := client.Get(p.CardURL())
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if (resp.ProtoMajor == 2) != tc.h2 {
					t.Fatalf("served over %s", resp.Proto)
				}
			}
			client.Transport.(*http.Transport).CloseIdleConnections()
			all := settled(t, f)
			if len(all) != n+1 || all[0].Route != journal.RouteConnection || all[0].Conn.Requests != n || len(unparsed(all)) != 0 {
				t.Errorf("journal %v, want one connection and %d card requests on it", lines(all), n)
			}
		})
	}
}

// An HTTP/2 stream whose headers net/http refuses is opened and ended
// without a handler: reset (no :path), or answered 400 by net/http's own
// handler (a connection-specific header).
func TestUnparsedHTTP2Stream(t *testing.T) {
	for _, tc := range []struct {
		name string
		drop string
		add  [2]string
	}{{"no-path", ":path", [2]string{}}, {"connection-header", "", [2]string{"connection", "keep-alive"}}} {
		t.Run(tc.name, func(t *testing.T) {
			f, p, token := unparsedFarm(t, false)
			c := dialPeer(t, f, p, "h2")
			fr := h2Conn(t, c)
			u, _ := url.Parse(p.Origin())
			var hb bytes.Buffer
			enc := hpack.NewEncoder(&hb)
			for _, hf := range [][2]string{{":method", "POST"}, {":scheme", "https"}, {":authority", u.Host},
				{":path", JSONRPCPath}, {"authorization", "Bearer " + token}, tc.add} {
				if hf[0] != "" && hf[0] != tc.drop {
					_ = enc.WriteField(hpack.HeaderField{Name: hf[0], Value: hf[1]})
				}
			}
			err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: hb.Bytes(), EndStream: true, EndHeaders: true})
			if err != nil {
				t.Fatal(err)
			}
			for ended := false; !ended; {
				fm, err := fr.ReadFrame()
				if err != nil {
					t.Fatalf("the stream did not end: %v", err)
				}
				ended = fm.Header().StreamID == 1 && (fm.Header().Type == http2.FrameRSTStream || fm.Header().Flags.Has(http2.FlagDataEndStream))
			}
			c.Close()
			wantUnparsed(t, settled(t, f), token)
		})
	}
}

// h2Conn writes the client preface and settings, and returns the framer.
func h2Conn(t *testing.T, c net.Conn) *http2.Framer {
	t.Helper()
	if _, err := io.WriteString(c, http2.ClientPreface); err != nil {
		t.Fatal(err)
	}
	fr := http2.NewFramer(c, c)
	if err := fr.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	return fr
}

// HTTP/2 negotiated, then an HTTP/1 request instead of the preface.
func TestUnparsedHTTP2Preface(t *testing.T) {
	f, p, token := unparsedFarm(t, false)
	c := dialPeer(t, f, p, "h2")
	io.WriteString(c, malformed(p, token))
	readAll(t, c)
	wantUnparsed(t, settled(t, f), token)
}

// A client that completes the handshake with the impostor and writes a
// request net/http refuses did not hang up on the certificate: it is
// journaled as an unparsed request, and as no refusal.
func TestUnparsedAtImpostorIsNoRefusal(t *testing.T) {
	f, p, token := unparsedFarm(t, false)
	if err := p.PresentImpostor(); err != nil {
		t.Fatal(err)
	}
	c, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"http/1.1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, malformed(p, token))
	readAll(t, c)
	all := settled(t, f)
	wantUnparsed(t, all, token)
	if len(all) != 1 || all[0].HandshakeRefusedByClient() {
		t.Errorf("journal %v, want the connection alone, no refusal", lines(all))
	}
}

// A request begun after one that parsed, then left unfinished until
// ReadHeaderTimeout, shows in its connection's bytes, which count every
// byte sent, and so does a connection left idle until IdleTimeout, which
// shows the card request's bytes alone. Half a token is no credential.
func TestUnparsedStalledAfterKeepAlive(t *testing.T) {
	for _, plain := range []bool{false, true} {
		for _, stall := range []bool{false, true} {
			name := map[bool]string{false: "tls", true: "plain"}[plain] + map[bool]string{false: "/idle", true: "/stalled"}[stall]
			t.Run(name, func(t *testing.T) {
				f := startFarm(t, FarmSpec{PlainHTTP: plain, Limits: shortLimits(),
					Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
				p, token := f.Peer("A"), f.Credentials(Grants{Bearer: true}).BearerToken
				c := dialPeer(t, f, p)
				br := bufio.NewReader(c)
				sent := cardRequest(p)
				io.WriteString(c, sent)
				resp, err := http.ReadResponse(br, nil)
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Fatalf("card: %v", err)
				}
				io.Copy(io.Discard, resp.Body)
				if stall {
					whole := malformed(p, token)
					io.WriteString(c, whole[:strings.Index(whole, "Bearer ")+10])
					sent += whole[:strings.Index(whole, "Bearer ")+10]
				}
				readAll(t, br) // until the peer's timeout closes the connection
				all := settled(t, f)
				if len(all) != 2 || all[0].Route != journal.RouteConnection || all[0].Conn.Bytes != int64(len(sent)) ||
					all[0].Conn.Requests != 1 || len(all[0].Auth.Presented) != 0 || all[0].Conn.EndedBy != journal.EndedByPeer {
					t.Errorf("journal %v, want the connection of %d bytes, then the card request", lines(all), len(sent))
				}
			})
		}
	}
}
