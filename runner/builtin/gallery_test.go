package builtin

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The adversarial clients, each on a small farm: they do what they say,
// in both modes, and nothing more.

var modes = []driver.Mode{driver.ModeSession, driver.ModeOneShot}

// playSession plays a session of n tasks with the built-in client name in
// mode, against peer A's card, and returns the outcomes and the journal.
func playSession(t *testing.T, name string, mode driver.Mode, n int, grants mockpeer.Grants, peers ...mockpeer.PeerSpec) ([]driver.Outcome, *journal.Journal) {
	t.Helper()
	return playChanges(t, name, mode, grants, peers, make([]func(*mockpeer.Farm) error, n)...)
}

func requireAPIKey(_ mockpeer.Origins, c *wire.AgentCard) {
	require(c, "apikey", wire.SecurityScheme{APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}})
}

func openPeer() mockpeer.PeerSpec {
	return mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A")}}
}

func TestSilentClients(t *testing.T) {
	for _, tc := range []struct {
		client string
		want   driver.Outcome
	}{
		{SilentAbortContractChanged, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonContractChanged}},
		{SilentAbortUntrustedEndpoint, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}},
		{SilentAbortVersionUnsupported, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}},
		{SilentFailContractDiverged, driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonContractDiverged}},
		{SilentAbortUnlistedReason, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: UnlistedReason}},
		{SilentComplete, driver.Outcome{Outcome: driver.OutcomeCompleted}},
	} {
		for _, mode := range modes {
			t.Run(tc.client+"/"+string(mode), func(t *testing.T) {
				outs, j := playSession(t, tc.client, mode, 2, mockpeer.Grants{Bearer: true}, openPeer())
				if n := j.Len(); n != 0 {
					t.Errorf("the farm saw %d exchanges, want none", n)
				}
				for i, out := range outs {
					wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
					if valid := driver.Check(out) == ""; valid != (tc.client != SilentAbortUnlistedReason) {
						t.Errorf("driver.Check(%s) = %q", out.Short(), driver.Check(out))
					}
					if want := "task-" + strconv.Itoa(i+1); tc.client == SilentComplete && out.TaskID != want {
						t.Errorf("task %d: task id %q, want the made-up %q", i+1, out.TaskID, want)
					}
				}
			})
		}
	}
}

// fetch-then-abort fetches once per session: once in all in session mode,
// once per task in one-shot mode; nothing else, and no credential.
func TestFetchThenAbort(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playSession(t, FetchThenAbort, mode, 2, mockpeer.Grants{Bearer: true}, openPeer())
			for _, out := range outs {
				wantOutcome(t, out, driver.OutcomeAborted, driver.ReasonContractChanged)
			}
			fetches := 2
			if mode == driver.ModeSession {
				fetches = 1
			}
			for _, f := range wantCount(t, j, "A", journal.RouteCard, "", fetches) {
				if f.Method != "GET" || conditionalRequest(f) || len(f.Auth.Presented) > 0 {
					t.Errorf("%s: want a plain GET without credentials", f.Line())
				}
			}
			if n := len(at(j, "A", "", "")); n != fetches {
				t.Errorf("A saw %d exchanges, want only the %d card requests", n, fetches)
			}
		})
	}
}

func conditionalRequest(e journal.Exchange) bool {
	return e.Header.Get("If-None-Match") != "" || e.Header.Get("If-Modified-Since") != ""
}

