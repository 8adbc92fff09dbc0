package agent

import (
	"bytes"
	"math"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// A result's gRPC form made once is what the binding makes of it on every
// call: the message fromWire fills and the transcript compactJSON renders.
func TestProtoResultIsTheConversion(t *testing.T) {
	result, encoded := escapedTask(t)
	want := &grpcpb.Task{}
	if e := fromWire(result, want); e != nil {
		t.Fatal(e)
	}
	pr := NewProtoResult(encoded)
	for round := range 2 { // made, then shared
		msg, transcript, e, ok := pr.message(&grpcpb.Task{})
		if !ok || e != nil {
			t.Fatalf("round %d: ok %v, error %v", round, ok, e)
		}
		if !proto.Equal(msg, want) {
			t.Errorf("round %d: message %v, want %v", round, msg, want)
		}
		if got := compactJSON(want); !bytes.Equal(transcript, got) {
			t.Errorf("round %d: transcript %s, want %s", round, transcript, got)
		}
	}
	if _, _, _, ok := pr.message(&grpcpb.SendMessageResponse{}); ok {
		t.Error("a result made as a Task was answered as a SendMessageResponse")
	}
}

// A result whose JSON does not fit the proto is the InternalError fromWire
// answers, on every call.
func TestProtoResultKeepsTheEncodingError(t *testing.T) {
	bad := []byte(`{"id":5}`) // a number where the proto has a string
	err := unmarshalProtoJSON(bad, &grpcpb.Task{})
	if err == nil {
		t.Fatal("the ill-fitting JSON fitted")
	}
	wantErr := encodingError(err)
	pr := NewProtoResult(bad)
	for round := range 2 {
		_, _, e, ok := pr.message(&grpcpb.Task{})
		if !ok || e == nil || e.Kind != wire.ErrInternal || e.Detail != wantErr.Detail {
			t.Fatalf("round %d: ok %v, error %v; want %v", round, ok, e, wantErr)
		}
	}
}

// A request's memoised rendering is renderJSON's, whether it was met
// before or not, for one message type or another with the same wire bytes,
// and once the memo has started over; sends are never kept.
func TestRequestTranscriptsAreTheRendering(t *testing.T) {
	var rt requestTranscripts
	h := int32(3)
	requests := []proto.Message{
		&grpcpb.GetTaskRequest{Id: "task-1"},
		&grpcpb.GetTaskRequest{Id: "task-1", HistoryLength: &h},
		&grpcpb.GetTaskRequest{Id: "task-1", HistoryLength: new(int32)},
		&grpcpb.GetTaskRequest{Tenant: "t<&>", Id: "task-\u2028"},
		&grpcpb.CancelTaskRequest{Id: "task-1"},
		&grpcpb.GetTaskRequest{Id: string(bytes.Repeat([]byte("x"), 2*maxMemoRequest))}, // not memoised
		&grpcpb.SendMessageRequest{Message: &grpcpb.Message{MessageId: "m-1", Parts: []*grpcpb.Part{{Content: &grpcpb.Part_Text{Text: "hi"}}}}},
	}
	for round := range 3 {
		for i, m := range requests {
			want, err := renderJSON(m)
			if err != nil {
				t.Fatal(err)
			}
			got, err := rt.of(m)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("round %d, request %d: %s, %v; want %s", round, i, got, err, want)
			}
		}
		if round == 1 { // fill the memo to its bound: it starts over
			for i := range maxMemoRequests {
				if _, err := rt.of(&grpcpb.GetTaskRequest{Id: "filler", HistoryLength: proto.Int32(int32(i))}); err != nil {
					t.Fatal(err)
				}
			}
			if len(rt.memo) > maxMemoRequests {
				t.Errorf("the memo holds %d transcripts, bound %d", len(rt.memo), maxMemoRequests)
			}
			rt.memo = nil // and no send is kept either
			if _, err := rt.of(requests[len(requests)-1]); err != nil || len(rt.memo) != 0 {
				t.Errorf("a send was memoised (%d kept, %v)", len(rt.memo), err)
			}
		}
	}
	// A request protojson cannot render is its error, every time, and
	// nothing is kept of it.
	bad := &grpcpb.ListTasksRequest{StatusTimestampAfter: &timestamppb.Timestamp{Seconds: math.MaxInt64}}
	_, wantErr := renderJSON(bad)
	held := len(rt.memo)
	for range 2 {
		if _, err := rt.of(bad); wantErr == nil || err == nil || err.Error() != wantErr.Error() {
			t.Errorf("an unrenderable request: %v, want %v", err, wantErr)
		}
	}
	if len(rt.memo) != held {
		t.Error("an unrenderable request was memoised")
	}
}
