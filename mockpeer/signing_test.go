package mockpeer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

var allSigningAlgs = []string{cardsig.ES256, cardsig.ES384, cardsig.RS256, cardsig.PS256}

// fetchSigned GETs the card of p and the JWKS its first signature's jku
// names (p's own JWKS when there is no jku), over the farm's TLS.
func fetchSigned(t *testing.T, c *http.Client, p *Peer) (card, jwks []byte, jku string) {
	t.Helper()
	resp, card := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET card: %d", resp.StatusCode)
	}
	jku = protectedParam(t, card, 0, "jku")
	at := jku
	if at == "" {
		at = JWKSURL(p.Origin())
	}
	resp, jwks = do(t, c, http.MethodGet, at, "", nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/jwk-set+json" {
		t.Fatalf("GET %s: %d %s", at, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return card, jwks, jku
}

func verifyWithJWKS(t *testing.T, card, jwks []byte) (cardsig.Verified, error) {
	t.Helper()
	set, err := cardsig.ParseJWKS(jwks)
	if err != nil {
		t.Fatal(err)
	}
	return cardsig.Verify(context.Background(), card, cardsig.VerifyOptions{Algorithms: allSigningAlgs, Keys: cardsig.KeySet(set)})
}

func protectedParam(t *testing.T, card []byte, i int, name string) string {
	t.Helper()
	s, _ := protectedHeaderOf(t, card, i)[name].(string)
	return s
}

func TestSignedCardVerifiesAsServed(t *testing.T) {
	for _, flat := range []bool{false, true} {
		t.Run(map[bool]string{false: "spec scopes", true: "flat scopes"}[flat], func(t *testing.T) {
			f := startFarm(t, FarmSpec{Peers: []PeerSpec{{
				Name: "A", Skill: testSkill,
				Cards: []CardFunc{
					testCard("A", oauthScheme("A")),
					testCard("A", oauthScheme("A"), withVersion("2.0.0")),
				},
				FlatSecurityScopes: flat,
				Signing:            &Signing{Algorithms: []string{cardsig.ES256, cardsig.RS256}, JKU: true},
			}}})
			p, c := f.Peer("A"), httpsClient(t, f, false)
			for v := range 2 {
				if err := p.Rotate(v); err != nil {
					t.Fatal(err)
				}
				card, jwks, jku := fetchSigned(t, c, p)
				if !bytes.Equal(card, p.CardBytes(v)) {
					t.Fatalf("served card differs from CardBytes(%d)", v)
				}
				if jku != JWKSURL(p.Origin()) {
					t.Errorf("jku = %q, want %q", jku, JWKSURL(p.Origin()))
				}
				if _, err := verifyWithJWKS(t, card, jwks); err != nil {
					t.Errorf("version %d does not verify as served: %v", v, err)
				}
				// Both keys sign: drop either from the JWKS and the other verifies.
				set, _ := cardsig.ParseJWKS(jwks)
				if len(set.Keys) != 2 {
					t.Fatalf("JWKS has %d keys, want 2", len(set.Keys))
				}
				for i, k := range set.Keys {
					only, _ := cardsig.JWKS(k)
					got, err := verifyWithJWKS(t, card, only)
					if err != nil || got.Index != i || got.KeyID != k.KeyID {
						t.Errorf("key %s alone: %+v, %v", k.KeyID, got, err)
					}
				}
			}
			if jwks := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteJWKS }); len(jwks) != 2 || jwks[0].Status != 200 {
				t.Errorf("journal holds %d JWKS exchanges, want 2 answered 200", len(jwks))
			}
		})
	}
}

