package mockpeer

import (
	"crypto/ecdsa"
	"crypto/rsa"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
)

// With a pool, a farm's RSA keys are distinct from each other, and the
// n-th is the n-th of every other farm; ECDSA keys stay fresh.
func TestRSAKeysFromAPool(t *testing.T) {
	pool := &rsaKeyPool{}
	farm := func() []*cardsig.Key {
		fresh := freshKeys(pool)
		var keys []*cardsig.Key
		for _, alg := range []string{cardsig.RS256, cardsig.PS256, cardsig.ES256} {
			k, err := fresh(alg, "k-"+alg)
			if err != nil {
				t.Fatal(err)
			}
			if k.Algorithm() != alg || k.ID() != "k-"+alg {
				t.Errorf("key %s %s, want %s k-%s", k.Algorithm(), k.ID(), alg, alg)
			}
			keys = append(keys, k)
		}
		return keys
	}
	one, two := farm(), farm()
	rsaOf := func(k *cardsig.Key) *rsa.PublicKey { return k.Public().Key.(*rsa.PublicKey) }
	if rsaOf(one[0]).Equal(rsaOf(one[1])) {
		t.Error("a farm's two RSA keys are one")
	}
	for i := range 2 {
		if !rsaOf(one[i]).Equal(rsaOf(two[i])) {
			t.Errorf("RSA key %d differs between farms sharing a pool", i)
		}
	}
	if one[2].Public().Key.(*ecdsa.PublicKey).Equal(two[2].Public().Key) {
		t.Error("an ECDSA key came from the pool")
	}
}
