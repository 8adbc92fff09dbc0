package builtin

import (
	"context"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Each built-in client is played against the mock farm over real TLS on
// loopback, next to the reference in the same situation.

const (
	testSkill   = "summarize"
	testMessage = "please summarize"
	// testDeadline is generous: every test ends on an event, not on time.
	testDeadline = 20 * time.Second
)

// edit changes a card; o resolves peer names to origins.
type edit func(o mockpeer.Origins, c *wire.AgentCard)

// card builds a card of peer self whose two 1.0 interfaces (JSON-RPC,
// then HTTP+JSON) are on the origin of peer at; edits change it.
func card(self, at string, edits ...edit) mockpeer.CardFunc {
	return func(o mockpeer.Origins) wire.AgentCard {
		c := wire.AgentCard{
			Name: "peer " + self, Description: "answers tests", Version: "1.0.0",
			SupportedInterfaces: []wire.AgentInterface{
				{URL: mockpeer.JSONRPCURL(o(at)), ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: "1.0"},
				{URL: mockpeer.RESTURL(o(at)), ProtocolBinding: wire.BindingHTTPJSON, ProtocolVersion: "1.0"},
			},
			DefaultInputModes:  []string{"text/plain"},
			DefaultOutputModes: []string{"text/plain"},
			Skills: []wire.AgentSkill{
				{ID: testSkill, Name: "Summarize", Description: "summarizes", Tags: []string{"text"}},
				{ID: "translate", Name: "Translate", Description: "translates", Tags: []string{"text"}},
			},
		}
		for _, e := range edits {
			e(o, &c)
		}
		return c
	}
}

// Security edits: the card's only requirement is a bearer token, an
// OAuth client-credentials token from A's token endpoint, or mTLS.
func requireBearer(_ mockpeer.Origins, c *wire.AgentCard) {
	require(c, "bearer", bearerScheme())
}

func requireOAuth(o mockpeer.Origins, c *wire.AgentCard) {
	require(c, "oauth", wire.SecurityScheme{OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
		ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: mockpeer.TokenURL(o("A")), Scopes: map[string]string{}},
	}}})
}

func requireMTLS(_ mockpeer.Origins, c *wire.AgentCard) {
	require(c, "mtls", wire.SecurityScheme{MTLS: &wire.MTLSSecurityScheme{}})
}

func require(c *wire.AgentCard, name string, s wire.SecurityScheme) {
	c.SecuritySchemes = map[string]wire.SecurityScheme{name: s}
	c.SecurityRequirements = []wire.SecurityRequirement{wire.Require(name)}
}

func bearerScheme() wire.SecurityScheme {
	return wire.SecurityScheme{HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}
}

// steps is a task that works for two polls, then completes.
func steps() mockpeer.TaskScript {
	return mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
		{State: wire.TaskStateWorking}, {State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted},
	}}
}

