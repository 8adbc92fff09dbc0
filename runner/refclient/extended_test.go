package refclient

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The extended card against the mock farm, on every binding: A's public
// card names the bearer token card-wide and lacks the skill; its extended
// card lists the skill, which requires the API key. The client holds both.

func extendedPublic(peer string) mockpeer.CardBuilder {
	return mockpeer.NewCard(peer).Skills(mockpeer.Skill("other", "does something else")).
		Security(mockpeer.BearerScheme(), wire.Require(mockpeer.SchemeBearer)).
		Edit(func(_ mockpeer.Origins, c *wire.AgentCard) { c.Capabilities.ExtendedAgentCard = wire.Bool(true) })
}

func extendedFull(peer string) mockpeer.CardBuilder {
	return extendedPublic(peer).Skills(mockpeer.Skill("other", "does something else"), mockpeer.Skill(testSkill, "summarizes")).
		Edit(func(o mockpeer.Origins, c *wire.AgentCard) {
			c.SecuritySchemes[mockpeer.SchemeAPIKey] = mockpeer.APIKeyScheme()(o)[mockpeer.SchemeAPIKey]
		}).
		SkillSecurity(testSkill, wire.Require(mockpeer.SchemeAPIKey))
}

// extendedFarm starts A with publics and extendeds, and B, a working peer
// on another host serving extendedFull.
func extendedFarm(t *testing.T, publics, extendeds []mockpeer.CardFunc) *mockpeer.Farm {
	t.Helper()
	script := mockpeer.TaskScript{Steps: workThenComplete}
	return startSpec(t, mockpeer.FarmSpec{
		Grants: mockpeer.Grants{Bearer: true, APIKey: true},
		Peers: []mockpeer.PeerSpec{
			{Name: "A", Host: "127.0.0.1", Skill: testSkill, Cards: publics, Task: script,
				Extended: &mockpeer.ExtendedCard{Cards: extendeds}},
			{Name: "B", Host: "127.0.0.2", Skill: testSkill, Cards: []mockpeer.CardFunc{extendedFull("B").Build}, Task: script},
		},
	})
}

func extendedTask(t *testing.T, c *Client) (Result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	return c.Delegate(ctx, testMessage)
}

func extendedClient(t *testing.T, farm *mockpeer.Farm, binding string) *Client {
	t.Helper()
	c, err := New(Config{CardURL: farm.Peer("A").CardURL(), Skill: testSkill, CAFile: farm.CAFile(),
		Credentials: farm.Credentials(farm.Grants()), Binding: binding})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func TestExtendedCardPlannedOn(t *testing.T) {
	for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC} {
		t.Run(binding, func(t *testing.T) {
			farm := extendedFarm(t, []mockpeer.CardFunc{extendedPublic("A").Build}, []mockpeer.CardFunc{extendedFull("A").Build})
			res, err := extendedTask(t, extendedClient(t, farm, binding))
			if err != nil || res.Task == nil || res.Task.Status.State != wire.TaskStateCompleted {
				t.Fatalf("delegation: %v, %+v", err, res.Task)
			}
			_ = farm.Close()
			var fetched, sent bool
			for _, ex := range a2aCalls(farm) {
				if ex.Binding != binding {
					t.Errorf("%s over %s, want %s", ex.Op, ex.Binding, binding)
				}
				switch ex.Op {
				case wire.MethodGetExtendedAgentCard:
					fetched = true
					if !slices.Equal(ex.Auth.Presented, []string{journal.CredBearer}) {
						t.Errorf("GetExtendedAgentCard presented %v, want the bearer token alone", ex.Auth.Presented)
					}
				case wire.MethodSendMessage:
					sent = true
					if !fetched || !slices.Equal(ex.Auth.Presented, []string{journal.CredAPIKey}) {
						t.Errorf("send presented %v (extended card fetched before: %v), want the API key alone, after", ex.Auth.Presented, fetched)
					}
				}
			}
			if !fetched || !sent {
				t.Errorf("extended card fetched %v, task sent %v", fetched, sent)
			}
		})
	}
}

// A repointed extended card is judged as any card of A's origin: B gets
// nothing, and the task, which needs it, is refused.
func TestExtendedCardRepointedIsRefused(t *testing.T) {
	farm := extendedFarm(t, []mockpeer.CardFunc{extendedPublic("A").Build}, []mockpeer.CardFunc{extendedFull("A").Endpoint("B").Build})
	_, err := extendedTask(t, extendedClient(t, farm, ""))
	if !errors.Is(err, ErrUntrustedEndpoint) {
		t.Fatalf("error %v, want ErrUntrustedEndpoint", err)
	}
	if out := OutcomeOf(Result{}, err); out.Reason != driver.ReasonUntrustedEndpoint {
		t.Errorf("outcome %+v", out)
	}
	_ = farm.Close()
	if at := farm.Journal().Select(func(ex journal.Exchange) bool { return ex.Peer == "B" }); len(at) > 0 {
		t.Errorf("%d exchange(s) with B, first %s", len(at), at[0].Line())
	}
}

// Rule 2 for the extended card: it changes between the plan and the send
// while the public card answers 304; the client aborts before sending.
func TestExtendedCardChangedBeforeSend(t *testing.T) {
	farm := extendedFarm(t,
		[]mockpeer.CardFunc{extendedPublic("A").Build, extendedPublic("A").Build},
		[]mockpeer.CardFunc{extendedFull("A").Build, extendedFull("A").SkillSecurity(testSkill, wire.Require(mockpeer.SchemeBearer)).Build})
	if err := farm.Peer("A").ArmExtended(1); err != nil {
		t.Fatal(err)
	}
	_, err := extendedTask(t, extendedClient(t, farm, ""))
	if !errors.Is(err, ErrContractChanged) {
		t.Fatalf("error %v, want ErrContractChanged", err)
	}
	_ = farm.Close()
	if ops := opsOf(a2aCalls(farm)); !slices.Equal(ops, []string{wire.MethodGetExtendedAgentCard, wire.MethodGetExtendedAgentCard}) {
		t.Errorf("A2A calls %v, want the extended card fetched twice and nothing sent", ops)
	}
}
