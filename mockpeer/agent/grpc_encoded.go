package agent

import (
	"reflect"
	"sync"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
)

// ProtoResult is the gRPC form of a result a Handler holds encoded
// (Call.ResultJSON): its proto message and that message's transcript,
// made from the JSON on the first gRPC call that answers it and shared by
// every later one. A task polled a thousand times in one state is then
// converted once, not a thousand times (the JSON → ProtoJSON → proto
// detour and the transcript's ProtoJSON were most of a gRPC poll's
// server-side cost, docs/performance.md). Every call is still journaled
// whole: each gets the transcript, only its making is shared.
//
// The message is handed to grpc-go, which only reads it (proto.Marshal
// is safe for concurrent use on a message nobody writes); nothing else
// may touch it once made.
type ProtoResult struct {
	json       []byte
	once       sync.Once
	msg        proto.Message
	transcript []byte
	err        error
}

// NewProtoResult is the gRPC form of the result whose JSON (Marshal's,
// byte for byte) is json. Making it costs nothing until a gRPC call
// answers it.
func NewProtoResult(json []byte) *ProtoResult { return &ProtoResult{json: json} }

// message is the result as a message of like's type and its transcript,
// made on first use exactly as fromWire and Transcript.answer make them
// for every call. ok is false when the result was made as another type
// (a Handler answering one result for two rpcs of different types): the
// caller then encodes the result itself.
func (p *ProtoResult) message(like proto.Message) (msg proto.Message, transcript []byte, e *Error, ok bool) {
	p.once.Do(func() {
		m := like.ProtoReflect().New().Interface()
		p.msg, p.err = m, unmarshalProtoJSON(p.json, m) // msg keeps the type even on an error
		if p.err == nil {
			p.transcript = compactJSON(m)
		}
	})
	if reflect.TypeOf(p.msg) != reflect.TypeOf(like) {
		return nil, nil, nil, false
	}
	if p.err != nil {
		return nil, nil, encodingError(p.err), true
	}
	return p.msg, p.transcript, nil, true
}

// unmarshalProtoJSON is how fromWire reads a result's JSON into its message.
func unmarshalProtoJSON(data []byte, out proto.Message) error {
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(data, out)
}

// requestTranscripts keeps the transcripts of small requests by their
// wire encoding: a client polling one task sends the same bytes every
// time, whose ProtoJSON is the same every time. Equal deterministic
// encodings of one message type are equal messages, so the transcript
// kept is the one compactJSON would make again. Being a pure function of
// the bytes, one memo serves every peer of the process (requestMemo), and
// its bound is the process's, not a peer's: a request above
// maxMemoRequest bytes is rendered each time, and the memo starts over
// when it holds maxMemoRequests transcripts (about 2 MB at most). Sends
// are never kept: a message id is unique by the spec, so no send repeats.
type requestTranscripts struct {
	mu   sync.RWMutex
	memo map[string][]byte // message name + "\x00" + wire bytes → transcript
}

const (
	maxMemoRequest  = 256
	maxMemoRequests = 4096
)

// requestMemo is the process's memo of request transcripts.
var requestMemo requestTranscripts

// wireBuffers keep the scratch encodings the memo is looked up by.
var wireBuffers = sync.Pool{New: func() any { b := make([]byte, 0, maxMemoRequest+64); return &b }}

// of is renderJSON(m), from the memo when m was seen before. Only
// renderings are kept: an error is met again on every call.
func (rt *requestTranscripts) of(m proto.Message) ([]byte, error) {
	if _, send := m.(*grpcpb.SendMessageRequest); send {
		return renderJSON(m)
	}
	if proto.Size(m) > maxMemoRequest {
		return renderJSON(m) // not kept: no encoding made only to be dropped
	}
	bp := wireBuffers.Get().(*[]byte)
	defer wireBuffers.Put(bp)
	name := proto.MessageName(m)
	key := append(append((*bp)[:0], name...), 0)
	key, err := proto.MarshalOptions{Deterministic: true}.MarshalAppend(key, m)
	*bp = key[:0]
	if err != nil || len(key) > len(name)+1+maxMemoRequest {
		return renderJSON(m)
	}
	rt.mu.RLock()
	t, ok := rt.memo[string(key)]
	rt.mu.RUnlock()
	if ok {
		return t, nil
	}
	if t, err = renderJSON(m); err != nil {
		return nil, err
	}
	rt.mu.Lock()
	if rt.memo == nil || len(rt.memo) >= maxMemoRequests {
		rt.memo = make(map[string][]byte)
	}
	rt.memo[string(key)] = t
	rt.mu.Unlock()
	return t, nil
}