func TestSignatureFaults(t *testing.T) {
	twoPeers := func(s Signing) FarmSpec {
		return FarmSpec{Peers: []PeerSpec{
			{Name: "A", Skill: testSkill, Cards: []CardFunc{repointedCard("A", "B")}, Signing: &s},
			{Name: "B", Host: "127.0.0.2", Skill: testSkill, Cards: []CardFunc{testCard("B")}},
		}}
	}
	rs := []string{cardsig.RS256}
	cases := []struct {
		name    string
		signing Signing
		want    error // verifying with the keys the jku names
	}{
		{"tampered payload", Signing{JKU: true, Fault: TamperedPayload}, cardsig.ErrNoValidSignature},
		{"wrong kid", Signing{JKU: true, Fault: WrongKID}, cardsig.ErrNoValidSignature},
		{"unknown key", Signing{JKU: true, Fault: UnknownKey}, cardsig.ErrKeyNotFound},
		{"alg mismatch", Signing{Algorithms: rs, JKU: true, Fault: AlgMismatch}, cardsig.ErrAlgorithmMismatch},
		{"key served from another origin", Signing{JKU: true, Publisher: "B"}, nil},
		{"another origin, no jku", Signing{Publisher: "B"}, cardsig.ErrKeyNotFound},
		{"alg none", Signing{JKU: true, Fault: Unsecured}, cardsig.ErrHeader},
		{"HS256 keyed with the public key", Signing{JKU: true, Fault: HMACKeyConfusion}, cardsig.ErrHeader},
		{"unknown crit", Signing{JKU: true, Fault: UnknownCritical}, cardsig.ErrHeader},
		{"embedded key under an unpublished kid", Signing{JKU: true, Fault: EmbeddedKey}, cardsig.ErrKeyNotFound},
		{"over the bytes as served", Signing{JKU: true, Fault: NonCanonical}, cardsig.ErrNoValidSignature},
		{"key published after the card", Signing{JKU: true, Fault: LatePublication}, cardsig.ErrKeyNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := startFarm(t, twoPeers(tc.signing))
			a, b, c := f.Peer("A"), f.Peer("B"), httpsClient(t, f, false)
			card, jwks, jku := fetchSigned(t, c, a)
			_, err := verifyWithJWKS(t, card, jwks)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Verify: %v, want %v", err, tc.want)
			}
			t.Logf("verify: %v", err)
			if tc.signing.Publisher == "B" {
				if tc.signing.JKU && jku != JWKSURL(b.Origin()) {
					t.Errorf("jku = %q, want B's JWKS", jku)
				}
				if keys, _ := cardsig.ParseJWKS(a.JWKS()); len(keys.Keys) != 0 {
					t.Errorf("A publishes %d keys, want none", len(keys.Keys))
				}
			}
		})
	}

	t.Run("each forgery is the one its cheat takes", func(t *testing.T) {
		for _, tc := range []struct {
			fault SignatureFault
			param string
			want  any
		}{
			{Unsecured, "alg", cardsig.AlgNone},
			{HMACKeyConfusion, "alg", cardsig.HS256},
			{UnknownCritical, "crit", []any{critical}},
			{EmbeddedKey, "kid", "A-es256-1-unpublished"},
		} {
			f := startFarm(t, twoPeers(Signing{JKU: true, Fault: tc.fault}))
			card, _, _ := fetchSigned(t, httpsClient(t, f, false), f.Peer("A"))
			h := protectedHeaderOf(t, card, 0)
			if got, _ := json.Marshal(h[tc.param]); string(got) != headerJSON(t, tc.want) {
				t.Errorf("%v: protected %s = %s, want %s", tc.fault, tc.param, got, headerJSON(t, tc.want))
			}
			if tc.fault == EmbeddedKey && h["jwk"] == nil {
				t.Errorf("embedded-key: no jwk in the protected header")
			}
		}
	})

	t.Run("a late key is published after one JWKS without it", func(t *testing.T) {
		f := startFarm(t, twoPeers(Signing{JKU: true, Fault: LatePublication}))
		a, c := f.Peer("A"), httpsClient(t, f, false)
		if _, body := do(t, c, http.MethodGet, JWKSURL(a.Origin()), "", nil); string(body) != `{"keys":[]}` {
			t.Fatalf("JWKS before the card was served: %s", body)
		}
		card, early, _ := fetchSigned(t, c, a) // the first JWKS after the card
		if _, err := verifyWithJWKS(t, card, early); !errors.Is(err, cardsig.ErrKeyNotFound) {
			t.Fatalf("Verify with the JWKS of the card's time: %v, want ErrKeyNotFound", err)
		}
		_, late := do(t, c, http.MethodGet, JWKSURL(a.Origin()), "", nil)
		if _, err := verifyWithJWKS(t, card, late); err != nil {
			t.Fatalf("Verify with the JWKS fetched again: %v", err)
		}
		if !bytes.Equal(a.JWKS(), late) {
			t.Errorf("JWKS() = %s, want the late set", a.JWKS())
		}
	})

	t.Run("tampering is exactly the repointed urls", func(t *testing.T) {
		f := startFarm(t, twoPeers(Signing{JKU: true, Fault: TamperedPayload}))
		a, b, c := f.Peer("A"), f.Peer("B"), httpsClient(t, f, false)
		card, jwks, _ := fetchSigned(t, c, a)
		if !bytes.Contains(card, []byte(b.Origin())) {
			t.Fatalf("served card does not point at B: %s", card)
		}
		restored := bytes.ReplaceAll(card, []byte(b.Origin()), []byte(a.Origin()))
		restored = bytes.ReplaceAll(restored, []byte(GRPCTarget(b.Origin())), []byte(GRPCTarget(a.Origin())))
		if _, err := verifyWithJWKS(t, restored, jwks); err != nil {
			t.Errorf("the card with its urls back on A does not verify: %v", err)
		}
	})

	t.Run("tampering a card that points home changes its description", func(t *testing.T) {
		f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")},
			Signing: &Signing{JKU: true, Fault: TamperedPayload}}}})
		card, jwks, _ := fetchSigned(t, httpsClient(t, f, false), f.Peer("A"))
		if _, err := verifyWithJWKS(t, card, jwks); !errors.Is(err, cardsig.ErrNoValidSignature) {
			t.Errorf("Verify: %v, want a broken signature", err)
		}
	})
}