func TestFetchThenGuess(t *testing.T) {
	v2only := func(_ mockpeer.Origins, c *wire.AgentCard) {
		c.SupportedInterfaces = c.SupportedInterfaces[:1]
		c.SupportedInterfaces[0].ProtocolVersion = "2.0"
	}
	grpcAt := func(at string) edit { // the farm's default cards list gRPC last, as host:port
		return func(o mockpeer.Origins, c *wire.AgentCard) {
			c.SupportedInterfaces = append(c.SupportedInterfaces, wire.AgentInterface{
				URL: mockpeer.GRPCTarget(o(at)), ProtocolBinding: wire.BindingGRPC, ProtocolVersion: "1.0"})
		}
	}
	other := mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("B", "B")}}
	for _, tc := range []struct {
		shape string
		a     mockpeer.PeerSpec
		want  driver.Reason
	}{
		{"an honest card", openPeer(), driver.ReasonContractChanged},
		{"an honest card listing gRPC", mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A", grpcAt("A"))}},
			driver.ReasonContractChanged},
		{"a gRPC target on another origin", mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A", grpcAt("B"))}},
			driver.ReasonUntrustedEndpoint},
		{"interfaces on another origin", mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B")}},
			driver.ReasonUntrustedEndpoint},
		{"a redirect to another origin", mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A")},
			Redirect: &mockpeer.Redirect{Status: 301, To: "B"}}, driver.ReasonUntrustedEndpoint},
		{"protocol 2.0 only", mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", v2only)}},
			driver.ReasonVersionUnsupported},
	} {
		for _, mode := range modes {
			t.Run(tc.shape+"/"+string(mode), func(t *testing.T) {
				outs, j := playSession(t, FetchThenGuess, mode, 1, mockpeer.Grants{}, tc.a, other)
				wantOutcome(t, outs[0], driver.OutcomeAborted, tc.want)
				wantCount(t, j, "A", journal.RouteCard, "", 1)
				requests := j.Select(func(e journal.Exchange) bool { return e.Route != journal.RouteConnection })
				if n := len(requests); n != 1 {
					t.Errorf("the farm saw %d requests, want only the card request", n)
				}
				if n := len(at(j, "A", journal.RouteConnection, "")); n > 1 {
					t.Errorf("the card request came on %d connections", n)
				}
			})
		}
	}
}

// The hard-coded client sends to the card origin's JSON-RPC path although
// the card points elsewhere: it never reads it.
func TestHardcodedEndpoint(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playSession(t, HardcodedEndpoint, mode, 2, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B")}},
				mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("B", "B")}})
			wantCount(t, j, "A", journal.RouteCard, "", 0)
			wantCount(t, j, "B", "", "", 0)
			sends := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
			for i, out := range outs {
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				if out.TaskID != sends[i].TaskID {
					t.Errorf("task %d: task id %q, want %q from the journal", i+1, out.TaskID, sends[i].TaskID)
				}
			}
			calls := at(j, "A", journal.RouteA2A, "")
			if len(calls) <= len(sends) {
				t.Errorf("%d A2A calls for %d sends, want GetTask polls", len(calls), len(sends))
			}
			for _, e := range calls {
				if e.Path != mockpeer.JSONRPCPath || e.Binding != wire.BindingJSONRPC || e.A2AVersion != wire.ProtocolVersion || len(e.Auth.Presented) > 0 {
					t.Errorf("%s: want JSON-RPC at %s, A2A-Version 1.0, no credential", e.Line(), mockpeer.JSONRPCPath)
				}
			}
		})
	}
	t.Run("is refused honestly where security is required", func(t *testing.T) {
		outs, j := playBlind(t, HardcodedEndpoint, driver.ModeSession)
		for i, send := range wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2) {
			wantOutcome(t, outs[i], driver.OutcomeFailed, driver.ReasonPeerError)
			if send.ErrorCode == 0 || len(send.Auth.Presented) > 0 {
				t.Errorf("%s: want an error answer to a send without credentials", send.Line())
			}
		}
	})
}

