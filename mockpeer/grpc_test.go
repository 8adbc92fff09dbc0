package mockpeer

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// grpcPeer starts peer "A" (four task steps, streaming) with the card
// options and spec tweaks given;
// the channel receives every exchange as it is journaled.
func grpcPeer(t *testing.T, tune func(*PeerSpec), opts ...cardOpt) (*Farm, *Peer, <-chan journal.Exchange) {
	t.Helper()
	ps := PeerSpec{Name: "A", Skill: testSkill, Task: fourSteps(),
		Cards: []CardFunc{testCard("A", append([]cardOpt{withStreaming()}, opts...)...)}}
	if tune != nil {
		tune(&ps)
	}
	ch := make(chan journal.Exchange, 64)
	f := startFarm(t, FarmSpec{Now: steppingClock(), Peers: []PeerSpec{ps}, OnExchange: func(e journal.Exchange) { ch <- e }})
	return f, f.Peer("A"), ch
}

// journaled is the next exchange journaled.
func journaled(t *testing.T, ch <-chan journal.Exchange) journal.Exchange {
	t.Helper()
	return awaitExchange(t, ch, "after the gRPC call")
}

// wantStatus checks a gRPC error's code and its ErrorInfo reason ("" for none).
func wantStatus(t *testing.T, err error, code codes.Code, reason string) {
	t.Helper()
	if got := status.Code(err); got != code {
		t.Fatalf("status %v (%v), want %v", got, err, code)
	}
	info := errorInfo(err)
	switch {
	case reason == "" && info != nil:
		t.Errorf("ErrorInfo %+v on a standard error", info)
	case reason != "" && (info == nil || info.Reason != reason || info.Domain != wire.ErrorDomain):
		t.Errorf("ErrorInfo %+v, want reason %s in domain %s", info, reason, wire.ErrorDomain)
	}
}

func sendRequest(text string) *grpcpb.SendMessageRequest {
	return &grpcpb.SendMessageRequest{
		Message: &grpcpb.Message{MessageId: "m-" + text, Role: grpcpb.Role_ROLE_USER,
			Parts: []*grpcpb.Part{{Content: &grpcpb.Part_Text{Text: text}}}},
		Configuration: &grpcpb.SendMessageConfiguration{ReturnImmediately: true},
	}
}

func TestGRPCSecurityFromMetadata(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil, withSecurity(bearerScheme, wire.Require("bearer")))
	client := grpcClient(t, httpsClient(t, f, false), p)

	_, err := client.SendMessage(grpcContext(t), sendRequest("no credential"))
	wantStatus(t, err, codes.Unauthenticated, "UNAUTHENTICATED")
	e := journaled(t, recorded)
	if e.Op != wire.MethodSendMessage || e.Binding != wire.BindingGRPC || e.ErrorCode != wire.ErrUnauthenticated.RPCCode ||
		e.Auth.Admitted || len(e.Auth.Presented) != 0 || e.TaskID != "" {
		t.Errorf("refused send journaled as %s %s error %d auth %+v task %q", e.Binding, e.Op, e.ErrorCode, e.Auth, e.TaskID)
	}

	token := f.Credentials(Grants{Bearer: true}).BearerToken
	res, err := client.SendMessage(grpcContext(t, "authorization", "Bearer "+token), sendRequest("with bearer"))
	if err != nil {
		t.Fatalf("send with the bearer token: %v", err)
	}
	e = journaled(t, recorded)
	if !e.Auth.Admitted || !e.Auth.SatisfiesCurrent || !slices.Equal(e.Auth.Presented, []string{journal.CredBearer}) ||
		e.TaskID != res.GetTask().GetId() || e.ErrorCode != 0 {
		t.Errorf("admitted send journaled with auth %+v task %q error %d", e.Auth, e.TaskID, e.ErrorCode)
	}
	if strings.Contains(e.Header.Get("Authorization"), token) {
		t.Error("the bearer token reached the journal")
	}
}

