package mockpeer

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// tokenLifetime is the expires_in of every issued access token.
const tokenLifetime = time.Hour

// secrets holds the credentials of one run. Values use the base64url
// alphabet, which survives URL and JSON encoding unchanged; the scan
// (scan.go) finds them as sent and in the forms a server decodes.
type secrets struct {
	clientID     string // an identifier, not a secret: never redacted
	clientSecret string
	bearer       string
	apiKey       string
	admin        string // the admin API's bearer secret
	session      string // the admin session cookie's value

	mu     sync.Mutex
	tokens map[string]issuedToken // issued access token → its grant
	// index is built from the values above on first use and dropped when a
	// token is issued; both happen under mu, so a stale index can never be
	// stored after a new token (which would leave that token unredacted).
	index *journal.SecretIndex
}

func newSecrets() (*secrets, error) {
	s := &secrets{tokens: map[string]issuedToken{}}
	for _, f := range []struct {
		dst    *string
		prefix string
	}{
		{&s.clientID, "client-"},
		{&s.clientSecret, "cs-"},
		{&s.bearer, "bt-"},
		{&s.apiKey, "ak-"},
		{&s.admin, "adm-"},
		{&s.session, "ads-"},
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

// issuedToken is what the farm knows of an access token it minted.
type issuedToken struct {
	expiry time.Time
	scope  string // what the token request asked for (normalScope)
	// scripted: the token was granted a life of its own (PeerSpec.
	// TokenLifetime), which ends on the farm's script (Farm.EndTokenLives),
	// never on the wall clock; ended says it has.
	scripted, ended bool
	// revoked: the farm revoked the token before its life ended
	// (Farm.RevokeNextToken).
	revoked bool
}

// Token states, as AuthSeen.TokenState spells them.
const (
	TokenExpired = journal.TokenExpired
	TokenRevoked = journal.TokenRevoked
)

// issue mints an access token for scope, granted life (0: tokenLifetime,
// on the clock; otherwise a life the farm's script ends).
func (s *secrets) issue(now time.Time, scope string, life time.Duration) (string, error) {
	tok, err := randomToken("at-")
	if err != nil {
		return "", err
	}
	t := issuedToken{expiry: now.Add(tokenLifetime), scope: scope}
	if life > 0 {
		t.scripted = true
	}
	s.mu.Lock()
	s.tokens[tok] = t
	s.index = nil
	s.mu.Unlock()
	return tok, nil
}

// validToken reports whether tok was issued by this farm and is unexpired.
func (s *secrets) validToken(tok string, now time.Time) bool {
	return s.tokenState(tok, now) == ""
}

// tokenState is "" for a token of the farm that is valid now, TokenExpired
// or TokenRevoked for one of its tokens that is not, and "unknown" for
// anything else.
func (s *secrets) tokenState(tok string, now time.Time) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tokens[tok]
	switch {
	case !ok:
		return "unknown"
	case t.revoked:
		return TokenRevoked
	case t.ended || (!t.scripted && !now.Before(t.expiry)):
		return TokenExpired
	}
	return ""
}

// endLives ends the life of every token granted one of its own so far:
// their expiry has passed on the farm's scripted clock.
func (s *secrets) endLives() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for tok, t := range s.tokens {
		if t.scripted {
			t.ended = true
			s.tokens[tok] = t
		}
	}
}

// revoke revokes tok when it is a token of the farm valid now, and
// reports whether it did.
func (s *secrets) revoke(tok string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tokens[tok]
	if !ok || t.revoked || t.ended || (!t.scripted && !now.Before(t.expiry)) {
		return false
	}
	t.revoked = true
	s.tokens[tok] = t
	return true
}

// current returns the index of every secret known now.
func (s *secrets) current() *journal.SecretIndex {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.index == nil {
		s.index = s.buildIndexLocked()
	}
	return s.index
}

// buildIndexLocked indexes every secret value with its name.
func (s *secrets) buildIndexLocked() *journal.SecretIndex {
	list := []journal.NamedSecret{
		{Name: journal.CredOAuthClientSecret, Value: s.clientSecret},
		{Name: journal.CredBearer, Value: s.bearer},
		{Name: journal.CredAPIKey, Value: s.apiKey},
		{Name: journal.CredAdminSecret, Value: s.admin},
		{Name: journal.CredAdminSession, Value: s.session},
	}
	for tok, t := range s.tokens {
		list = append(list, journal.NamedSecret{Name: journal.TokenName(t.scope), Value: tok})
	}
	ix, err := journal.NewSecretIndex(list)
	if err != nil {
		panic(err) // the farm makes its secrets: they always fit
	}
	return ix
}

// longest is the length of the longest secret value.
func (s *secrets) longest() int { return s.current().Longest() }

// overlap is how much of a stream read in pieces each scan keeps of the
// piece before: the longest textual form of a secret the scan decodes
// (JSON \u escapes take six characters a character, base64 of percent
// escapes four), so a secret split between two reads is whole in one scan.
func (s *secrets) overlap() int { return 8 * s.longest() }

// presentIn names the secrets found in any of texts, in any form the scan
// finds (scan.go), sorted and unique, with CredUnexamined when a scan was
// stopped short of the end; nil when there is none, the common case, which
// allocates nothing.
func (s *secrets) presentIn(texts ...string) []string {
	return s.present(texts, (*journal.SecretIndex).Scan)
}

// presentOnce is presentIn for a text seen once (a stream's chunk), which
// the index does not remember.
func (s *secrets) presentOnce(text string) []string {
	return s.present([]string{text}, func(ix *journal.SecretIndex, t string, _ bool) journal.ScanResult { return ix.ScanOnce(t) })
}

func (s *secrets) present(texts []string, scan func(*journal.SecretIndex, string, bool) journal.ScanResult) []string {
	ix := s.current()
	var names []string
	for _, t := range texts {
		if res := scan(ix, t, false); res.Any() {
			names = journal.MergeNames(names, res.Names())
		}
	}
	return names
}
