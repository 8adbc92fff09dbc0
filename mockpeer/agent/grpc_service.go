package agent

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// grpcService is A2AService over the operation table: every rpc goes
// through the same version check, decoding, validation, Admit and Handler
// method as its JSON-RPC twin. Messages cross to the wire types through
// ProtoJSON, which both sides speak; a result the Handler holds encoded
// crosses once per version (ProtoResult), and a small request's ProtoJSON
// is rendered once per distinct request (requestTranscripts).
type grpcService struct {
	grpcpb.UnimplementedA2AServiceServer
	handler Handler
}

func (s *grpcService) SendMessage(ctx context.Context, in *grpcpb.SendMessageRequest) (*grpcpb.SendMessageResponse, error) {
	return unaryRPC(s, ctx, wire.MethodSendMessage, in, &grpcpb.SendMessageResponse{})
}

func (s *grpcService) GetTask(ctx context.Context, in *grpcpb.GetTaskRequest) (*grpcpb.Task, error) {
	return unaryRPC(s, ctx, wire.MethodGetTask, in, &grpcpb.Task{})
}

func (s *grpcService) ListTasks(ctx context.Context, in *grpcpb.ListTasksRequest) (*grpcpb.ListTasksResponse, error) {
	return unaryRPC(s, ctx, wire.MethodListTasks, in, &grpcpb.ListTasksResponse{})
}

func (s *grpcService) CancelTask(ctx context.Context, in *grpcpb.CancelTaskRequest) (*grpcpb.Task, error) {
	return unaryRPC(s, ctx, wire.MethodCancelTask, in, &grpcpb.Task{})
}

func (s *grpcService) GetExtendedAgentCard(ctx context.Context, in *grpcpb.GetExtendedAgentCardRequest) (*grpcpb.AgentCard, error) {
	return unaryRPC(s, ctx, wire.MethodGetExtendedAgentCard, in, &grpcpb.AgentCard{})
}

func (s *grpcService) CreateTaskPushNotificationConfig(ctx context.Context, in *grpcpb.TaskPushNotificationConfig) (*grpcpb.TaskPushNotificationConfig, error) {
	return unaryRPC(s, ctx, "CreateTaskPushNotificationConfig", in, &grpcpb.TaskPushNotificationConfig{})
}

func (s *grpcService) GetTaskPushNotificationConfig(ctx context.Context, in *grpcpb.GetTaskPushNotificationConfigRequest) (*grpcpb.TaskPushNotificationConfig, error) {
	return unaryRPC(s, ctx, "GetTaskPushNotificationConfig", in, &grpcpb.TaskPushNotificationConfig{})
}

func (s *grpcService) ListTaskPushNotificationConfigs(ctx context.Context, in *grpcpb.ListTaskPushNotificationConfigsRequest) (*grpcpb.ListTaskPushNotificationConfigsResponse, error) {
	return unaryRPC(s, ctx, "ListTaskPushNotificationConfigs", in, &grpcpb.ListTaskPushNotificationConfigsResponse{})
}

func (s *grpcService) DeleteTaskPushNotificationConfig(ctx context.Context, in *grpcpb.DeleteTaskPushNotificationConfigRequest) (*emptypb.Empty, error) {
	return unaryRPC(s, ctx, "DeleteTaskPushNotificationConfig", in, &emptypb.Empty{})
}

func (s *grpcService) SendStreamingMessage(in *grpcpb.SendMessageRequest, stream grpc.ServerStreamingServer[grpcpb.StreamResponse]) error {
	return s.stream(stream.Context(), wire.MethodSendStreamingMessage, in, stream.Send)
}

func (s *grpcService) SubscribeToTask(in *grpcpb.SubscribeToTaskRequest, stream grpc.ServerStreamingServer[grpcpb.StreamResponse]) error {
	return s.stream(stream.Context(), wire.MethodSubscribeToTask, in, stream.Send)
}

// unaryRPC serves one unary rpc and fills out with the Handler's result.
func unaryRPC[Out proto.Message](s *grpcService, ctx context.Context, method string, in proto.Message, out Out) (Out, error) {
	r, call := requestOf(ctx)
	req, e := s.decode(ctx, call, method, in)
	if e == nil {
		var result any
		if result, e = invoke(ctx, s.handler, r, req); e == nil {
			if msg, transcript, e, ok := encodedResult(call, out); ok {
				if e != nil {
					return failed[Out](call, e)
				}
				call.Transcript.answer(transcript)
				return msg.(Out), nil
			}
			e = fromWire(result, out)
		}
	}
	if e != nil {
		return failed[Out](call, e)
	}
	call.Transcript.answer(compactJSON(out))
	return out, nil
}

// encodedResult is the result's message as the Handler holds it made
// (Call.ResultProto, of out's type), with its transcript; ok is false
// when there is none and out is to be filled from the result.
func encodedResult(call *Call, out proto.Message) (proto.Message, []byte, *Error, bool) {
	if call.ResultProto == nil {
		return nil, nil, nil, false
	}
	return call.ResultProto.message(out)
}

func failed[Out proto.Message](call *Call, e *Error) (Out, error) {
	var none Out
	return none, grpcFailure(call, e, false)
}

// stream serves one server-streaming rpc; events go out as the Handler
// emits them, and an error after events ends the stream with its status.
func (s *grpcService) stream(ctx context.Context, method string, in proto.Message, send func(*grpcpb.StreamResponse) error) error {
	r, call := requestOf(ctx)
	req, e := s.decode(ctx, call, method, in)
	if e != nil {
		return grpcFailure(call, e, false)
	}
	st := &grpcStream{streamState: streamState{ctx: ctx}, send: send, transcript: call.Transcript}
	e = invokeStream(ctx, s.handler, r, req, st.emit)
	started := st.end()
	if e != nil {
		return grpcFailure(call, e, started)
	}
	return nil
}

// decode checks the version, turns in into the operation's wire request,
// validates it and admits it, in the order of the JSON-RPC binding.
func (s *grpcService) decode(ctx context.Context, call *Call, method string, in proto.Message) (request, *Error) {
	r, _ := requestOf(ctx)
	// The request's ProtoJSON is both its transcript and what it is
	// decoded from, with the same decoder as the JSON bindings.
	rendered, renderErr := requestMemo.of(in)
	if renderErr != nil {
		call.Transcript.ask(unrenderable(in, renderErr))
	} else {
		call.Transcript.ask(rendered)
	}
	if t, ok := in.(interface{ GetTaskId() string }); ok {
		call.TaskID = t.GetTaskId() // the push-config requests
	}
	if e := checkVersion(call); e != nil {
		return nil, e
	}
	o := byMethod[method]
	if o.newRequest == nil {
		return nil, unserved(s.handler, r, call, o)
	}
	req := o.newRequest()
	err := renderErr
	if err == nil {
		err = decodeProto(rendered, req.message())
	}
	if err != nil {
		return nil, reject(call, wire.ErrInvalidParams, "request: "+err.Error())
	}
	return admitRequest(s.handler, r, call, req, "")
}
