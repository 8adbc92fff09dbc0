package refclient

import (
	"context"
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// SendMode says how the client sends a task and learns how it ends. Every
// decision of the contract model applies alike in each mode: the contract
// is frozen at the send (no card fetch while the task runs), the
// frozen-contract extension's divergence check runs on every snapshot and
// event that carries a contract hash, and the TaskWatcher decision runs
// before every poll or stream event.
type SendMode string

// The send modes.
const (
	// Poll sends with SendMessage and configuration.returnImmediately, then
	// polls GetTask until the task is terminal or interrupted. The default.
	Poll SendMode = "poll"
	// Block sends with SendMessage without returnImmediately: the peer
	// answers once the task is terminal or interrupted. A peer that answers
	// earlier is polled, as in Poll mode.
	Block SendMode = "block"
	// Stream sends with SendStreamingMessage and reads the task's events
	// until one leaves it terminal or interrupted, then the stream to its
	// end (the peer closes it there; a peer that does not is cut after a
	// second, the task's state standing). A stream that ends before
	// is resubscribed with SubscribeToTask, at most MaxResubscriptions
	// times per task; when the peer refuses a subscription (an A2A error,
	// e.g. the task has become terminal meanwhile) or the resubscriptions
	// are used up, the task is polled with GetTask. Streaming is used only
	// when the card sent under declares capabilities.streaming: true;
	// otherwise the session falls back to Poll.
	Stream SendMode = "stream"
)

// MaxResubscriptions bounds the SubscribeToTask calls of one task in
// Stream mode; past it the client polls.
const MaxResubscriptions = 3

// SendModes lists the send modes, the default first.
func SendModes() []SendMode { return []SendMode{Poll, Block, Stream} }

// ParseSendMode reads a send mode name, case-insensitively; "" is Poll.
func ParseSendMode(s string) (SendMode, error) {
	if s == "" {
		return Poll, nil
	}
	for _, m := range SendModes() {
		if strings.EqualFold(s, string(m)) {
			return m, nil
		}
	}
	return "", fmt.Errorf("%w: send mode %q (want poll, block or stream)", ErrConfig, s)
}

// ParseBinding reads a binding preference: "" (the card's order), or one
// of the bindings this client speaks, by its wire name (JSONRPC,
// HTTP+JSON, GRPC) or an alias (json-rpc, rest), case-insensitively. It
// returns the wire name.
func ParseBinding(s string) (string, error) {
	switch strings.ToLower(s) {
	case "":
		return "", nil
	case "jsonrpc", "json-rpc":
		return wire.BindingJSONRPC, nil
	case "http+json", "rest":
		return wire.BindingHTTPJSON, nil
	case "grpc":
		return wire.BindingGRPC, nil
	}
	return "", fmt.Errorf("%w: binding %q (want JSONRPC, HTTP+JSON or GRPC)", ErrConfig, s)
}

// Mode is the send mode the session uses: the client's, except that Stream
// falls back to Poll when the card in force does not declare
// capabilities.streaming: true.
func (s *Session) Mode() SendMode {
	mode := s.client.cfg.SendMode
	if mode == Stream {
		if st := s.card.Card.Capabilities.Streaming; st == nil || !*st {
			return Poll
		}
	}
	return mode
}

// Deliver sends text under the session's contract in the session's send
// mode (Mode) and follows the task until it is terminal or interrupted,
// under the frozen contract. Result.Task is set whenever a task exists,
// also with an error.
func (s *Session) Deliver(ctx context.Context, text string) (Result, error) {
	if s.Mode() == Stream {
		return s.stream(ctx, text)
	}
	resp, err := s.Send(ctx, text)
	if err != nil {
		return Result{}, err
	}
	if resp.Message != nil {
		return Result{Message: resp.Message}, nil
	}
	task, err := s.Await(ctx, resp.Task)
	return Result{Task: task}, err
}
