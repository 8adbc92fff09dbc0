package refclient

import (
	"fmt"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestRevalidationBeforeSend(t *testing.T) {
	pki := newTestPKI(t)
	cases := []struct {
		name string
		// v2 derives the card served after the first fetch from v1.
		v2                     func(v1 wire.AgentCard) wire.AgentCard
		noETag, noLastModified bool
		wantOutcome            driver.OutcomeKind
		wantRsn                driver.Reason
		wantSends              int
	}{
		{"unchanged answers 304", func(v1 wire.AgentCard) wire.AgentCard { return v1 }, false, false, driver.OutcomeCompleted, "", 1},
		{"contract changed", func(v1 wire.AgentCard) wire.AgentCard {
			secure(&v1, "mtls", mtlsScheme())
			return v1
		}, false, false, driver.OutcomeAborted, driver.ReasonContractChanged, 0},
		{"skill security changed", func(v1 wire.AgentCard) wire.AgentCard {
			v1.Skills[0].SecurityRequirements = []wire.SecurityRequirement{wire.Require("mtls")}
			return v1
		}, false, false, driver.OutcomeAborted, driver.ReasonContractChanged, 0},
		{"capability drift only", func(v1 wire.AgentCard) wire.AgentCard {
			v1.Version = "2.0.0"
			v1.Skills = []wire.AgentSkill{v1.Skills[0]}
			v1.DefaultInputModes = []string{"application/json"}
			return v1
		}, false, false, driver.OutcomeCompleted, "", 1},
		{"contract changed, Last-Modified only", func(v1 wire.AgentCard) wire.AgentCard {
			v1.SupportedInterfaces[0].Tenant = "moved"
			return v1
		}, true, false, driver.OutcomeAborted, driver.ReasonContractChanged, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			peer := startPeer(t, pki, "127.0.0.1")
			v1 := testCard(peer.origin)
			secure(&v1, "bearer", bearerScheme())
			v1.SecuritySchemes["mtls"] = mtlsScheme() // declared, not required
			peer.setCards(t, v1, tc.v2(testCardCopy(v1)))
			peer.rotateAfterCards = 1
			peer.cacheControl = "max-age=300" // fresh: the reference revalidates anyway
			peer.noETag, peer.noLastModified = tc.noETag, tc.noLastModified

			out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{BearerToken: testBearer})
			wantOutcome(t, out, tc.wantOutcome, tc.wantRsn)

			cards := wantCount(t, peer, opSeenCard, 2)
			reval := cards[1].Header
			if tc.noETag {
				if reval.Get("If-Modified-Since") == "" || reval.Get("If-None-Match") != "" {
					t.Errorf("revalidation headers %v, want If-Modified-Since only", reval)
				}
			} else if want := etagOf(peer, 0); reval.Get("If-None-Match") != want {
				t.Errorf("If-None-Match = %q, want the ETag first served %q", reval.Get("If-None-Match"), want)
			}
			wantCount(t, peer, wire.MethodSendMessage, tc.wantSends)
			if tc.wantSends == 0 {
				wantNoA2A(t, peer)
			}
			wantCount(t, peer, wire.MethodCancelTask, 0)
		})
	}
}

// testCardCopy deep-copies the parts of a card the cases mutate.
func testCardCopy(c wire.AgentCard) wire.AgentCard {
	out := c
	out.SupportedInterfaces = append([]wire.AgentInterface(nil), c.SupportedInterfaces...)
	out.Skills = append([]wire.AgentSkill(nil), c.Skills...)
	out.SecuritySchemes = map[string]wire.SecurityScheme{}
	for k, v := range c.SecuritySchemes {
		out.SecuritySchemes[k] = v
	}
	return out
}

func etagOf(p *fakePeer, version int) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return fmt.Sprintf(`"v%d-%x"`, version, sha256Sum(p.cards[version]))
}

func TestNoValidatorCardIsNeverFetchedAgain(t *testing.T) {
	pki := newTestPKI(t)
	peer := startPeer(t, pki, "127.0.0.1")
	v1 := testCard(peer.origin)
	v2 := testCardCopy(v1)
	secure(&v2, "mtls", mtlsScheme()) // the contract changes mid-task
	peer.setCards(t, v1, v2)
	peer.noETag, peer.noLastModified = true, true
	peer.rotateAfterSend = true
	peer.steps = []wire.TaskStatus{{State: wire.TaskStateSubmitted}, {State: wire.TaskStateWorking},
		{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}

	out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{})
	wantOutcome(t, out, driver.OutcomeCompleted, "")
	wantCount(t, peer, opSeenCard, 1)
	wantCount(t, peer, wire.MethodGetTask, 3)
	wantCount(t, peer, wire.MethodCancelTask, 0)
}