func TestGRPCAPIKeyFromMetadata(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil, withSecurity(map[string]wire.SecurityScheme{
		"key": {APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}}}, wire.Require("key")))
	key := f.Credentials(Grants{APIKey: true}).APIKey
	// gRPC metadata keys are lower case; the scheme names the header in any case.
	if _, err := grpcClient(t, httpsClient(t, f, false), p).SendMessage(grpcContext(t, "x-api-key", key), sendRequest("k")); err != nil {
		t.Fatalf("send with the api key: %v", err)
	}
	if e := journaled(t, recorded); !slices.Equal(e.Auth.Presented, []string{journal.CredAPIKey}) || !e.Auth.Admitted {
		t.Errorf("journaled auth %+v", e.Auth)
	}
}

func TestGRPCVersionMetadata(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil)
	client := grpcClient(t, httpsClient(t, f, false), p)
	for _, tc := range []struct{ name, version string }{{"missing (0.3)", ""}, {"2.0", "2.0"}, {"patch", "1.0.1"}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			if tc.version != "" {
				ctx = grpcContextVersion(t, tc.version)
			}
			_, err := client.GetTask(ctx, &grpcpb.GetTaskRequest{Id: "t-1"})
			wantStatus(t, err, codes.FailedPrecondition, "VERSION_NOT_SUPPORTED")
			e := journaled(t, recorded)
			if e.A2AVersion != tc.version || e.ErrorCode != wire.ErrVersionNotSupported.RPCCode || !strings.Contains(e.Malformed, "A2A-Version") {
				t.Errorf("journaled version %q error %d malformed %q", e.A2AVersion, e.ErrorCode, e.Malformed)
			}
		})
	}
}

func TestGRPCSendGetCancelJournaled(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil)
	client := grpcClient(t, httpsClient(t, f, false), p)
	sent, err := client.SendMessage(grpcContext(t), sendRequest("hello"))
	if err != nil {
		t.Fatal(err)
	}
	id := sent.GetTask().GetId()
	if _, err := client.GetTask(grpcContext(t), &grpcpb.GetTaskRequest{Id: id}); err != nil {
		t.Fatal(err)
	}
	canceled, err := client.CancelTask(grpcContext(t), &grpcpb.CancelTaskRequest{Id: id})
	if err != nil || canceled.GetStatus().GetState() != grpcpb.TaskState_TASK_STATE_CANCELED {
		t.Fatalf("cancel: %v %v", canceled.GetStatus(), err)
	}
	_, err = client.GetTask(grpcContext(t), &grpcpb.GetTaskRequest{Id: "no-such-task"})
	wantStatus(t, err, codes.NotFound, "TASK_NOT_FOUND")
	if info := errorInfo(err); info.GetMetadata()["taskId"] != "no-such-task" {
		t.Errorf("TaskNotFound metadata %v", info.GetMetadata())
	}

	want := []struct {
		op    string
		after wire.TaskState
	}{{wire.MethodSendMessage, wire.TaskStateSubmitted}, {wire.MethodGetTask, ""}, {wire.MethodCancelTask, wire.TaskStateCanceled}}
	for i, w := range want {
		e := journaled(t, recorded)
		if e.Op != w.op || e.Binding != wire.BindingGRPC || e.Route != journal.RouteA2A || e.TaskID != id || e.A2AVersion != "1.0" ||
			e.Path != "/lf.a2a.v1.A2AService/"+w.op || e.Status != http.StatusOK {
			t.Errorf("exchange %d: %s %s %s task %q version %q → %d", i, e.Binding, e.Op, e.Path, e.TaskID, e.A2AVersion, e.Status)
		}
		if w.after != "" && e.StateAfter != w.after {
			t.Errorf("%s left the task %s, want %s", w.op, e.StateAfter, w.after)
		}
		// The journal holds ProtoJSON, not frames: checks read it as REST's.
		var body map[string]any
		if err := json.Unmarshal([]byte(e.Body), &body); err != nil {
			t.Errorf("%s body %q is not JSON: %v", w.op, e.Body, err)
		}
		var task wire.Task
		if w.op == wire.MethodSendMessage {
			var res wire.SendMessageResponse
			_ = json.Unmarshal([]byte(e.Response), &res)
			if res.Task != nil {
				task = *res.Task
			}
		} else {
			_ = json.Unmarshal([]byte(e.Response), &task)
		}
		if task.ID != id {
			t.Errorf("%s response %q does not carry the task", w.op, e.Response)
		}
	}
	if e := journaled(t, recorded); e.ErrorCode != wire.ErrTaskNotFound.RPCCode || !strings.Contains(e.Response, "TASK_NOT_FOUND") {
		t.Errorf("not-found journaled with error %d response %q", e.ErrorCode, e.Response)
	}
}

