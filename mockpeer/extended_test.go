package mockpeer

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// extendedPeer: a public card that advertises an extended card and names
// the bearer scheme card-wide, listing another skill than the target; its
// extended card adds the target skill, which requires the API key. Card
// version 1 keeps the public card and changes the extended card's
// description and the skill's requirement to the bearer.
func extendedPeer(security bool) PeerSpec {
	public := func(o Origins, c *wire.AgentCard) {
		c.Capabilities.ExtendedAgentCard = wire.Bool(true)
		c.Skills = []wire.AgentSkill{Skill("other", "does something else", "text")}
		if security {
			withSecurity(bearerScheme, wire.Require("bearer"))(o, c)
		}
	}
	extended := func(desc, scheme string) CardFunc {
		return testCard("A", public, func(o Origins, c *wire.AgentCard) {
			c.Description = desc
			skill := Skill(testSkill, "summarizes", "text")
			if security {
				c.SecuritySchemes["key"] = wire.SecurityScheme{APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-Api-Key"}}
				skill.SecurityRequirements = []wire.SecurityRequirement{wire.Require(scheme)}
			}
			c.Skills = append(c.Skills, skill)
		})
	}
	return PeerSpec{
		Cards:    []CardFunc{testCard("A", public), testCard("A", public)},
		Extended: &ExtendedCard{Cards: []CardFunc{extended("extended v0", "key"), extended("extended v1", "bearer")}},
	}
}

func TestExtendedCardOnEveryBinding(t *testing.T) {
	f, p := onePeer(t, extendedPeer(false))
	if p.ExtendedContractHash(0) == "" || p.ExtendedContractHash(2) != "" {
		t.Fatalf("extended hashes %q (version 0), %q (no version 2)", p.ExtendedContractHash(0), p.ExtendedContractHash(2))
	}
	if string(p.CardBytes(0)) != string(p.CardBytes(1)) {
		t.Fatal("the two public versions differ; the test wants only the extended card to change")
	}
	for _, b := range bindings {
		if err := p.Rotate(0); err != nil {
			t.Fatal(err)
		}
		if err := p.ArmExtended(1); err != nil {
			t.Fatal(err)
		}
		res, code := b.call(t, httpsClient(t, f, false), p, wire.MethodGetExtendedAgentCard, map[string]any{})
		if code != 0 || !strings.Contains(string(res), "extended v0") || !strings.Contains(string(res), testSkill) {
			t.Fatalf("%s: code %d, extended card %s", b.name, code, res)
		}
		ex := lastExchange(t, f, journal.RouteA2A)
		if ex.Op != wire.MethodGetExtendedAgentCard || ex.CardVersion != 0 {
			t.Errorf("%s: journaled %s under version %d, want GetExtendedAgentCard under 0", b.name, ex.Op, ex.CardVersion)
		}
		if v := p.Version(); v != 1 {
			t.Errorf("%s: version %d in force after the armed extended answer, want 1", b.name, v)
		}
		res, _ = b.call(t, httpsClient(t, f, false), p, wire.MethodGetExtendedAgentCard, map[string]any{})
		if !strings.Contains(string(res), "extended v1") {
			t.Errorf("%s: after the change, extended card %s", b.name, res)
		}
	}
}

func TestArmExtendedIsNotFiredByACardFetch(t *testing.T) {
	f, p := onePeer(t, extendedPeer(false))
	if err := p.ArmExtended(1); err != nil {
		t.Fatal(err)
	}
	do(t, httpsClient(t, f, false), "GET", p.CardURL(), "", nil)
	if v := p.Version(); v != 0 {
		t.Fatalf("a public card fetch fired the extended arm: version %d", v)
	}
	// A send comes first: the change meets it all the same.
	_, e := rpc(t, httpsClient(t, f, false), p, wire.MethodSendMessage, sendParams("hi", true), nil)
	if e != nil {
		t.Fatalf("send: %+v", e)
	}
	if ex := lastExchange(t, f, journal.RouteA2A); ex.CardVersion != 1 {
		t.Errorf("the send is journaled under version %d, want 1 (the armed change fired before it was judged)", ex.CardVersion)
	}
}

// The extended card is fetched with the scheme the public card names, and
// the skill it adds is reached with the scheme the extended card names.
func TestExtendedCardSecurity(t *testing.T) {
	f, p := onePeer(t, extendedPeer(true))
	if p.ExtendedContractHash(0) == p.ContractHash(0) || p.ExtendedContractHash(0) == p.ExtendedContractHash(1) {
		t.Fatal("the skill's requirement is contract: the extended cards' hashes must differ from the public one's and from each other")
	}
	creds := f.Credentials(Grants{Bearer: true, APIKey: true})
	bearer := map[string]string{"Authorization": "Bearer " + creds.BearerToken}
	key := map[string]string{"X-Api-Key": creds.APIKey}
	c := httpsClient(t, f, false)
	tests := []struct {
		name   string
		op     string
		params any
		header map[string]string
		admit  bool
	}{
		{"extended card without credential", wire.MethodGetExtendedAgentCard, nil, nil, false},
		{"extended card with the key the public card does not name", wire.MethodGetExtendedAgentCard, nil, key, false},
		{"extended card with the bearer the public card names", wire.MethodGetExtendedAgentCard, nil, bearer, true},
		{"send with the public card's bearer", wire.MethodSendMessage, sendParams("hi", true), bearer, false},
		{"send with the key the extended card names", wire.MethodSendMessage, sendParams("hi", true), key, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, e := rpc(t, c, p, tt.op, tt.params, tt.header)
			if admitted := e == nil; admitted != tt.admit {
				t.Fatalf("admitted %v, want %v (%+v)", admitted, tt.admit, e)
			}
			if !tt.admit && e.Code != wire.ErrUnauthenticated.RPCCode {
				t.Errorf("refused with %d, want Unauthenticated", e.Code)
			}
			ex := lastExchange(t, f, journal.RouteA2A)
			if ex.Auth.SatisfiesCurrent != tt.admit {
				t.Errorf("journal: satisfiesCurrent %v, want %v", ex.Auth.SatisfiesCurrent, tt.admit)
			}
			if tt.op == wire.MethodGetExtendedAgentCard && tt.admit {
				var card wire.AgentCard
				if err := json.Unmarshal(res, &card); err != nil || card.Skill(testSkill) == nil {
					t.Errorf("extended card %s: %v", res, err)
				}
			}
		})
	}
}