// hardcoded-endpoint-credentials sends every credential granted, the OAuth
// token from the card origin's token endpoint, without reading the card.
func TestHardcodedEndpointCredentials(t *testing.T) {
	all := mockpeer.Grants{OAuth: true, Bearer: true, APIKey: true, ClientCert: true}
	for _, tc := range []struct {
		name    string
		grants  mockpeer.Grants
		require edit
		want    []string // credentials on every A2A call
	}{
		{"bearer", mockpeer.Grants{Bearer: true}, requireBearer, []string{journal.CredBearer}},
		{"oauth", mockpeer.Grants{OAuth: true}, requireOAuth, []string{journal.CredOAuthToken}},
		{"api key", mockpeer.Grants{APIKey: true}, requireAPIKey, []string{journal.CredAPIKey}},
		{"client certificate", mockpeer.Grants{ClientCert: true}, requireMTLS, []string{journal.CredClientCert}},
		{"all four", all, requireMTLS, []string{journal.CredAPIKey, journal.CredClientCert, journal.CredOAuthToken}},
	} {
		for _, mode := range modes {
			t.Run(tc.name+"/"+string(mode), func(t *testing.T) {
				outs, j := playSession(t, HardcodedEndpointCredentials, mode, 2, tc.grants,
					mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", tc.require)}})
				for _, out := range outs {
					wantOutcome(t, out, driver.OutcomeCompleted, "")
				}
				wantCount(t, j, "A", journal.RouteCard, "", 0)
				if tc.grants.OAuth && len(at(j, "A", journal.RouteToken, "")) == 0 {
					t.Errorf("no token request at A")
				}
				for _, e := range at(j, "A", journal.RouteA2A, "") {
					got := slices.Sorted(slices.Values(e.Auth.Presented))
					if !slices.Equal(got, tc.want) || e.Path != mockpeer.JSONRPCPath {
						t.Errorf("%s: credentials %v, want %v at %s", e.Line(), got, tc.want, mockpeer.JSONRPCPath)
					}
				}
			})
		}
	}
}

// playBlind plays two tasks with a client that must never request the
// card, against a card requiring the bearer token it is granted.
func playBlind(t *testing.T, name string, mode driver.Mode) ([]driver.Outcome, *journal.Journal) {
	t.Helper()
	outs, j := playSession(t, name, mode, 2, mockpeer.Grants{Bearer: true},
		mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)}})
	wantCount(t, j, "A", journal.RouteCard, "", 0)
	return outs, j
}

func TestSendThenCancel(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playBlind(t, SendThenCancel, mode)
			sends := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
			cancels := wantCount(t, j, "A", journal.RouteA2A, wire.MethodCancelTask, 2)
			for i, out := range outs {
				wantOutcome(t, out, driver.OutcomeCanceled, "")
				if cancels[i].TaskID != sends[i].TaskID || out.TaskID != sends[i].TaskID {
					t.Errorf("task %d: sent %s, canceled %s, reported %s", i+1, sends[i].TaskID, cancels[i].TaskID, out.TaskID)
				}
			}
		})
	}
}

func TestHardcodedV03(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playBlind(t, HardcodedV03, mode)
			calls := wantCount(t, j, "A", journal.RouteA2A, "", 2)
			for i, out := range outs {
				wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonPeerError)
				if e := calls[i]; e.ErrorCode != wire.ErrMethodNotFound.RPCCode || e.A2AVersion != wire.ProtocolVersion {
					t.Errorf("%s: want MethodNotFoundError to an A2A-Version 1.0 request", e.Line())
				}
			}
		})
	}
}

// blocking-decoy sends each task twice: blocking first (the peer holds it),
// then polling, and the polled task is canceled once the skill leaves the
// card. It reports the blocking task, completed.
func TestBlockingDecoy(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playSession(t, BlockingDecoy, mode, 1, mockpeer.Grants{}, skillMovesMidTask(30, 60, 90))
			sends := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
			if !sends[0].Blocking || sends[1].Blocking {
				t.Fatalf("sends journaled blocking %v then %v, want a blocking send, then a polling one", sends[0].Blocking, sends[1].Blocking)
			}
			cancels := wantCount(t, j, "A", journal.RouteA2A, wire.MethodCancelTask, 1)
			if cancels[0].TaskID != sends[1].TaskID {
				t.Errorf("canceled %s, want the polled task %s", cancels[0].TaskID, sends[1].TaskID)
			}
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			if outs[0].TaskID != sends[0].TaskID {
				t.Errorf("reported %s, want the blocking task %s", outs[0].TaskID, sends[0].TaskID)
			}
		})
	}
}