func TestGRPCStreamJournaled(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil)
	events := grpcStream(t, httpsClient(t, f, false), p, wire.MethodSendStreamingMessage, sendParams("go", false))
	if len(events) < 2 || events[0].Task == nil {
		t.Fatalf("stream events %+v, want the task first", events)
	}
	e := journaled(t, recorded)
	if e.Op != wire.MethodSendStreamingMessage || e.Binding != wire.BindingGRPC || e.TaskID != events[0].Task.ID {
		t.Errorf("stream journaled as %s %s task %q", e.Binding, e.Op, e.TaskID)
	}
	var lines int
	for _, line := range strings.Split(e.Response, "\n") {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			lines++
			if !json.Valid([]byte(data)) {
				t.Errorf("journaled event %q is not JSON", data)
			}
		}
	}
	if lines != len(events) {
		t.Errorf("journal shows %d events, the client got %d", lines, len(events))
	}
}

func TestGRPCMutualTLS(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil, withSecurity(mtlsScheme, wire.Require("mtls")))
	_, err := grpcClient(t, httpsClient(t, f, false), p).SendMessage(grpcContext(t), sendRequest("no cert"))
	wantStatus(t, err, codes.Unauthenticated, "UNAUTHENTICATED")
	if e := journaled(t, recorded); e.Auth.Admitted || e.TLSClient != "" {
		t.Errorf("send without a certificate journaled as %+v, client %q", e.Auth, e.TLSClient)
	}
	if _, err := grpcClient(t, httpsClient(t, f, true), p).SendMessage(grpcContext(t), sendRequest("cert")); err != nil {
		t.Fatalf("send with the farm's client certificate: %v", err)
	}
	if e := journaled(t, recorded); !e.Auth.Admitted || e.TLSClient == "" || !slices.Contains(e.Auth.Presented, journal.CredClientCert) {
		t.Errorf("send with a certificate journaled as %+v, client %q", e.Auth, e.TLSClient)
	}
}

func TestGRPCUnknownMethod(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil)
	conn := grpcConn(t, httpsClient(t, f, false), p)
	err := conn.Invoke(grpcContext(t), "/lf.a2a.v1.A2AService/Nope", &grpcpb.GetTaskRequest{}, &grpcpb.Task{})
	wantStatus(t, err, codes.Unimplemented, "")
	if e := journaled(t, recorded); e.Route != journal.RouteA2A || e.ErrorCode != wire.ErrMethodNotFound.RPCCode || !strings.Contains(e.Malformed, "Nope") {
		t.Errorf("unknown method journaled as %s error %d malformed %q", e.Route, e.ErrorCode, e.Malformed)
	}
}

