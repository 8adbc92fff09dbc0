package mockpeer

import (
	"bytes"
	"encoding/binary"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// grpcHeaders are the header fields of a gRPC GetTask call to p, then
// extra, encoded with enc.
func grpcBlock(t *testing.T, enc *hpack.Encoder, buf *bytes.Buffer, p *Peer, fields ...string) []byte {
	t.Helper()
	u, _ := url.Parse(p.Origin())
	buf.Reset()
	all := append([]string{":method", "POST", ":scheme", "https", ":path", "/lf.a2a.v1.A2AService/GetTask",
		":authority", u.Host, "content-type", "application/grpc", "te", "trailers", "a2a-version", "1.0"}, fields...)
	for i := 0; i < len(all); i += 2 {
		if err := enc.WriteField(hpack.HeaderField{Name: all[i], Value: all[i+1]}); err != nil {
			t.Fatal(err)
		}
	}
	return bytes.Clone(buf.Bytes())
}

// replace sets the value of name in fields (name, value pairs), or adds it.
func replace(fields []string, name, value string) []string {
	for i := 0; i < len(fields); i += 2 {
		if fields[i] == name {
			fields[i+1] = value
			return fields
		}
	}
	return append(fields, name, value)
}

// grpcMessage is req as one length-prefixed gRPC message.
func grpcMessage(t *testing.T, req proto.Message) []byte {
	t.Helper()
	b, err := proto.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 5, 5+len(b))
	binary.BigEndian.PutUint32(out[1:], uint32(len(b)))
	return append(out, b...)
}

// nativeGetTask makes a gRPC GetTask on stream 1 of a raw HTTP/2
// connection, answering the peer's settings, and reads until its end: the
// connection is then the peer's grpc.Server's.
func nativeGetTask(t *testing.T, f *Farm, p *Peer) (net.Conn, *http2.Framer, *hpack.Encoder, *bytes.Buffer) {
	t.Helper()
	c, fr := h2Client(t, f, p)
	var buf bytes.Buffer
	enc := hpack.NewEncoder(&buf)
	block := grpcBlock(t, enc, &buf, p)
	if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: block, EndHeaders: true}); err != nil {
		t.Fatal(err)
	}
	if err := fr.WriteData(1, true, grpcMessage(t, &grpcpb.GetTaskRequest{Id: "no-such-task"})); err != nil {
		t.Fatal(err)
	}
	ended := false
	drainFrames(t, fr, func(fm http2.Frame) bool {
		switch fm := fm.(type) {
		case *http2.SettingsFrame:
			if !fm.IsAck() {
				// The ACK in two writes, two TLS records: the peer may
				// read its frame header in two pieces (elideAck).
				ack := []byte{0, 0, 0, 0x4, 0x1, 0, 0, 0, 0}
				_, _ = c.Write(ack[:5])
				_, _ = c.Write(ack[5:])
			}
		case *http2.HeadersFrame:
			ended = fm.StreamID == 1 && fm.StreamEnded()
		case *http2.DataFrame:
			ended = fm.StreamID == 1 && fm.StreamEnded()
		}
		return ended
	})
	if !ended {
		t.Fatal("the gRPC call on stream 1 got no answer")
	}
	if p.native.Load() == nil {
		t.Fatal("the gRPC connection did not go to the peer's grpc.Server")
	}
	return c, fr, enc, &buf
}

// wantWholeJournal checks the journal's seqs run 1..n without a gap.
func wantWholeJournal(t *testing.T, all []journal.Exchange) {
	t.Helper()
	seqs := make([]int64, 0, len(all))
	for _, e := range all {
		seqs = append(seqs, e.Seq)
	}
	slices.Sort(seqs)
	for i, s := range seqs {
		if s != int64(i+1) {
			t.Fatalf("journal seqs %v skip %d", seqs, i+1)
		}
	}
}

