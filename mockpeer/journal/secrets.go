package journal

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
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

// SecretIndex is what every scan needs, built once from the secrets, not
// per request (scan.go). It is read-only once built: safe for concurrent use.
type SecretIndex struct {
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
	pairs   *[1 << 16 / 64]uint64
	memo    *scanMemo // the latest results (scan_memo.go)
	cleaned *scanMemo // the latest of Clean's, for long texts
	// lastCredential is the latest credential header value redacted, with
	// what it was redacted to (redaction.credential).
	lastCredential atomic.Pointer[credentialMemo]
}

// maxSecretLen bounds a secret's length (the farm's are 35 or 36
// characters): matching lowercases a candidate into a buffer this big.
const maxSecretLen = 64

// formMargin is what minForm leaves below the shortest secret.
const formMargin = 4

func (ix *SecretIndex) begins(a, b byte) bool {
	i := uint16(a)<<8 | uint16(b)
	return ix.pairs[i/64]&(1<<(i%64)) != 0
}

type namedSecret struct{ name, value string }

// NamedSecret is one secret value to look for, and the name a finding and
// a redaction mark give it (a Cred* name).
type NamedSecret struct{ Name, Value string }

// NewSecretIndex indexes the secrets of list for the scan: each value 2 to
// 64 characters long, at least one. A name may have several values.
func NewSecretIndex(list []NamedSecret) (*SecretIndex, error) {
	named := make([]namedSecret, len(list))
	for i, n := range list {
		named[i] = namedSecret{n.Name, n.Value}
	}
	return newSecretIndex(named)
}

// Longest is the length of the longest secret value.
func (ix *SecretIndex) Longest() int { return len(ix.list[0].value) }

// newSecretIndex indexes list, which must not be empty, each value 2 to
// maxSecretLen characters long.
func newSecretIndex(list []namedSecret) (*SecretIndex, error) {
	if len(list) == 0 {
		return nil, errNoSecrets
	}
	list = slices.Clone(list)
	sort.Slice(list, func(i, j int) bool { return len(list[i].value) > len(list[j].value) })
	ix := &SecretIndex{list: list, byLower: make(map[string]string, len(list)), pairs: new([1 << 16 / 64]uint64),
		memo: new(scanMemo), cleaned: new(scanMemo), minLen: len(list[len(list)-1].value)}
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
	errNoSecrets  = errors.New("journal: no secret to look for")
	errSecretSize = fmt.Errorf("journal: a secret must have 2 to %d characters", maxSecretLen)
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
	return MergeNames(nil, ix.Scan(text, false).Names()), nil
}

// RedactionMark is what stands for a secret of that name in the journal.
func RedactionMark(name string) string { return "[REDACTED:" + name + "]" }

// redactedPrefix begins every redaction mark, named or not ("[REDACTED]").
const redactedPrefix = "[REDACTED"

// HoldsRedaction reports whether text, as journaled, had a secret redacted.
func HoldsRedaction(text string) bool { return strings.Contains(text, redactedPrefix) }