func TestOfferedBindingsOnly(t *testing.T) {
	f, p, recorded := grpcPeer(t, func(ps *PeerSpec) { ps.Bindings = []string{wire.BindingGRPC} })
	c := httpsClient(t, f, false)
	resp, body := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	var card wire.AgentCard
	if err := json.Unmarshal(body, &card); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("card: %d %v", resp.StatusCode, err)
	}
	want := []wire.AgentInterface{{URL: GRPCTarget(p.Origin()), ProtocolBinding: wire.BindingGRPC, ProtocolVersion: "1.0"}}
	if !slices.Equal(card.SupportedInterfaces, want) {
		t.Errorf("interfaces %+v, want %+v", card.SupportedInterfaces, want)
	}
	journaled(t, recorded) // the card
	rpcBody := `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}`
	if resp, _ := do(t, c, http.MethodPost, JSONRPCURL(p.Origin()), rpcBody, a2aHeaders(nil)); resp.StatusCode != http.StatusNotFound {
		t.Errorf("JSON-RPC on a gRPC-only peer answered %d, want 404", resp.StatusCode)
	}
	if e := journaled(t, recorded); e.Route != journal.RouteUnmatched {
		t.Errorf("JSON-RPC on a gRPC-only peer journaled on route %s, want %s", e.Route, journal.RouteUnmatched)
	}
	if _, err := grpcClient(t, c, p).SendMessage(grpcContext(t), sendRequest("x")); err != nil {
		t.Errorf("gRPC on a gRPC-only peer: %v", err)
	}
}

func TestUnofferedGRPCHasNoRoute(t *testing.T) {
	f, p, recorded := grpcPeer(t, func(ps *PeerSpec) { ps.Bindings = []string{wire.BindingJSONRPC} })
	_, err := grpcClient(t, httpsClient(t, f, false), p).SendMessage(grpcContext(t), sendRequest("x"))
	wantStatus(t, err, codes.Unimplemented, "")
	if e := journaled(t, recorded); e.Route != journal.RouteUnmatched || e.Status != http.StatusNotFound {
		t.Errorf("gRPC on a JSON-RPC-only peer journaled as %s → %d", e.Route, e.Status)
	}
}

func TestGRPCMalformedRequest(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil)
	in := sendRequest("x")
	in.Message.Role = grpcpb.Role_ROLE_UNSPECIFIED
	_, err := grpcClient(t, httpsClient(t, f, false), p).SendMessage(grpcContext(t), in)
	wantStatus(t, err, codes.InvalidArgument, "")
	if e := journaled(t, recorded); e.ErrorCode != wire.ErrInvalidParams.RPCCode || !strings.Contains(e.Malformed, "message.role") || e.TaskID != "" {
		t.Errorf("malformed send journaled with error %d malformed %q task %q", e.ErrorCode, e.Malformed, e.TaskID)
	}
}

func TestGRPCRequiredExtensionFromMetadata(t *testing.T) {
	const uri = "https://example.com/ext/required/v1"
	f, p, recorded := grpcPeer(t, nil, func(_ Origins, c *wire.AgentCard) {
		c.Capabilities.Extensions = []wire.AgentExtension{{URI: uri, Required: true}}
	})
	client := grpcClient(t, httpsClient(t, f, false), p)
	_, err := client.SendMessage(grpcContext(t), sendRequest("without"))
	wantStatus(t, err, codes.FailedPrecondition, "EXTENSION_SUPPORT_REQUIRED")
	journaled(t, recorded)
	if _, err := client.SendMessage(grpcContext(t, "a2a-extensions", uri), sendRequest("with")); err != nil {
		t.Fatalf("send activating the extension: %v", err)
	}
	if e := journaled(t, recorded); !slices.Equal(e.Extensions, []string{uri}) {
		t.Errorf("journaled extensions %v", e.Extensions)
	}
}

// With --http a peer serves gRPC over h2c (HTTP/2 with prior knowledge)
// next to HTTP/1 on the same listener.
func TestGRPCOverPlainHTTP(t *testing.T) {
	f := startFarm(t, FarmSpec{PlainHTTP: true, Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	p := f.Peer("A")
	conn, err := grpc.NewClient(GRPCTarget(p.Origin()), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if _, err := grpcpb.NewA2AServiceClient(conn).SendMessage(grpcContext(t), sendRequest("h2c")); err != nil {
		t.Fatalf("gRPC over h2c: %v", err)
	}
	resp, err := http.Get(p.CardURL())
	if err != nil || resp.StatusCode != http.StatusOK || resp.ProtoMajor != 1 {
		t.Fatalf("HTTP/1 card fetch on the same listener: %v %v", resp, err)
	}
	resp.Body.Close()
}