// startFarm starts a farm of peers, the test's peer defaults filled in,
// and returns it with an assignment of peer A's card and the credentials
// granted. Closing the farm (Cleanup does) completes its journal.
func startFarm(t *testing.T, grants mockpeer.Grants, peers ...mockpeer.PeerSpec) (*mockpeer.Farm, driver.Assignment) {
	t.Helper()
	for i := range peers {
		if peers[i].Skill == "" {
			peers[i].Skill = testSkill
		}
		if peers[i].Task.Steps == nil {
			peers[i].Task = steps()
		}
	}
	farm, err := mockpeer.Start(context.Background(), mockpeer.FarmSpec{Dir: t.TempDir(), Grants: grants, Peers: peers})
	if err != nil {
		t.Fatalf("mockpeer.Start: %v", err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return farm, driver.Assignment{
		CardURL: farm.Peer("A").CardURL(), Message: testMessage, Skill: testSkill, CAFile: farm.CAFile(),
		Credentials: farm.Credentials(grants), Deadline: testDeadline,
	}
}

// closeFarm closes the farm and returns its journal, complete once Close
// has waited for the requests in flight.
func closeFarm(t *testing.T, farm *mockpeer.Farm) *journal.Journal {
	t.Helper()
	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	return farm.Journal()
}

// play starts a farm of peers, plays the built-in client name against
// peer A's card with the credentials granted, and returns the outcome and
// the journal, complete once the farm has closed.
func play(t *testing.T, name string, grants mockpeer.Grants, peers ...mockpeer.PeerSpec) (driver.Outcome, *journal.Journal) {
	t.Helper()
	return playWith(t, name, Options{}, grants, peers...)
}

// playWith is play with the client talking as o says.
func playWith(t *testing.T, name string, o Options, grants mockpeer.Grants, peers ...mockpeer.PeerSpec) (driver.Outcome, *journal.Journal) {
	t.Helper()
	farm, a := startFarm(t, grants, peers...)
	run, err := PlayWith(name, o)
	if err != nil {
		t.Fatal(err)
	}
	out := run(context.Background(), a)
	t.Logf("%s: %+v", name, out)
	return out, closeFarm(t, farm)
}

func wantOutcome(t *testing.T, got driver.Outcome, outcome driver.OutcomeKind, reason driver.Reason) {
	t.Helper()
	if got.Outcome != outcome || got.Reason != reason {
		t.Fatalf("outcome = %s (%s), want %s", got.Short(), got.Detail, driver.Outcome{Outcome: outcome, Reason: reason}.Short())
	}
}

// at selects the exchanges of one peer on one route ("" means any request:
// connections are journaled when they end), of one A2A operation when op
// is not "".
func at(j *journal.Journal, peer, route, op string) []journal.Exchange {
	return j.Select(func(e journal.Exchange) bool {
		return e.Peer == peer && (e.Route == route || route == "" && e.Route != journal.RouteConnection) &&
			(op == "" || e.Op == op)
	})
}

// The outcomes most tests want: the task completed, or aborted before any
// send because the card is not authoritative for where it points.
var (
	completed = driver.Outcome{Outcome: driver.OutcomeCompleted}
	untrusted = driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}
)

// wantCount fails unless peer saw want exchanges on route (and op).
func wantCount(t *testing.T, j *journal.Journal, peer, route, op string, want int) []journal.Exchange {
	t.Helper()
	got := at(j, peer, route, op)
	if len(got) != want {
		t.Fatalf("peer %s saw %d %s %s exchanges, want %d", peer, len(got), route, op, want)
	}
	return got
}

// rotatesToMTLSAfterFirstCard is peer A of the field report: an oauth2
// card fresh for 300 s that turns to mTLS only once it has been served,
// the old token still accepted so that only the client's decision is
// judged.
func rotatesToMTLSAfterFirstCard() mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		Name:          "A",
		Cards:         []mockpeer.CardFunc{card("A", "A", requireOAuth), card("A", "A", requireMTLS)},
		Caching:       mockpeer.Caching{CacheControl: "max-age=300"},
		Rotations:     []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterCardResponses, N: 1}, To: 1}},
		GraceRequests: -1,
	}
}

// playChanges plays the built-in client name, one task per change, in
// mode, sharing one state directory as a session does: each change is
// made to the farm right before its task. It returns the outcomes and the
// journal.
func playChanges(t *testing.T, name string, mode driver.Mode, grants mockpeer.Grants, peers []mockpeer.PeerSpec, changes ...func(*mockpeer.Farm) error) ([]driver.Outcome, *journal.Journal) {
	t.Helper()
	farm, a := startFarm(t, grants, peers...)
	a.StateDir = t.TempDir()
	session, err := SessionWith(name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var outs []driver.Outcome
	for i, change := range changes {
		if change != nil {
			if err := change(farm); err != nil {
				t.Fatal(err)
			}
		}
		do := session
		if mode == driver.ModeOneShot {
			if do, err = PlayWith(name, Options{}); err != nil {
				t.Fatal(err)
			}
		}
		a.Task = i + 1
		out := do(context.Background(), a)
		t.Logf("%s %s task %d: %+v", name, mode, i+1, out)
		outs = append(outs, out)
	}
	return outs, closeFarm(t, farm)
}

// presentImpostor makes peer A present a certificate of another CA than
// the run's.
func presentImpostor(f *mockpeer.Farm) error { return f.Peer("A").PresentImpostor() }

// playCertificateChange plays client in a session of two tasks at peer A,
// whose card requires the bearer token, with change made to A's
// certificate between them. The first task completes; the second
// completes when the client takes the changed certificate, and otherwise
// fails with transport-error, nothing sent, the refused handshake in the
// journal.
func playCertificateChange(t *testing.T, client string, change func(*mockpeer.Farm) error, takes bool) {
	t.Helper()
	a := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)}}
	outs, j := playChanges(t, client, driver.ModeSession, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a}, nil, change)
	wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
	if takes {
		wantOutcome(t, outs[1], driver.OutcomeCompleted, "")
		wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
		return
	}
	wantOutcome(t, outs[1], driver.OutcomeFailed, driver.ReasonTransportError)
	wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)
	if refused := j.Select(journal.Exchange.HandshakeRefusedByClient); len(refused) == 0 {
		t.Error("the journal shows no handshake the client refused")
	}
}
