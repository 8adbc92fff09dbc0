package refclient

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Rule 6 with signatures, played over real TLS against the mock farm: A
// serves a card whose interfaces are on B (another address, port and
// maybe TLS principal); A signs it, or a fault spoils the signature.

// signedFarm is the farm of one case.
type signedFarm struct {
	signing *mockpeer.Signing // A's; nil: unsigned
	// bIdentity is B's TLS identity: "A" makes B present A's principal.
	bIdentity string
}

func (sf signedFarm) start(t *testing.T) *mockpeer.Farm {
	t.Helper()
	card := func(self, at string) mockpeer.CardFunc {
		return func(o mockpeer.Origins) wire.AgentCard {
			c := testCard(o(at) + mockpeer.JSONRPCPath)
			c.SupportedInterfaces[0].URL = mockpeer.JSONRPCURL(o(at))
			c.SupportedInterfaces[1].URL = mockpeer.RESTURL(o(at))
			c.Name = "peer " + self
			secure(&c, "bearer", bearerScheme())
			return c
		}
	}
	steps := []mockpeer.TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}
	return startSpec(t, mockpeer.FarmSpec{
		Grants: mockpeer.Grants{Bearer: true},
		Peers: []mockpeer.PeerSpec{
			{Name: "A", Host: "127.0.0.1", Skill: testSkill, Cards: []mockpeer.CardFunc{card("A", "B")},
				Signing: sf.signing, Task: mockpeer.TaskScript{Steps: steps}},
			{Name: "B", Host: "127.0.0.2", Identity: sf.bIdentity, Skill: testSkill, Cards: []mockpeer.CardFunc{card("B", "B")},
				Task: mockpeer.TaskScript{Steps: steps}},
		},
	})
}

func runOnFarm(t *testing.T, farm *mockpeer.Farm, d Decisions) driver.Outcome {
	t.Helper()
	return playOnFarm(t, farm, Config{UnsafeDecisions: d})
}

// routesAt lists the routes of the requests peer saw, in order. A
// connection is journaled when it ends, which may be after the client has
// given up: connections are left out so that the lists stay deterministic.
func routesAt(farm *mockpeer.Farm, peer string) []string {
	var out []string
	for _, e := range farm.Journal().All() {
		if e.Peer == peer && e.Route != journal.RouteConnection {
			out = append(out, e.Route)
		}
	}
	return out
}

func TestSignedCardAuthority(t *testing.T) {
	signed := func(f mockpeer.SignatureFault) *mockpeer.Signing {
		return &mockpeer.Signing{Algorithms: []string{cardsig.ES256, cardsig.RS256}, JKU: true, Fault: f}
	}
	rsa := func(f mockpeer.SignatureFault) *mockpeer.Signing {
		return &mockpeer.Signing{Algorithms: []string{cardsig.RS256}, JKU: true, Fault: f}
	}
	refused := driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}
	completed := driver.Outcome{Outcome: driver.OutcomeCompleted}
	// Gates that count other origins as the card's own: for signing keys
	// only, or for everything.
	keysAnywhere := Decisions{Origins: OriginGateFunc(func(r Reach, card, target *url.URL) bool {
		return r == ReachSigningKeys || SameOrigin(card, target)
	})}
	anywhere := Decisions{Origins: OriginGateFunc(func(Reach, *url.URL, *url.URL) bool { return true })}
	reference := Decisions{}
	cases := []struct {
		name      string
		farm      signedFarm
		decisions Decisions
		want      driver.Outcome
		// routes B may see; nil means none at all.
		atB []string
		// the routes A must see, in order
		atA []string
	}{
		{"signed, key on A, B presents A's principal", signedFarm{signed(mockpeer.NoFault), "A"}, reference, completed,
			[]string{journal.RouteA2A}, []string{journal.RouteCard, journal.RouteJWKS, journal.RouteCard}},
		{"signed without jku: keys at A's JWKS path", signedFarm{&mockpeer.Signing{}, "A"}, reference, completed,
			[]string{journal.RouteA2A}, []string{journal.RouteCard, journal.RouteJWKS, journal.RouteCard}},
		{"unsigned", signedFarm{nil, "A"}, reference, refused, nil, []string{journal.RouteCard}},
		{"tampered payload", signedFarm{signed(mockpeer.TamperedPayload), "A"}, reference, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"wrong kid", signedFarm{signed(mockpeer.WrongKID), "A"}, reference, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"unknown key", signedFarm{signed(mockpeer.UnknownKey), "A"}, reference, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"alg mismatch", signedFarm{rsa(mockpeer.AlgMismatch), "A"}, reference, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"key served by B", signedFarm{&mockpeer.Signing{JKU: true, Publisher: "B"}, "A"}, reference, refused, nil,
			[]string{journal.RouteCard}},
		{"key served by B, no jku", signedFarm{&mockpeer.Signing{Publisher: "B"}, "A"}, reference, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"B presents its own principal", signedFarm{signed(mockpeer.NoFault), ""}, reference, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},

		{"a gate open to keys anywhere takes B's key", signedFarm{&mockpeer.Signing{JKU: true, Publisher: "B"}, "A"}, keysAnywhere, completed,
			[]string{journal.RouteJWKS, journal.RouteA2A}, []string{journal.RouteCard, journal.RouteCard}},
		{"a gate open to keys anywhere still refuses a tampered card", signedFarm{signed(mockpeer.TamperedPayload), "A"}, keysAnywhere, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"a gate open to keys anywhere still checks the principal", signedFarm{signed(mockpeer.NoFault), ""}, keysAnywhere, refused, nil,
			[]string{journal.RouteCard, journal.RouteJWKS}},
		{"a gate open everywhere needs no signature", signedFarm{signed(mockpeer.TamperedPayload), ""}, anywhere, completed,
			[]string{journal.RouteA2A}, []string{journal.RouteCard, journal.RouteCard}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			farm := tc.farm.start(t)
			out := runOnFarm(t, farm, tc.decisions)
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			atB := slices.Compact(routesAt(farm, "B"))
			if !slices.Equal(atB, tc.atB) {
				t.Errorf("B saw routes %v, want %v", atB, tc.atB)
			}
			if got := routesAt(farm, "A"); !slices.Equal(got, tc.atA) {
				t.Errorf("A saw routes %v, want %v", got, tc.atA)
			}
			if tc.want.Outcome == driver.OutcomeCompleted {
				for _, e := range farm.Journal().Select(func(e journal.Exchange) bool { return e.Peer == "B" && e.Route == journal.RouteA2A }) {
					if !slices.Contains(e.Auth.Presented, "bearer") {
						t.Errorf("%s at B without the bearer token", e.Line())
					}
				}
			}
		})
	}
}