func TestExtendedCardSpecRefused(t *testing.T) {
	card := []CardFunc{testCard("A")}
	for name, ps := range map[string]PeerSpec{
		"no cards":                 {Extended: &ExtendedCard{}},
		"tampered without signing": {Extended: &ExtendedCard{Cards: card, Tampered: true}},
		"unsigned and tampered":    {Extended: &ExtendedCard{Cards: card, Tampered: true, Unsigned: true}, Signing: &Signing{}},
	} {
		ps.Name, ps.Skill, ps.Cards = "A", testSkill, card
		if _, err := Start(t.Context(), FarmSpec{Peers: []PeerSpec{ps}}); !errors.Is(err, ErrInvalidSpec) {
			t.Errorf("%s: error %v, want ErrInvalidSpec", name, err)
		}
	}
}

// The extended card is signed like the public cards, unless unsigned;
// tampered, its signatures cover another card than the one served.
func TestExtendedCardSignatures(t *testing.T) {
	for _, tt := range []struct {
		name     string
		ext      ExtendedCard
		signed   bool
		verifies bool
	}{
		{"signed", ExtendedCard{}, true, true},
		{"unsigned", ExtendedCard{Unsigned: true}, false, false},
		{"tampered", ExtendedCard{Tampered: true}, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.ext.Cards = []CardFunc{testCard("A")}
			f, p := onePeer(t, PeerSpec{Signing: &Signing{}, Extended: &tt.ext})
			raw := p.ExtendedCardBytes(0)
			if got := strings.Contains(string(raw), `"signatures"`); got != tt.signed {
				t.Fatalf("signatures present %v, want %v: %s", got, tt.signed, raw)
			}
			if !tt.signed {
				return
			}
			_, body := do(t, httpsClient(t, f, false), "GET", JWKSURL(p.Origin()), "", nil)
			set, err := cardsig.ParseJWKS(body)
			if err != nil {
				t.Fatal(err)
			}
			_, err = cardsig.Verify(t.Context(), raw, cardsig.VerifyOptions{Algorithms: []string{cardsig.ES256}, Keys: cardsig.KeySet(set)})
			if verified := err == nil; verified != tt.verifies {
				t.Errorf("verifies %v (%v), want %v", verified, err, tt.verifies)
			}
		})
	}
}