// repointedCard is self's card with every interface on peer to, gRPC's
// host:port target included.
func repointedCard(self, to string) CardFunc {
	return func(o Origins) wire.AgentCard {
		c := testCard(self)(o)
		for i, iface := range c.SupportedInterfaces {
			if iface.ProtocolBinding == wire.BindingGRPC {
				c.SupportedInterfaces[i].URL = GRPCTarget(o(to))
				continue
			}
			c.SupportedInterfaces[i].URL = strings.Replace(iface.URL, o(self), o(to), 1)
		}
		return c
	}
}

func TestJWKSRoute(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}, Signing: &Signing{}},
		{Name: "B", Skill: testSkill, Cards: []CardFunc{testCard("B")}},
	}})
	c := httpsClient(t, f, false)
	resp, body := do(t, c, http.MethodGet, JWKSURL(f.Peer("B").Origin()), "", nil)
	if resp.StatusCode != http.StatusOK || string(body) != `{"keys":[]}` {
		t.Errorf("JWKS of a peer publishing nothing: %d %s", resp.StatusCode, body)
	}
	if resp, _ := do(t, c, http.MethodPost, JWKSURL(f.Peer("A").Origin()), "{}", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST JWKS: %d, want 405", resp.StatusCode)
	}
	// Unsigned peers serve unsigned cards: signing changes nothing else.
	if bytes.Contains(f.Peer("B").CardBytes(0), []byte("signatures")) {
		t.Errorf("unsigned peer's card has signatures")
	}
	var routes []string
	for _, e := range f.Journal().All() {
		routes = append(routes, e.Route)
	}
	if !slices.Equal(routes, []string{journal.RouteJWKS, journal.RouteJWKS}) {
		t.Errorf("journal routes %v, want two jwks", routes)
	}
}

