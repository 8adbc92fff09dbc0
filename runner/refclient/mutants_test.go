package refclient

import (
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Each mutant gets one test showing the behaviour that makes it a mutant,
// next to what the reference does in the same situation.

func TestMutantTTLCache(t *testing.T) {
	pki := newTestPKI(t)

	t.Run("trusts a fresh card over a rotated contract", func(t *testing.T) {
		for _, tc := range []struct {
			policy       Policy
			cards, sends int
			outcome      driver.OutcomeKind
			reason       driver.Reason
		}{
			{Reference, 2, 0, driver.OutcomeAborted, driver.ReasonContractChanged},
			{TTLCache, 1, 1, driver.OutcomeCompleted, ""},
		} {
			t.Run(string(tc.policy), func(t *testing.T) {
				peer := startPeer(t, pki, "127.0.0.1")
				v1 := testCard(peer.origin)
				secure(&v1, "oauth", oauthScheme(peer.origin+"/token"))
				v2 := testCardCopy(v1)
				secure(&v2, "mtls", mtlsScheme())
				peer.setCards(t, v1, v2)
				peer.cacheControl = "max-age=300"
				peer.rotateAfterCards = 1

				creds := driver.Credentials{OAuthClientID: testClientID, OAuthClientSecret: testClientSecret}
				wantOutcome(t, runAgainst(t, pki, peer.cardURL(), tc.policy, creds), tc.outcome, tc.reason)
				wantCount(t, peer, opSeenCard, tc.cards)
				wantCount(t, peer, wire.MethodSendMessage, tc.sends)
			})
		}
	})

	t.Run("sends no credential where the cached card makes it optional", func(t *testing.T) {
		for _, tc := range []struct {
			policy     Policy
			wantBearer bool
		}{{Reference, true}, {TTLCache, false}} {
			t.Run(string(tc.policy), func(t *testing.T) {
				peer := startPeer(t, pki, "127.0.0.1")
				card := testCard(peer.origin)
				card.SecuritySchemes = map[string]wire.SecurityScheme{"bearer": bearerScheme()}
				card.Skills[0].SecurityRequirements = []wire.SecurityRequirement{wire.Require("bearer"), {}}
				peer.setCards(t, card)
				peer.cacheControl = "max-age=86400"

				out := runAgainst(t, pki, peer.cardURL(), tc.policy, driver.Credentials{BearerToken: testBearer})
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				send := wantCount(t, peer, wire.MethodSendMessage, 1)[0]
				if got := send.Header.Get("Authorization") != ""; got != tc.wantBearer {
					t.Errorf("send carried Authorization: %v, want %v", got, tc.wantBearer)
				}
			})
		}
	})

	t.Run("revalidates when the peer says no-cache", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		peer.setCards(t, testCard(peer.origin))
		peer.cacheControl = "no-cache"
		wantOutcome(t, runAgainst(t, pki, peer.cardURL(), TTLCache, driver.Credentials{}), driver.OutcomeCompleted, "")
		if cards := wantCount(t, peer, opSeenCard, 2); cards[1].Header.Get("If-None-Match") == "" {
			t.Errorf("second fetch is not conditional")
		}
	})
}

func TestCardFreshness(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		cacheControl, age string
		after             time.Duration
		fresh             bool
	}{
		{"", "", 23 * time.Hour, true},
		{"", "", 25 * time.Hour, false},
		{"public, max-age=300", "", 299 * time.Second, true},
		{"max-age=300", "", 301 * time.Second, false},
		{"max-age=300", "200", 101 * time.Second, false},
		{"no-cache, max-age=300", "", 0, false},
		{"no-store", "", 0, false},
	}
	for _, tc := range cases {
		k := &Card{CacheControl: tc.cacheControl, Age: tc.age, FetchedAt: now}
		if got := k.fresh(now.Add(tc.after)); got != tc.fresh {
			t.Errorf("Cache-Control %q Age %q after %v: fresh = %v, want %v", tc.cacheControl, tc.age, tc.after, got, tc.fresh)
		}
	}
}

