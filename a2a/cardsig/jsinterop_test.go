package cardsig_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/scenarios/scenariotest"
)

// Interop with the official @a2a-js/sdk 1.3.0, through its own signature
// helpers (runner/adapters/a2a-js/signcheck/signcheck.mjs): the cards the
// suite's peers sign verify in the SDK, and cards the SDK signs verify
// here. Where the SDK's canonicalization departs from spec §8.4.1 (it
// drops every empty value), the departure is pinned, so that a change on
// either side shows.

// nodeDeadline bounds one run of the script.
const nodeDeadline = 60 * time.Second

// signcheck runs the script in mode with stdin and env, and decodes its
// one line of output into out.
func signcheck(t *testing.T, mode string, stdin []byte, env []string, out any) {
	t.Helper()
	// go test runs in the package directory: a2a/cardsig/.
	js, err := peertest.FindJSSDK(peertest.JSSDKDir(filepath.Join("..", "..")))
	if errors.Is(err, peertest.ErrSkip) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), nodeDeadline)
	defer cancel()
	stdout, stderr, err := js.Run(ctx, stdin, env, filepath.Join("signcheck", "signcheck.mjs"), mode)
	if err != nil {
		t.Fatalf("signcheck.mjs %s: %v\nstderr:\n%s", mode, err, stderr)
	}
	if err := json.Unmarshal(bytes.TrimSpace(stdout), out); err != nil {
		t.Fatalf("signcheck.mjs %s: output is not one JSON line: %v\nstdout:\n%s", mode, err, stdout)
	}
	if len(stderr) > 0 {
		t.Logf("signcheck.mjs %s stderr:\n%s", mode, stderr)
	}
}

// startScenarioFarm starts the farm of a catalog scenario, its card peer
// serving its last card version: the signed card pointing elsewhere that
// the scenario's second task is about.
func startScenarioFarm(t *testing.T, id string) *mockpeer.Farm {
	t.Helper()
	sc, farm := scenariotest.StartFarm(t, id)
	card := sc.Peers[sc.CardPeerIndex()]
	if err := farm.Peer(card.Name).Rotate(len(card.Cards) - 1); err != nil {
		t.Fatal(err)
	}
	return farm
}

// The SDK fetches the card over the farm's TLS, takes each key from the
// JWKS its jku names, and verifies each signature on its own.
func TestJSSDKVerifiesPeerSignedCards(t *testing.T) {
	cases := []struct {
		scenario string
		want     []bool
	}{
		{"repointed-endpoint-signed", []bool{true, true}},
		{"repointed-endpoint-bad-signature", []bool{false, false}},
		// The SDK takes a key wherever jku points: its verification alone is
		// what the trust-any-signature mutant does.
		{"repointed-endpoint-foreign-key", []bool{true, true}},
	}
	for _, tc := range cases {
		t.Run(tc.scenario, func(t *testing.T) {
			farm := startScenarioFarm(t, tc.scenario)
			a := farm.Peer("A")
			var got struct {
				Verified  []bool `json:"verified"`
				Canonical string `json:"canonical"`
			}
			signcheck(t, "verify", nil, []string{
				"A2A_CONFORM_CARD_URL=" + a.CardURL(), "NODE_EXTRA_CA_CERTS=" + farm.CAFile(),
			}, &got)
			if !slices.Equal(got.Verified, tc.want) {
				t.Errorf("SDK verified %v, want %v", got.Verified, tc.want)
			}
			ours, err := cardsig.CanonicalPayload(a.CardBytes(a.Version()))
			if err != nil {
				t.Fatal(err)
			}
			if got.Canonical != string(ours) {
				t.Errorf("canonical payloads differ:\n SDK %s\n ours %s", got.Canonical, ours)
			}
		})
	}
}