// snake-case-refetch is refetch-every-transition on the wire but for the
// spelling: return_immediately, which the peer reads as the polling send
// it is.
func TestSnakeCaseRefetch(t *testing.T) {
	out, j := play(t, SnakeCaseRefetch, mockpeer.Grants{}, mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A")}})
	wantOutcome(t, out, driver.OutcomeCompleted, "")
	send := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)[0]
	if !strings.Contains(send.Body, `"return_immediately":true`) || strings.Contains(send.Body, "returnImmediately") {
		t.Errorf("send body %s, want return_immediately alone", send.Body)
	}
	if send.Blocking {
		t.Errorf("the peer held the send: %s", send.Line())
	}
	if polls := at(j, "A", journal.RouteA2A, wire.MethodGetTask); len(polls) == 0 {
		t.Error("no GetTask: the task was not polled")
	}
	if cards := at(j, "A", journal.RouteCard, ""); len(cards) < 3 {
		t.Errorf("%d card fetches, want one before each poll as well", len(cards))
	}
}

// late-watcher sends each task blocking, then, once the card has changed
// under it and it is over, polls a second task sent under the first's
// card, without a card request after the first send: watched, but
// started after the change.
func TestLateWatcher(t *testing.T) {
	for _, mode := range modes {
		t.Run(string(mode), func(t *testing.T) {
			outs, j := playSession(t, LateWatcher, mode, 1, mockpeer.Grants{}, skillMovesMidTask(50, 90))
			sends := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
			if !sends[0].Blocking || sends[0].CardVersion != 0 || sends[0].StateVersion != 1 {
				t.Errorf("first send %s, want blocking, sent under v0, held across the change", sends[0].Line())
			}
			if sends[1].Blocking || sends[1].CardVersion != 1 {
				t.Errorf("second send %s, want a polling send after the change", sends[1].Line())
			}
			for _, f := range at(j, "A", journal.RouteCard, "") {
				if f.Seq > sends[0].Seq {
					t.Errorf("%s: a card request after the first send", f.Line())
				}
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodCancelTask, 0)
			polls := at(j, "A", journal.RouteA2A, wire.MethodGetTask)
			if len(polls) == 0 || polls[len(polls)-1].StateAfter != wire.TaskStateCompleted {
				t.Errorf("the second task was not polled to its end: %d polls", len(polls))
			}
			for _, p := range polls {
				if p.TaskID != sends[1].TaskID {
					t.Errorf("%s: a poll of another task than the second", p.Line())
				}
			}
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			if outs[0].TaskID != sends[0].TaskID {
				t.Errorf("reported %s, want the blocking task %s", outs[0].TaskID, sends[0].TaskID)
			}
		})
	}
}

// skillMovesMidTask is peer A, whose first skill leaves the card (the
// contract unchanged) at a task's second step; each task works through the
// progress steps given, then completes.
func skillMovesMidTask(progress ...int) mockpeer.PeerSpec {
	skillMoved := func(_ mockpeer.Origins, c *wire.AgentCard) { c.Skills = c.Skills[1:] }
	steps := []mockpeer.TaskStep{{State: wire.TaskStateWorking}}
	for _, p := range progress {
		steps = append(steps, mockpeer.TaskStep{State: wire.TaskStateWorking, Progress: p})
	}
	steps = append(steps, mockpeer.TaskStep{State: wire.TaskStateCompleted})
	return mockpeer.PeerSpec{
		Name:      "A",
		Cards:     []mockpeer.CardFunc{card("A", "A"), card("A", "A", skillMoved)},
		Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 1}},
		Task:      mockpeer.TaskScript{Steps: steps, StepInterval: mockpeer.DefaultStepInterval},
	}
}
