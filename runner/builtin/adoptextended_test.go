package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A's public card names the bearer token and lacks the skill; its extended
// card lists the skill, requiring the API key, on the origin of at.
func publicWithoutSkill(_ mockpeer.Origins, c *wire.AgentCard) {
	c.Skills = c.Skills[1:]
	c.Capabilities.ExtendedAgentCard = wire.Bool(true)
}

func skillOnAPIKey(_ mockpeer.Origins, c *wire.AgentCard) {
	c.Capabilities.ExtendedAgentCard = wire.Bool(true)
	c.SecuritySchemes["apikey"] = wire.SecurityScheme{APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}}
	c.Skills[0].SecurityRequirements = []wire.SecurityRequirement{wire.Require("apikey")}
}

func extendedPeers(at string) []mockpeer.PeerSpec {
	return []mockpeer.PeerSpec{
		{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer, publicWithoutSkill)},
			Extended: &mockpeer.ExtendedCard{Cards: []mockpeer.CardFunc{card("A", at, requireBearer, skillOnAPIKey)}}},
		{Name: "B", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer, skillOnAPIKey)}},
	}
}

// The reference judges a repointed extended card as any card and sends B
// nothing; adopt-any-extended-card takes it on the word of the
// authenticated call and completes at B.
func TestAdoptAnyExtendedCard(t *testing.T) {
	grants := mockpeer.Grants{Bearer: true, APIKey: true}
	for _, tc := range []struct {
		client, at string
		want       driver.Outcome
		atB        int
	}{
		{Reference, "A", driver.Outcome{Outcome: driver.OutcomeCompleted}, 0},
		{AdoptAnyExtendedCard, "A", driver.Outcome{Outcome: driver.OutcomeCompleted}, 0},
		{Reference, "B", driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}, 0},
		{AdoptAnyExtendedCard, "B", driver.Outcome{Outcome: driver.OutcomeCompleted}, -1},
	} {
		t.Run(tc.client+"/extended card on "+tc.at, func(t *testing.T) {
			out, j := play(t, tc.client, grants, extendedPeers(tc.at)...)
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			if tc.atB == 0 {
				wantCount(t, j, "B", "", "", 0)
			} else if len(at(j, "B", journal.RouteA2A, wire.MethodSendMessage)) == 0 {
				t.Error("no send at B")
			}
		})
	}
}

// The reference asks for the extended card with the bearer token alone;
// extended-card-every-credential adds the API key it holds.
func TestExtendedCardEveryCredential(t *testing.T) {
	grants := mockpeer.Grants{Bearer: true, APIKey: true}
	for _, tc := range []struct {
		client    string
		presented []string
	}{
		{Reference, []string{journal.CredBearer}},
		{ExtendedCardEveryCredential, []string{journal.CredAPIKey, journal.CredBearer}},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, grants, extendedPeers("A")...)
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			for _, ex := range wantCount(t, j, "A", journal.RouteA2A, wire.MethodGetExtendedAgentCard, 2) {
				if got := slices.Sorted(slices.Values(ex.Auth.Presented)); !slices.Equal(got, tc.presented) {
					t.Errorf("GetExtendedAgentCard #%d presented %v, want %v", ex.Seq, got, tc.presented)
				}
			}
		})
	}
}
