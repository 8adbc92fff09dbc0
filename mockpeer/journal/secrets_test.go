package journal

import (
	"crypto/rand"
	"encoding/base64"
	"testing"
)

// testSecrets are secrets shaped as the farm's (randomToken).
type testSecrets struct{ clientSecret, bearer, apiKey, admin, session string }

// randomToken is a secret as the farm mints one: a prefix and 24 random
// bytes in base64url.
func randomToken(prefix string) (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// testIndex is the index of a fresh set of secrets, named as the farm
// names its own.
func testIndex(t testing.TB) (*testSecrets, *SecretIndex) {
	t.Helper()
	var s testSecrets
	for _, f := range []struct {
		dst    *string
		prefix string
	}{{&s.clientSecret, "cs-"}, {&s.bearer, "bt-"}, {&s.apiKey, "ak-"}, {&s.admin, "adm-"}, {&s.session, "ads-"}} {
		v, err := randomToken(f.prefix)
		if err != nil {
			t.Fatal(err)
		}
		*f.dst = v
	}
	ix, err := NewSecretIndex([]NamedSecret{{CredOAuthClientSecret, s.clientSecret}, {CredBearer, s.bearer},
		{CredAPIKey, s.apiKey}, {CredAdminSecret, s.admin}, {CredAdminSession, s.session}})
	if err != nil {
		t.Fatal(err)
	}
	return &s, ix
}
