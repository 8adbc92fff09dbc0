package mockpeer

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"google.golang.org/grpc/metadata"
)

// TestFieldCountsOverTheWholeRequest: the peer counts every A2A-Version
// value (each header line, each list member, each query parameter, in
// any letter case) and the Authorization and Content-Type lines, over the
// whole request, on HTTP/1.1, HTTP/2 and gRPC alike; the journal's
// A2AVersion keeps the first value only, and its bounded copy of the
// headers can lose the rest (a second line past 64 values).
func TestFieldCountsOverTheWholeRequest(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	send := func(t *testing.T, c *http.Client, url string, header http.Header) journal.Exchange {
		t.Helper()
		req := newRequest(t, http.MethodPost, url, `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"none"}}`)
		req.Header = header
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return lastExchange(t, f, journal.RouteA2A)
	}
	padding := http.Header{}
	for i := range 70 {
		padding.Add("X-Pad", strings.Repeat("p", i+1))
	}
	cases := []struct {
		name   string
		query  string
		header http.Header
		want   journal.FieldCounts
	}{
		{"one version", "", http.Header{"A2a-Version": {"1.0"}, "Content-Type": {"application/json"}},
			journal.FieldCounts{Versions: 1, ContentType: 1}},
		{"a second line", "", http.Header{"A2a-Version": {"1.0", "0.3"}, "Content-Type": {"application/json"}},
			journal.FieldCounts{Versions: 2, OtherVersions: 1, ContentType: 1}},
		{"the same version twice", "", http.Header{"A2a-Version": {"1.0", "1.0"}},
			journal.FieldCounts{Versions: 2}},
		{"a list", "", http.Header{"A2a-Version": {"1.0, 0.3,"}}, journal.FieldCounts{Versions: 2, OtherVersions: 1}},
		{"an empty line", "", http.Header{"A2a-Version": {"1.0", ""}}, journal.FieldCounts{Versions: 2, OtherVersions: 1}},
		{"a query parameter beside the header", "?a2a-version=0.3", http.Header{"A2a-Version": {"1.0"}},
			journal.FieldCounts{Versions: 2, OtherVersions: 1}},
		{"the query parameter alone", "?A2A-Version=1.0", http.Header{}, journal.FieldCounts{Versions: 1}},
		{"two Authorization and two Content-Type lines", "",
			http.Header{"A2a-Version": {"1.0"}, "Authorization": {"Bearer a", "Bearer b"}, "Content-Type": {"application/json", "text/plain"}},
			journal.FieldCounts{Versions: 1, Authorization: 2, ContentType: 2}},
	}
	for _, proto := range []string{"HTTP/1.1", "HTTP/2"} {
		c := httpsClient(t, f, false)
		if proto == "HTTP/1.1" {
			c.Transport.(*http.Transport).ForceAttemptHTTP2 = false
			c.Transport.(*http.Transport).TLSClientConfig.NextProtos = []string{"http/1.1"}
		}
		for _, tc := range cases {
			t.Run(proto+"/"+tc.name, func(t *testing.T) {
				ex := send(t, c, JSONRPCURL(p.Origin())+tc.query, tc.header.Clone())
				if ex.Fields == nil || *ex.Fields != tc.want {
					t.Errorf("fields %+v, want %+v (%s)", ex.Fields, tc.want, ex.Line())
				}
			})
		}
		t.Run(proto+"/a second line past what the journal keeps of the headers", func(t *testing.T) {
			h := padding.Clone()
			h["A2a-Version"] = []string{"1.0", "0.3"}
			ex := send(t, c, JSONRPCURL(p.Origin()), h)
			if !slices.Contains(ex.Truncated, journal.TruncHeader) {
				t.Fatalf("the headers were not cut: %s", ex.Line())
			}
			if ex.A2AVersion != "1.0" || ex.Fields == nil || ex.Fields.Versions != 2 || ex.Fields.OtherVersions != 1 {
				t.Errorf("version %q, fields %+v: want 1.0, and 2 values, 1 other", ex.A2AVersion, ex.Fields)
			}
		})
	}
	t.Run("gRPC metadata", func(t *testing.T) {
		c := httpsClient(t, f, false)
		ctx := metadata.AppendToOutgoingContext(grpcContext(t), "a2a-version", "0.3")
		_, _ = grpcClient(t, c, p).GetTask(ctx, &grpcpb.GetTaskRequest{Id: "none"})
		ex := lastExchange(t, f, journal.RouteA2A)
		if ex.Binding != "GRPC" {
			t.Fatalf("the last A2A exchange is not the gRPC call: %s", ex.Line())
		}
		if ex.Fields == nil || ex.Fields.Versions != 2 || ex.Fields.OtherVersions != 1 {
			t.Errorf("fields %+v, want 2 versions, 1 other (%s)", ex.Fields, ex.Line())
		}
	})
}
