package peertest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The farm of the SDK wire-compatibility tests (send → get → cancel), the
// same for every SDK.

const (
	// CompatPeer is the name of the compatibility farm's one peer.
	CompatPeer = "A"
	// CompatSkill is the one skill its card lists.
	CompatSkill = "summarize"
	// CompatBearerScheme is the card's scheme name; SDKs such as a2a-go look
	// credentials up by it.
	CompatBearerScheme = mockpeer.SchemeBearer
)

// StartCompatFarm starts one peer whose card asks for a bearer token, lists
// JSON-RPC, HTTP+JSON, then gRPC (host:port on the same TLS origin) and
// streams; its tasks stay WORKING long enough to
// be canceled after a GetTask. flatScopes serves securityRequirements in
// the flat shape ({"schemes":{"bearer":[]}}) some SDKs parse. Close the
// farm when done; it also closes when ctx is.
func StartCompatFarm(ctx context.Context, flatScopes bool) (*mockpeer.Farm, error) {
	return startOnePeer(ctx, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
		Name:               CompatPeer,
		Skill:              CompatSkill,
		Cards:              []mockpeer.CardFunc{CompatCard},
		FlatSecurityScopes: flatScopes,
		// All three offered, so the card lists gRPC too (last): each test
		// picks its binding with the SDK's preferred transports.
		Bindings: mockpeer.AllBindings,
		Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
			{State: wire.TaskStateWorking, Progress: 25},
			{State: wire.TaskStateWorking, Progress: 50},
			{State: wire.TaskStateWorking, Progress: 75},
			{State: wire.TaskStateCompleted, Progress: 100},
		}},
	})
}

// startOnePeer starts a farm of one peer. Its files go to a temporary
// folder that Close removes.
func startOnePeer(ctx context.Context, grants mockpeer.Grants, peer mockpeer.PeerSpec) (*mockpeer.Farm, error) {
	farm, err := mockpeer.Start(ctx, mockpeer.FarmSpec{Grants: grants, Peers: []mockpeer.PeerSpec{peer}})
	if err != nil {
		return nil, fmt.Errorf("peertest: %w", err)
	}
	return farm, nil
}

// CompatCard is the compatibility peer's spec-shaped card: the farm's
// default card (streaming, JSON-RPC then HTTP+JSON) asking for a bearer
// token.
func CompatCard(o mockpeer.Origins) wire.AgentCard {
	return mockpeer.NewCard(CompatPeer).Name("a2a-conform SDK compatibility peer").
		Description("Scripted A2A v1.0 peer checked against the official client SDKs.").
		Security(mockpeer.BearerScheme(), wire.Require(CompatBearerScheme)).
		Skills(mockpeer.Skill(CompatSkill, "Summarizes a document.", "a2a-conform")).
		Build(o)
}

// CheckCompatJournal checks what the compatibility peer saw: one card
// fetch, then SendMessage, GetTask and CancelTask on taskID over binding,
// each with A2A-Version 1.0, the bearer credential and no error. The error
// lists the journal and every problem.
func CheckCompatJournal(recorded []journal.Exchange, binding, taskID string) error {
	return checkCalls(recorded, binding, taskID, []compatCall{
		{wire.MethodSendMessage, wire.TaskStateWorking},
		{wire.MethodGetTask, wire.TaskStateWorking},
		{wire.MethodCancelTask, wire.TaskStateCanceled},
	})
}

// CheckStreamJournal checks what the compatibility peer saw of a stream:
// one card fetch, then one SendStreamingMessage over binding that created
// taskID and ran it to COMPLETED, with A2A-Version 1.0, the bearer
// credential and no error.
func CheckStreamJournal(recorded []journal.Exchange, binding, taskID string) error {
	return checkCalls(recorded, binding, taskID, []compatCall{{wire.MethodSendStreamingMessage, wire.TaskStateCompleted}})
}

// compatCall is one A2A call the compatibility peer must see, and the
// state it leaves the task in.
type compatCall struct {
	op    string
	state wire.TaskState
}

func checkCalls(recorded []journal.Exchange, binding, taskID string, want []compatCall) error {
	var errs []error
	var calls []journal.Exchange
	cards := 0
	for _, ex := range recorded {
		switch ex.Route {
		case journal.RouteCard:
			cards++
			if ex.Status != http.StatusOK {
				errs = append(errs, errors.New("card fetch answered "+ex.Line()))
			}
		case journal.RouteA2A:
			calls = append(calls, ex)
		case journal.RouteConnection:
			// Every connection an SDK opens carries its requests, and the
			// peer follows every byte of it.
			if ex.Conn.Requests == 0 || ex.Conn.Unscanned != "" {
				errs = append(errs, errors.New("a connection that served no request, or was not scanned whole: "+ex.Line()))
			}
		default:
			errs = append(errs, errors.New("unexpected exchange "+ex.Line()))
		}
	}
	if cards != 1 {
		errs = append(errs, errors.New("want exactly one card fetch"))
	}
	if len(calls) != len(want) {
		errs = append(errs, fmt.Errorf("want exactly %d A2A call(s), got %d", len(want), len(calls)))
	}
	for i, ex := range calls[:min(len(calls), len(want))] {
		var bad []string
		if ex.Op != want[i].op || ex.Binding != binding {
			bad = append(bad, "want "+binding+" "+want[i].op)
		}
		if ex.A2AVersion != wire.ProtocolVersion {
			bad = append(bad, "A2A-Version "+ex.A2AVersion)
		}
		if ex.Status != http.StatusOK || ex.ErrorCode != 0 || ex.Malformed != "" {
			bad = append(bad, "not a success: "+ex.Malformed)
		}
		if !slices.Contains(ex.Auth.Presented, "bearer") || !ex.Auth.SatisfiesCurrent {
			bad = append(bad, "bearer not presented")
		}
		if ex.TaskID != taskID || ex.StateAfter != want[i].state {
			bad = append(bad, "want task "+taskID+" "+string(want[i].state))
		}
		if len(bad) > 0 {
			errs = append(errs, errors.New(ex.Line()+": "+strings.Join(bad, "; ")))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("journal:\n%s\nproblems:\n%w", JournalLines(recorded), errors.Join(errs...))
	}
	return nil
}

// JournalLines renders a journal one indented exchange a line, for test
// failure messages.
func JournalLines(recorded []journal.Exchange) string {
	lines := make([]string, len(recorded))
	for i, ex := range recorded {
		lines[i] = "  " + ex.Line()
	}
	return strings.Join(lines, "\n")
}
