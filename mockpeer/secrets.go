package mockpeer

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"slices"
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
	// CredAdminSecret is the admin API's secret: the client is never
	// given it, so finding it in a request means it was stolen.
	CredAdminSecret = "admin-secret"
	// CredAdminSession is the value of the admin session cookie a browser
	// holds for the admin views (see Farm.MountAdminView).
	CredAdminSession = "admin-session"
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
	admin        string // the admin API's bearer secret
	session      string // the admin session cookie's value

	mu     sync.Mutex
	tokens map[string]time.Time // issued access token → expiry
	// index is built from the values above on first use and dropped when a
	// token is issued; both happen under mu, so a stale index can never be
	// stored after a new token (which would leave that token unredacted).
	index *secretIndex
}

// secretIndex is what every request needs: the secrets longest first and
// a replacer built from them once, not per request.
type secretIndex struct {
	list    []namedSecret
	replace func(string) string
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

// issue mints an access token valid until now+tokenLifetime.
func (s *secrets) issue(now time.Time) (string, error) {
	tok, err := randomToken("at-")
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	s.tokens[tok] = now.Add(tokenLifetime)
	s.index = nil
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

// current returns the index of every secret known now.
func (s *secrets) current() *secretIndex {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.index == nil {
		s.index = s.buildIndexLocked()
	}
	return s.index
}

// buildIndexLocked lists every secret value with its name, longest first
// so that the replacer never cuts a longer secret with a shorter one.
func (s *secrets) buildIndexLocked() *secretIndex {
	list := []namedSecret{
		{CredOAuthClientSecret, s.clientSecret},
		{CredBearer, s.bearer},
		{CredAPIKey, s.apiKey},
		{CredAdminSecret, s.admin},
		{CredAdminSession, s.session},
	}
	for tok := range s.tokens {
		list = append(list, namedSecret{CredOAuthToken, tok})
	}
	sort.Slice(list, func(i, j int) bool { return len(list[i].value) > len(list[j].value) })
	pairs := make([]string, 0, 2*len(list))
	for _, n := range list {
		pairs = append(pairs, n.value, redactionMark(n.name))
	}
	replacer := strings.NewReplacer(pairs...)
	return &secretIndex{list: list, replace: func(v string) string {
		if mayHoldSecret(v) {
			v = replacer.Replace(v)
		}
		return redactPrivateKeys(v)
	}}
}

// secretPrefixes start every secret value (see newSecrets and issue); a
// string without any of them holds no secret, which is cheap to rule out.
var secretPrefixes = []string{"cs-", "bt-", "ak-", "at-", "adm-", "ads-"}

func mayHoldSecret(v string) bool {
	// One pass over the dashes instead of one search per prefix: every
	// request header and body goes through here.
	for i := strings.IndexByte(v, '-'); i >= 0; {
		for _, p := range secretPrefixes {
			if strings.HasSuffix(v[:i+1], p) {
				return true
			}
		}
		next := strings.IndexByte(v[i+1:], '-')
		if next < 0 {
			break
		}
		i += next + 1
	}
	return false
}

// all lists every secret value with its name, longest first.
func (s *secrets) all() []namedSecret { return s.current().list }

// longest is the length of the longest secret value.
func (s *secrets) longest() int { return len(s.all()[0].value) }

// redactor returns a function replacing every secret value and every PEM
// private key block with its mark.
func (s *secrets) redactor() func(string) string { return s.current().replace }

func redactionMark(name string) string { return "[REDACTED:" + name + "]" }

// presentIn names the secrets found in any of texts, sorted and unique;
// nil when there is none, the common case, which allocates nothing.
func (s *secrets) presentIn(texts ...string) []string {
	var names []string
	for _, t := range texts {
		if !mayHoldSecret(t) { // ruled out once per text, not once per secret
			continue
		}
		for _, n := range s.all() {
			if !slices.Contains(names, n.name) && strings.Contains(t, n.value) {
				names = append(names, n.name)
			}
		}
	}
	sort.Strings(names)
	return names
}
