package mockpeer

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
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
	// CredUnexamined names no credential: a text held more encoded content
	// than a scan decodes (a compressed stream past maxInflated, more
	// stream magics than maxStreamTries), so whether it carried one is unknown. It
	// fails closed: presented where no credential may go, it fails there.
	CredUnexamined = "unexamined"
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
	index *secretIndex
}

// secretIndex is what every scan needs, built once from the secrets, not
// per request (scan.go).
type secretIndex struct {
	list []namedSecret // longest first
	// byLower names each secret by its lowercased value: scans match in
	// any letter case.
	byLower map[string]string
	lens    []int // the secrets' lengths, longest first
	minLen  int   // the shortest secret
	// minForm is less than the shortest text any form of any secret takes:
	// every encoding the scan decodes is at least as long as what it
	// encodes, a compressed stream included (its header and checksum
	// outweigh what a random token compresses by), less a margin.
	minForm int
	// minBase64 is the shortest base64 run worth decoding: the characters
	// that carry minForm bytes, at any alignment.
	minBase64 int
	// pairs has a bit for each lowercased pair of characters a secret
	// begins with: most of a run is ruled out by two table lookups.
	pairs *[1 << 16 / 64]uint64
}

// maxSecretLen bounds a secret's length (the farm's are 35 or 36
// characters): matching lowercases a candidate into a buffer this big.
const maxSecretLen = 64

// formMargin is what minForm leaves below the shortest secret.
const formMargin = 4

func (ix *secretIndex) begins(a, b byte) bool {
	i := uint16(a)<<8 | uint16(b)
	return ix.pairs[i/64]&(1<<(i%64)) != 0
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
}

// issue mints an access token for scope, valid until now+tokenLifetime.
func (s *secrets) issue(now time.Time, scope string) (string, error) {
	tok, err := randomToken("at-")
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	s.tokens[tok] = issuedToken{expiry: now.Add(tokenLifetime), scope: scope}
	s.index = nil
	s.mu.Unlock()
	return tok, nil
}

// validToken reports whether tok was issued by this farm and is unexpired.
func (s *secrets) validToken(tok string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tokens[tok]
	return ok && now.Before(t.expiry)
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

// buildIndexLocked indexes every secret value with its name.
func (s *secrets) buildIndexLocked() *secretIndex {
	list := []namedSecret{
		{CredOAuthClientSecret, s.clientSecret},
		{CredBearer, s.bearer},
		{CredAPIKey, s.apiKey},
		{CredAdminSecret, s.admin},
		{CredAdminSession, s.session},
	}
	for tok, t := range s.tokens {
		list = append(list, namedSecret{tokenName(t.scope), tok})
	}
	ix, err := newSecretIndex(list)
	if err != nil {
		panic(err) // the farm makes its secrets: they always fit
	}
	return ix
}

// newSecretIndex indexes list, which must not be empty, each value 2 to
// maxSecretLen characters long.
func newSecretIndex(list []namedSecret) (*secretIndex, error) {
	if len(list) == 0 {
		return nil, errNoSecrets
	}
	list = slices.Clone(list)
	sort.Slice(list, func(i, j int) bool { return len(list[i].value) > len(list[j].value) })
	ix := &secretIndex{list: list, byLower: make(map[string]string, len(list)), pairs: new([1 << 16 / 64]uint64),
		minLen: len(list[len(list)-1].value)}
	for _, n := range list {
		if len(n.value) < 2 || len(n.value) > maxSecretLen {
			return nil, fmt.Errorf("%w: %s has %d characters", errSecretSize, n.name, len(n.value))
		}
		low := strings.ToLower(n.value)
		ix.byLower[low] = n.name
		if !slices.Contains(ix.lens, len(low)) {
			ix.lens = append(ix.lens, len(low))
		}
		i := uint16(low[0])<<8 | uint16(low[1])
		ix.pairs[i/64] |= 1 << (i % 64)
	}
	ix.minForm = max(ix.minLen-formMargin, 1)
	ix.minBase64 = (ix.minForm*4 + 2) / 3
	return ix, nil
}

var (
	errNoSecrets  = errors.New("mockpeer: no secret to look for")
	errSecretSize = fmt.Errorf("mockpeer: a secret must have 2 to %d characters", maxSecretLen)
)

// SecretsIn names the secrets (name → value) that text holds, in any form
// the farm's scan finds, sorted: what a tool can ask of an output once the
// farm that would have redacted it is gone (a report, a log). A value
// shorter than 2 characters or longer than 64 is an error.
func SecretsIn(text string, secrets map[string]string) ([]string, error) {
	var list []namedSecret
	for name, v := range secrets {
		list = append(list, namedSecret{name, v})
	}
	ix, err := newSecretIndex(list)
	if err != nil {
		return nil, err
	}
	return mergeNames(nil, ix.scan(text, false).names()), nil
}

// all lists every secret value with its name, longest first.
func (s *secrets) all() []namedSecret { return s.current().list }

// longest is the length of the longest secret value.
func (s *secrets) longest() int { return len(s.all()[0].value) }

// overlap is how much of a stream read in pieces each scan keeps of the
// piece before: the longest textual form of a secret the scan decodes
// (JSON \u escapes take six characters a character, base64 of percent
// escapes four), so a secret split between two reads is whole in one scan.
func (s *secrets) overlap() int { return 8 * s.longest() }

func redactionMark(name string) string { return "[REDACTED:" + name + "]" }

// markOf is the redaction mark of the secrets names: the credentials'
// names, as AuthSeen.Presented spells them.
func markOf(names []string) string {
	public := make([]string, len(names))
	for i, n := range names {
		public[i], _ = splitTokenName(n)
	}
	return redactionMark(strings.Join(mergeNames(nil, public), ","))
}

// presentIn names the secrets found in any of texts, in any form the scan
// finds (scan.go), sorted and unique, with CredUnexamined when a scan was
// stopped short of the end; nil when there is none, the common case, which
// allocates nothing.
func (s *secrets) presentIn(texts ...string) []string {
	ix := s.current()
	var names []string
	for _, t := range texts {
		if res := ix.scan(t, false); res.any() {
			names = mergeNames(names, res.names())
		}
	}
	return names
}