func TestSigningValidation(t *testing.T) {
	cases := map[string]*Signing{
		"unknown publisher":         {Publisher: "Z"},
		"unknown algorithm":         {Algorithms: []string{"HS256"}},
		"alg mismatch with EC keys": {Algorithms: []string{cardsig.ES256}, Fault: AlgMismatch},
		"unknown fault":             {Fault: SignatureFault(99)},
		"withdrawn by another peer": {Publisher: "A", WithdrawnFrom: 1},
		"withdrawn past the cards":  {WithdrawnFrom: 1},
		"every key retired":         {Retired: 1},
		"negative retirement":       {Algorithms: []string{cardsig.ES256, cardsig.RS256}, Retired: -1},
		"retired and forged":        {Algorithms: []string{cardsig.ES256, cardsig.RS256}, Retired: 1, Fault: WrongKID},
	}
	for name, s := range cases {
		_, err := Start(context.Background(), FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{
			{Name: "A", Cards: []CardFunc{testCard("A")}, Signing: s},
		}})
		if !errors.Is(err, ErrInvalidSpec) {
			t.Errorf("%s: Start error %v, want ErrInvalidSpec", name, err)
		}
	}
	_, err := Start(context.Background(), FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{
		{Name: "A", Cards: []CardFunc{testCard("A")}, Signing: &Signing{Publisher: "B", Fault: LatePublication}},
		{Name: "B", Host: "127.0.0.2", Cards: []CardFunc{testCard("B")}},
	}})
	if !errors.Is(err, ErrInvalidSpec) {
		t.Errorf("late keys published by another peer: Start error %v, want ErrInvalidSpec", err)
	}
}

// Peers of one key group sign with the same keys under kids of their own,
// and each card verifies against its own peer's JWKS; a peer outside the
// group has keys of its own.
func TestKeyGroupSharesSigningKeys(t *testing.T) {
	signed := func(name string) PeerSpec {
		return PeerSpec{Name: name, Skill: testSkill, Cards: []CardFunc{testCard(name, oauthScheme(name))},
			Signing: &Signing{Algorithms: []string{cardsig.ES256, cardsig.RS256}, JKU: true}}
	}
	f := startFarm(t, FarmSpec{
		Peers:    []PeerSpec{signed("1-A"), signed("2-A"), signed("B"), signed("C")},
		KeyGroup: func(peer string) string { return map[string]string{"1-A": "A", "2-A": "A"}[peer] },
	})
	c := httpsClient(t, f, false)
	keys := map[string][]string{} // peer → its public keys, as JSON without kid
	for _, name := range []string{"1-A", "2-A", "B", "C"} {
		card, jwks, _ := fetchSigned(t, c, f.Peer(name))
		if _, err := verifyWithJWKS(t, card, jwks); err != nil {
			t.Errorf("card of %s does not verify against its JWKS: %v", name, err)
		}
		set, _ := cardsig.ParseJWKS(jwks)
		for _, k := range set.Keys {
			if !strings.HasPrefix(k.KeyID, name+"-") {
				t.Errorf("peer %s publishes kid %q", name, k.KeyID)
			}
			k.KeyID = ""
			raw, _ := k.MarshalJSON()
			keys[name] = append(keys[name], string(raw))
		}
	}
	if !slices.Equal(keys["1-A"], keys["2-A"]) {
		t.Error("peers of one key group publish different keys")
	}
	if slices.Equal(keys["1-A"], keys["B"]) || slices.Equal(keys["B"], keys["C"]) {
		t.Error("a peer outside any group shares its keys")
	}
}

