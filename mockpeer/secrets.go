package mockpeer

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Names of the farm credentials as they appear in AuthSeen.Presented and in
// redaction marks ("[REDACTED:bearer]").
const (
	CredBearer            = "bearer"
	CredOAuthToken        = "oauth-token"
	CredOAuthClientSecret = "oauth-client-secret"
	CredAPIKey            = "api-key"
	CredClientCert        = "client-cert"
)

// tokenLifetime is the expires_in of every issued access token.
const tokenLifetime = time.Hour

// secrets holds the credentials of one run. Values use the base64url
// alphabet, which survives URL and JSON encoding unchanged, so a plain
// substring search finds them in headers, queries and bodies alike.
type secrets struct {
	clientID     string // an identifier, not a secret: never redacted
	clientSecret string
	bearer       string
	apiKey       string

	mu     sync.Mutex
	tokens map[string]time.Time // issued access token → expiry
}

func newSecrets() (*secrets, error) {
	s := &secrets{tokens: map[string]time.Time{}}
	for _, f := range []struct {
		dst    *string
		prefix string
	}{
		{&s.clientID, "client-"},
		{&s.clientSecret, "cs-"},
		{&s.bearer, "bt-"},
		{&s.apiKey, "ak-"},
	} {
		v, err := randomToken(f.prefix)
		if err != nil {
			return nil, err
		}
		*f.dst = v
	}
	return s, nil
}

func randomToken(prefix string) (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("mockpeer: random credential: %w", err)
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// issue mints an access token valid until now+tokenLifetime.
func (s *secrets) issue(now time.Time) (string, error) {
	tok, err := randomToken("at-")
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	s.tokens[tok] = now.Add(tokenLifetime)
	s.mu.Unlock()
	return tok, nil
}

// validToken reports whether tok was issued by this farm and is unexpired.
func (s *secrets) validToken(tok string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	exp, ok := s.tokens[tok]
	return ok && now.Before(exp)
}

type namedSecret struct{ name, value string }

// all lists every secret value with its name, longest first so that a
// replacer never cuts a longer secret with a shorter one.
func (s *secrets) all() []namedSecret {
	out := []namedSecret{
		{CredOAuthClientSecret, s.clientSecret},
		{CredBearer, s.bearer},
		{CredAPIKey, s.apiKey},
	}
	s.mu.Lock()
	for tok := range s.tokens {
		out = append(out, namedSecret{CredOAuthToken, tok})
	}
	s.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return len(out[i].value) > len(out[j].value) })
	return out
}

// redactor returns a function replacing every secret value with its mark.
func (s *secrets) redactor() func(string) string {
	all := s.all()
	pairs := make([]string, 0, 2*len(all))
	for _, n := range all {
		pairs = append(pairs, n.value, redactionMark(n.name))
	}
	return strings.NewReplacer(pairs...).Replace
}

func redactionMark(name string) string { return "[REDACTED:" + name + "]" }

// presentIn names the secrets found in any of texts, sorted and unique.
func (s *secrets) presentIn(texts ...string) []string {
	seen := map[string]bool{}
	for _, n := range s.all() {
		if seen[n.name] {
			continue
		}
		for _, t := range texts {
			if strings.Contains(t, n.value) {
				seen[n.name] = true
				break
			}
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