// The principal is pinned on the session's connections, not only checked
// once: an authority that pins another principal stops the send at the
// TLS handshake, before a byte of HTTP reaches B.
func TestPinnedPrincipalStopsTheSend(t *testing.T) {
	farm := signedFarm{nil, "A"}.start(t)
	c, err := New(Config{
		CardURL: farm.Peer("A").CardURL(), Skill: testSkill, CAFile: farm.CAFile(),
		Credentials: driver.Credentials{BearerToken: farm.Credentials(farm.Grants()).BearerToken},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.authority = pinAuthority("sha256/not-this-one")
	_, err = c.Delegate(context.Background(), testMessage)
	if !errors.Is(err, ErrUntrustedEndpoint) || !strings.Contains(err.Error(), "TLS principal") {
		t.Fatalf("Delegate error %v, want ErrUntrustedEndpoint about the TLS principal", err)
	}
	if out := OutcomeOf(Result{}, err); out.Reason != driver.ReasonUntrustedEndpoint {
		t.Errorf("outcome %+v, want untrusted-endpoint", out)
	}
	_ = farm.Close()
	if got := routesAt(farm, "B"); len(got) != 0 {
		t.Errorf("B saw %v, want nothing", got)
	}
}

// pinAuthority trusts every endpoint, pinned to one principal.
type pinAuthority Principal

func (p pinAuthority) Authorize(context.Context, *Card, *url.URL) (Principal, error) {
	return Principal(p), nil
}

func TestSignatureAlgorithmAllowList(t *testing.T) {
	for _, tc := range []struct {
		allowed []string
		want    error
	}{
		{nil, nil},
		{[]string{cardsig.RS256}, ErrUntrustedEndpoint},
	} {
		farm := signedFarm{&mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}, "A"}.start(t)
		c, err := New(Config{
			CardURL: farm.Peer("A").CardURL(), Skill: testSkill, CAFile: farm.CAFile(),
			SignatureAlgorithms: tc.allowed,
		})
		if err != nil {
			t.Fatal(err)
		}
		card, err := c.FetchCard(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		_, _, pin, err := c.chooseInterface(context.Background(), card)
		c.Close()
		if !errors.Is(err, tc.want) || (err == nil && pin != card.Principal) {
			t.Errorf("allow-list %v: pin %q, error %v; want %v", tc.allowed, pin, err, tc.want)
		}
	}
}

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
		// The same origin spelt otherwise (RFC 6454 §4, §5).
		{"https://localhost:8443/", "HTTPS://LOCALHOST:8443/a2a", true},
		{"https://localhost:8443/", "https://localhost:08443/", true},
		{"https://localhost/", "https://localhost:/", true},
		{"https://localhost:8443/", "https://localhost:8443/a/../b/./c/", true},
		{"https://[::1]:8443/", "https://[0:0:0:0:0:0:0:1]:8443/", true},
		{"https://[::1]:8443/", "https://[0::1]:8443/", true},
		// Look-alikes: another origin, whatever the url's text shares.
		{"https://localhost:8443/", "https://localhost:8443@localhost:9443/", false},
		{"https://localhost:8443/", "https://localhost.:8443/", false},
		{"https://localhost:8443/", "https://127.0.0.1:8443/", false},
		{"https://localhost:8443/", "https://[::1]:8443/", false},
		{"https://127.0.0.1:8443/", "https://[::1]:8443/", false},
		{"https://127.0.0.1:8443/", "https://[::ffff:127.0.0.1]:8443/", false},
		{"https://localhost:8443/", "http://localhost:8443/", false},
		{"https://localhost:8443/", "https://localhost:8444/", false},
		{"https://localhost:8443/", "https://localhost:65536/", false},
	}
	for _, tc := range cases {
		a, errA := url.Parse(tc.a)
		b, errB := url.Parse(tc.b)
		if errA != nil || errB != nil {
			t.Fatalf("parse %s, %s: %v, %v", tc.a, tc.b, errA, errB)
		}
		if got := SameOrigin(a, b); got != tc.same {
			t.Errorf("SameOrigin(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