// Withdrawn keys: from the version named on, the JWKS publishes the
// successors instead, and the card, still signed by the old keys, no
// longer verifies against it; before, it does.
func TestSigningKeysWithdrawn(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill,
		Cards:   []CardFunc{testCard("A"), testCard("A")},
		Signing: &Signing{Algorithms: []string{cardsig.ES256, cardsig.RS256}, WithdrawnFrom: 1}}}})
	a := f.Peer("A")
	c := httpsClient(t, f, false)
	kids := func() []string {
		t.Helper()
		_, body := do(t, c, http.MethodGet, JWKSURL(a.Origin()), "", nil)
		set, err := cardsig.ParseJWKS(body)
		if err != nil {
			t.Fatalf("JWKS: %v", err)
		}
		var out []string
		for _, k := range set.Keys {
			out = append(out, k.KeyID)
		}
		return out
	}
	verifies := func() error {
		_, body := do(t, c, http.MethodGet, JWKSURL(a.Origin()), "", nil)
		set, _ := cardsig.ParseJWKS(body)
		_, err := cardsig.Verify(context.Background(), a.CardBytes(a.Version()), cardsig.VerifyOptions{Algorithms: allSigningAlgs,
			Keys: cardsig.KeySourceFunc(func(_ context.Context, kid, _ string) (jose.JSONWebKey, error) { return cardsig.KeyByID(set, kid) }),
		})
		return err
	}
	if got, want := kids(), []string{"A-es256-1", "A-rs256-2"}; !slices.Equal(got, want) {
		t.Errorf("JWKS before the withdrawal: %v, want %v", got, want)
	}
	if err := verifies(); err != nil {
		t.Errorf("the card before the withdrawal: %v", err)
	}
	if err := a.Rotate(1); err != nil {
		t.Fatal(err)
	}
	if got, want := kids(), []string{"A-es256-1-next", "A-rs256-2-next"}; !slices.Equal(got, want) {
		t.Errorf("JWKS after the withdrawal: %v, want %v", got, want)
	}
	if err := verifies(); err == nil {
		t.Error("the card verifies against the JWKS that withdrew its keys")
	}
}

// A retired key still signs the card, and the JWKS no longer publishes
// it: of the two signatures, the retired key's names a kid no key set
// holds, and the card verifies by the other.
func TestSigningKeyRetired(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")},
		Signing: &Signing{Algorithms: []string{cardsig.ES256, cardsig.RS256}, Retired: 1}}}})
	card, jwks, _ := fetchSigned(t, httpsClient(t, f, false), f.Peer("A"))
	set, err := cardsig.ParseJWKS(jwks)
	if err != nil {
		t.Fatal(err)
	}
	var published []string
	for _, k := range set.Keys {
		published = append(published, k.KeyID)
	}
	if want := []string{"A-rs256-2"}; !slices.Equal(published, want) {
		t.Errorf("JWKS publishes %v, want %v", published, want)
	}
	if kid := protectedHeaderOf(t, card, 0)["kid"]; kid != "A-es256-1" {
		t.Errorf("the first signature's kid is %v, want the retired key's, A-es256-1", kid)
	}
	v, err := verifyWithJWKS(t, card, jwks)
	if err != nil || v.KeyID != "A-rs256-2" {
		t.Errorf("the card verifies by %q (%v), want by the published key A-rs256-2", v.KeyID, err)
	}
}

// protectedHeaderOf is the protected header of the card's signature i, as sent.
func protectedHeaderOf(t *testing.T, card []byte, i int) map[string]any {
	t.Helper()
	var c struct {
		Signatures []cardsig.Signature `json:"signatures"`
	}
	if err := json.Unmarshal(card, &c); err != nil || len(c.Signatures) <= i {
		t.Fatalf("card has no signature %d (%v): %s", i, err, card)
	}
	var h map[string]any
	if err := c.Signatures[i].DecodeProtected(&h); err != nil {
		t.Fatal(err)
	}
	return h
}

func headerJSON(t *testing.T, v any) string {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
