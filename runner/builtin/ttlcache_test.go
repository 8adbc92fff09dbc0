package builtin

import (
	"slices"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

func TestTTLCache(t *testing.T) {
	t.Run("trusts a fresh card over a rotated contract", func(t *testing.T) {
		for _, tc := range []struct {
			client       string
			cards, sends int
			outcome      driver.OutcomeKind
			reason       driver.Reason
		}{
			{Reference, 2, 0, driver.OutcomeAborted, driver.ReasonContractChanged},
			{TTLCache, 1, 1, driver.OutcomeCompleted, ""},
		} {
			t.Run(tc.client, func(t *testing.T) {
				out, j := play(t, tc.client, mockpeer.Grants{OAuth: true}, rotatesToMTLSAfterFirstCard())
				wantOutcome(t, out, tc.outcome, tc.reason)
				wantCount(t, j, "A", journal.RouteCard, "", tc.cards)
				wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
			})
		}
	})

	t.Run("sends no credential where the cached card makes it optional", func(t *testing.T) {
		optional := func(_ mockpeer.Origins, c *wire.AgentCard) {
			c.SecuritySchemes = map[string]wire.SecurityScheme{"bearer": bearerScheme()}
			c.Skills[0].SecurityRequirements = []wire.SecurityRequirement{wire.Require("bearer"), {}}
		}
		for _, tc := range []struct {
			client     string
			wantBearer bool
		}{{Reference, true}, {TTLCache, false}} {
			t.Run(tc.client, func(t *testing.T) {
				out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
					Name:    "A",
					Cards:   []mockpeer.CardFunc{card("A", "A", optional)},
					Caching: mockpeer.Caching{CacheControl: "max-age=86400"},
				})
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				send := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)[0]
				if got := slices.Contains(send.Auth.Presented, journal.CredBearer); got != tc.wantBearer {
					t.Errorf("send carried the bearer token: %v, want %v", got, tc.wantBearer)
				}
			})
		}
	})

	t.Run("revalidates when the peer says no-cache", func(t *testing.T) {
		out, j := play(t, TTLCache, mockpeer.Grants{}, mockpeer.PeerSpec{
			Name: "A", Cards: []mockpeer.CardFunc{card("A", "A")}, Caching: mockpeer.Caching{CacheControl: "no-cache"},
		})
		wantOutcome(t, out, driver.OutcomeCompleted, "")
		if cards := wantCount(t, j, "A", journal.RouteCard, "", 2); cards[1].Header.Get("If-None-Match") == "" {
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
		k := &refclient.Card{CacheControl: tc.cacheControl, Age: tc.age, FetchedAt: now}
		if got := fresh(k, now.Add(tc.after)); got != tc.fresh {
			t.Errorf("Cache-Control %q Age %q after %v: fresh = %v, want %v", tc.cacheControl, tc.age, tc.after, got, tc.fresh)
		}
	}
}