// The SDK signs a card the suite serves with fresh ES256 and RS256 keys;
// each signature verifies here with its key alone.
func TestPeerVerifiesJSSDKSignedCards(t *testing.T) {
	farm := startScenarioFarm(t, "repointed-endpoint-signed")
	var unsigned map[string]any
	if err := json.Unmarshal(farm.Peer("A").CardBytes(farm.Peer("A").Version()), &unsigned); err != nil {
		t.Fatal(err)
	}
	delete(unsigned, "signatures")
	in, _ := json.Marshal(unsigned)
	var got struct {
		Card json.RawMessage    `json:"card"`
		JWKS jose.JSONWebKeySet `json:"jwks"`
	}
	signcheck(t, "sign", in, nil, &got)
	if len(got.JWKS.Keys) != 2 {
		t.Fatalf("SDK published %d keys, want 2", len(got.JWKS.Keys))
	}
	for i, key := range got.JWKS.Keys {
		v, err := cardsig.Verify(t.Context(), got.Card, cardsig.VerifyOptions{
			Algorithms: []string{cardsig.ES256, cardsig.RS256},
			Keys:       cardsig.KeySet(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{key}}),
		})
		if err != nil || v.Index != i || v.KeyID != key.KeyID || v.Algorithm != key.Algorithm {
			t.Errorf("SDK signature %d (%s): %+v, %v", i, key.KeyID, v, err)
		}
	}
	// And a change after the SDK signed breaks both, here too.
	tampered := bytes.Replace(got.Card, []byte(farm.Peer("B").Origin()), []byte(farm.Peer("A").Origin()), 1)
	if _, err := cardsig.Verify(t.Context(), tampered, cardsig.VerifyOptions{
		Algorithms: []string{cardsig.ES256, cardsig.RS256}, Keys: cardsig.KeySet(got.JWKS),
	}); err == nil {
		t.Errorf("a card changed after the SDK signed it verifies")
	}
}

// Where the SDK departs from spec §8.4.1: it drops empty strings, lists and
// objects, REQUIRED or not, and so cannot verify what a spec-following
// signer signs over them (and the other way round).
func TestJSSDKCanonicalizationDepartures(t *testing.T) {
	cards := []string{
		// The spec's worked example.
		`{"name":"Example Agent","description":"","capabilities":{"streaming":false,"pushNotifications":false,"extensions":[]},"skills":[]}`,
		// A scheme required without scopes: {"list":[]}.
		`{"name":"n","securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}},` +
			`"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}]}`,
		// Nothing empty: both agree.
		`{"name":"n","description":"d","securityRequirements":[{"schemes":{"oauth":{"list":["a2a.tasks"]}}}],` +
			`"capabilities":{"streaming":false}}`,
	}
	want := []struct{ sdk, spec string }{
		{`{"capabilities":{"pushNotifications":false,"streaming":false},"name":"Example Agent"}`,
			`{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}`},
		{`{"name":"n","securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}}}`,
			`{"name":"n","securityRequirements":[{"schemes":{"bearer":{}}}],"securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}}}`},
		{`{"capabilities":{"streaming":false},"description":"d","name":"n","securityRequirements":[{"schemes":{"oauth":{"list":["a2a.tasks"]}}}]}`,
			`{"capabilities":{"streaming":false},"description":"d","name":"n","securityRequirements":[{"schemes":{"oauth":{"list":["a2a.tasks"]}}}]}`},
	}
	var sdk []string
	signcheck(t, "canonical", []byte("["+strings.Join(cards, ",")+"]"), nil, &sdk)
	if len(sdk) != len(cards) {
		t.Fatalf("SDK canonicalized %d cards, want %d", len(sdk), len(cards))
	}
	for i, card := range cards {
		ours, err := cardsig.CanonicalPayload([]byte(card))
		if err != nil {
			t.Fatal(err)
		}
		if sdk[i] != want[i].sdk || string(ours) != want[i].spec {
			t.Errorf("card %d:\n SDK  %s\n want %s\n ours %s\n want %s", i, sdk[i], want[i].sdk, ours, want[i].spec)
		}
	}
}
