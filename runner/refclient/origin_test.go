package refclient

import (
	"net/url"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestCrossOriginInterfaceIsNeverUsed(t *testing.T) {
	pki := newTestPKI(t)
	cases := []struct {
		name   string
		bHost  string
		card   func(a, b string) wire.AgentCard
		want   driver.OutcomeKind
		reason driver.Reason
	}{
		{"every interface on another address", "127.0.0.2", func(a, b string) wire.AgentCard {
			c := testCard(b)
			secure(&c, "bearer", bearerScheme())
			return c
		}, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint},
		{"every interface on another port", "127.0.0.1", func(a, b string) wire.AgentCard {
			c := testCard(b)
			secure(&c, "bearer", bearerScheme())
			return c
		}, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint},
		{"first interface elsewhere, second at home", "127.0.0.2", func(a, b string) wire.AgentCard {
			c := testCard(a)
			c.SupportedInterfaces[0].URL = b + "/rpc"
			secure(&c, "bearer", bearerScheme())
			return c
		}, driver.OutcomeCompleted, ""},
		{"token endpoint elsewhere", "127.0.0.2", func(a, b string) wire.AgentCard {
			c := testCard(a)
			secure(&c, "oauth", oauthScheme(b+"/token"))
			return c
		}, driver.OutcomeAborted, driver.ReasonAuthUnavailable},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := startPeer(t, pki, "127.0.0.1")
			b := startPeer(t, pki, tc.bHost)
			card := tc.card(a.origin, b.origin)
			a.setCards(t, card)
			b.setCards(t, card)

			out := runAgainst(t, pki, a.cardURL(), allCredentials(pki))
			wantOutcome(t, out, tc.want, tc.reason)
			if got := b.requests(); len(got) != 0 {
				t.Fatalf("the other origin got %d requests (first %s %s), want none", len(got), got[0].Method, got[0].Path)
			}
			if tc.want == driver.OutcomeAborted {
				wantNoA2A(t, a)
				wantCount(t, a, opSeenToken, 0)
			}
		})
	}
}

func TestCardRedirects(t *testing.T) {
	pki := newTestPKI(t)

	t.Run("cross-origin redirect is refused", func(t *testing.T) {
		a := startPeer(t, pki, "127.0.0.1")
		c := startPeer(t, pki, "127.0.0.2")
		a.redirect = c.cardURL()
		c.setCards(t, testCard(c.origin))

		out := runAgainst(t, pki, a.cardURL(), allCredentials(pki))
		wantOutcome(t, out, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
		wantCount(t, a, opSeenCard, 1)
		if got := c.requests(); len(got) != 0 {
			t.Fatalf("the redirect target got %d requests, want none", len(got))
		}
	})

	t.Run("same-origin redirect is followed", func(t *testing.T) {
		a := startPeer(t, pki, "127.0.0.1")
		a.setCards(t, testCard(a.origin))

		out := runAgainst(t, pki, a.origin+"/old-card", driver.Credentials{})
		wantOutcome(t, out, driver.OutcomeCompleted, "")
		cards := a.requests(opSeenCard)
		if len(cards) != 4 || cards[3].Header.Get("If-None-Match") == "" {
			t.Fatalf("card requests = %d, want 2 fetches through the redirect, the second conditional", len(cards))
		}
	})
}

func TestOrigin(t *testing.T) {
	cases := []struct {
		a, b string
		same bool
	}{
		{"https://h/x", "https://h:443/y", true},
		{"https://H:8443/", "https://h:8443/z", true},
		{"http://h/", "http://h:80/", true},
		{"https://h/", "http://h/", false},
		{"https://h:1/", "https://h:2/", false},
		{"https://127.0.0.1:5/", "https://127.0.0.2:5/", false},
	}
	for _, tc := range cases {
		a, _ := url.Parse(tc.a)
		b, _ := url.Parse(tc.b)
		if got := SameOrigin(a, b); got != tc.same {
			t.Errorf("SameOrigin(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