// On a connection the gRPC split handed to the peer's grpc.Server, a
// request grpc-go would answer itself, before any handler, never reaches
// it: the peer ends the connection there and journals the request, whole
// headers and credentials, with the call before it and the connection.
func TestGRPCNativeHostileStreamsJournaled(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stream uint32
		fields func(token string) []string
		method string
		why    string
	}{
		{"not gRPC", 3, func(tok string) []string {
			return []string{":method", "GET", ":path", "/.well-known/agent-card.json", "content-type", "text/plain", "authorization", "Bearer " + tok}
		}, "GET", "not POST"},
		{"wrong method", 3, func(tok string) []string { return []string{":method", "PUT", "authorization", "Bearer " + tok} }, "PUT", "not POST"},
		{"415 content type", 3, func(tok string) []string {
			return []string{"content-type", "application/json", "authorization", "Bearer " + tok}
		}, "POST", "not application/grpc"},
		{"connection header", 3, func(tok string) []string {
			return []string{"connection", "close", "authorization", "Bearer " + tok}
		}, "POST", "connection-specific"},
		{"stale stream id", 1, func(tok string) []string { return []string{"authorization", "Bearer " + tok} }, "POST", "opens no new stream"},
		{"bad timeout", 3, func(tok string) []string {
			return []string{"grpc-timeout", "forever", "authorization", "Bearer " + tok}
		}, "POST", "grpc-timeout"},
		{"unknown method", 3, func(tok string) []string {
			return []string{":path", "/lf.a2a.v1.A2AService/a/b", "authorization", "Bearer " + tok}
		}, "POST", "no method of the A2A service"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, p, token := unparsedFarm(t, false)
			c, fr, enc, buf := nativeGetTask(t, f, p)
			// The hostile block is encoded whole: its fields replace the
			// call's where named.
			fields := []string{":method", "POST", ":scheme", "https", ":path", "/lf.a2a.v1.A2AService/GetTask",
				":authority", "x", "content-type", "application/grpc", "te", "trailers", "a2a-version", "1.0"}
			u, _ := url.Parse(p.Origin())
			fields = replace(fields, ":authority", u.Host)
			extra := tc.fields(token)
			for i := 0; i < len(extra); i += 2 {
				fields = replace(fields, extra[i], extra[i+1])
			}
			buf.Reset()
			for i := 0; i < len(fields); i += 2 {
				_ = enc.WriteField(hpack.HeaderField{Name: fields[i], Value: fields[i+1]})
			}
			if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: tc.stream, BlockFragment: buf.Bytes(), EndHeaders: true, EndStream: true}); err != nil {
				t.Fatal(err)
			}
			drainFrames(t, fr, nil) // until the peer ends the connection
			c.Close()
			all := settled(t, f)
			wantWholeJournal(t, all)
			var calls, refused []journal.Exchange
			for _, e := range all {
				switch {
				case e.Route == journal.RouteConnection:
				case strings.HasPrefix(e.Malformed, "not served: "):
					refused = append(refused, e)
				default:
					calls = append(calls, e)
				}
			}
			if len(calls) != 1 || calls[0].Op != "GetTask" || calls[0].Status != 200 {
				t.Fatalf("calls %v, want the GetTask", lines(calls))
			}
			if len(refused) != 1 {
				t.Fatalf("refused %v, want the hostile request", lines(all))
			}
			e := refused[0]
			if e.Method != tc.method || !strings.Contains(e.Malformed, tc.why) || !slices.Contains(e.Auth.Presented, journal.CredBearer) || e.Status != 0 {
				t.Errorf("journaled %s (malformed %q, presented %v), want %s refused for %q, the bearer named", e.Line(), e.Malformed, e.Auth.Presented, tc.method, tc.why)
			}
			if strings.Contains(e.Line(), token) {
				t.Errorf("the token is in the journal: %s", e.Line())
			}
			conn := theConnection(t, all)
			if conn.Conn.Requests != 2 || e.ConnSeq != conn.Seq || calls[0].ConnSeq != conn.Seq {
				t.Errorf("connection %s with %d requests, want 2, both on it", conn.Line(), conn.Conn.Requests)
			}
			wantCredential(t, conn, true)
		})
	}
}

// Streams past any number a server would refuse are each served and
// journaled: the peer's grpc.Server advertises no limit.
func TestGRPCNativeManyStreamsJournaled(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	p := f.Peer("A")
	client := grpcClient(t, httpsClient(t, f, false), p)
	const n = 300
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			_, _ = client.GetTask(grpcContext(t), &grpcpb.GetTaskRequest{Id: "no-such-task"})
		})
	}
	wg.Wait()
	all := settled(t, f)
	wantWholeJournal(t, all)
	gets := 0
	for _, e := range all {
		if e.Op == "GetTask" && e.Binding == "GRPC" {
			gets++
		}
	}
	conn := theConnection(t, all)
	if gets != n || conn.Conn.Requests != n {
		t.Fatalf("%d GetTask journaled, %d requests on the connection, want %d", gets, conn.Conn.Requests, n)
	}
}

// A message past the body cap is refused by grpc-go from its length
// prefix, before the handler reads a byte of it; the call is journaled
// all the same, and the token that came with its first frames is named
// by its connection, from the scan of its DATA frames.
func TestGRPCNativeOversizedMessageJournaled(t *testing.T) {
	f, p, token := unparsedFarm(t, false)
	client := grpcClient(t, httpsClient(t, f, false), p)
	text := token + strings.Repeat("x", 2<<20)
	_, err := client.SendMessage(grpcContext(t), sendRequest(text))
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("oversized send: %v, want ResourceExhausted", err)
	}
	all := settled(t, f)
	wantWholeJournal(t, all)
	var sends []journal.Exchange
	for _, e := range all {
		if e.Op == "SendMessage" {
			sends = append(sends, e)
		}
	}
	if len(sends) != 1 || sends[0].TaskID != "" {
		t.Fatalf("sends %v, want the refused one", lines(all))
	}
	wantCredential(t, theConnection(t, all), true)
	for _, e := range all {
		if strings.Contains(e.Line(), token) || strings.Contains(e.Body, token) {
			t.Errorf("the token is in the journal: %s", e.Line())
		}
	}
}