func TestMutantRefetchEveryTransition(t *testing.T) {
	pki := newTestPKI(t)
	for _, tc := range []struct {
		policy    Policy
		moreCards bool
		cancels   int
		outcome   driver.OutcomeKind
	}{
		{Reference, false, 0, driver.OutcomeCompleted},
		{RefetchEveryTransition, true, 1, driver.OutcomeCanceled},
	} {
		t.Run(string(tc.policy), func(t *testing.T) {
			peer := startPeer(t, pki, "127.0.0.1")
			v1 := testCard(peer.origin)
			v2 := testCardCopy(v1)
			v2.Skills = v2.Skills[1:] // the skill moved to a sub-agent; contract unchanged
			peer.setCards(t, v1, v2)
			peer.rotateAfterSend = true

			out := runAgainst(t, pki, peer.cardURL(), tc.policy, driver.Credentials{})
			wantOutcome(t, out, tc.outcome, "")
			if out.TaskID != "task-1" {
				t.Errorf("taskId = %q, want task-1", out.TaskID)
			}
			wantCount(t, peer, wire.MethodCancelTask, tc.cancels)
			cards := peer.requests(opSeenCard)
			if got := len(cards) > 2; got != tc.moreCards {
				t.Fatalf("%d card fetches, want fetches after the send: %v", len(cards), tc.moreCards)
			}
			if tc.moreCards && cards[2].Header.Get("If-None-Match") != "" {
				t.Errorf("fetch after the send is conditional, want an unconditional GET")
			}
		})
	}
}

func TestMutantAbortOnAnyChange(t *testing.T) {
	pki := newTestPKI(t)
	for _, tc := range []struct {
		policy  Policy
		drift   bool
		sends   int
		outcome driver.OutcomeKind
		reason  driver.Reason
	}{
		{Reference, true, 1, driver.OutcomeCompleted, ""},
		{AbortOnAnyChange, true, 0, driver.OutcomeAborted, driver.ReasonContractChanged},
		{AbortOnAnyChange, false, 1, driver.OutcomeCompleted, ""},
	} {
		name := string(tc.policy) + "/unchanged"
		if tc.drift {
			name = string(tc.policy) + "/capability-drift"
		}
		t.Run(name, func(t *testing.T) {
			peer := startPeer(t, pki, "127.0.0.1")
			v1 := testCard(peer.origin)
			v2 := testCardCopy(v1)
			if tc.drift {
				v2.Version = "1.1.0"
				v2.Skills = v2.Skills[:1]
			}
			peer.setCards(t, v1, v2)
			if tc.drift {
				peer.rotateAfterCards = 1
			}

			wantOutcome(t, runAgainst(t, pki, peer.cardURL(), tc.policy, driver.Credentials{}), tc.outcome, tc.reason)
			wantCount(t, peer, opSeenCard, 2)
			wantCount(t, peer, wire.MethodSendMessage, tc.sends)
		})
	}
}

func TestMutantFollowURL(t *testing.T) {
	pki := newTestPKI(t)

	t.Run("sends the task and its credential to another origin", func(t *testing.T) {
		a := startPeer(t, pki, "127.0.0.1")
		b := startPeer(t, pki, "127.0.0.2")
		card := testCard(b.origin)
		secure(&card, "bearer", bearerScheme())
		a.setCards(t, card)

		out := runAgainst(t, pki, a.cardURL(), FollowURL, driver.Credentials{BearerToken: testBearer})
		wantOutcome(t, out, driver.OutcomeCompleted, "")
		send := wantCount(t, b, wire.MethodSendMessage, 1)[0]
		if send.Header.Get("Authorization") != "Bearer "+testBearer {
			t.Errorf("the other origin got Authorization %q, want the bearer token", send.Header.Get("Authorization"))
		}
		wantNoA2A(t, a)
	})

	t.Run("follows a cross-origin card redirect", func(t *testing.T) {
		a := startPeer(t, pki, "127.0.0.1")
		c := startPeer(t, pki, "127.0.0.2")
		a.redirect = c.cardURL()
		c.setCards(t, testCard(c.origin))

		wantOutcome(t, runAgainst(t, pki, a.cardURL(), FollowURL, driver.Credentials{}), driver.OutcomeCompleted, "")
		if len(c.requests(opSeenCard)) == 0 {
			t.Errorf("the redirect target's card was never fetched")
		}
		wantCount(t, c, wire.MethodSendMessage, 1)
	})
}
