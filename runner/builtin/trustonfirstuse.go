package builtin

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// trustOnFirstUse is adversarial (gallery.go): the reference's sends, with
// no judgement of authority of its own. It trusts whatever its session met
// first: the first card's interfaces, wherever they point and wherever the
// card came from (no origin check, so it follows redirects anywhere; no
// signature verification), and each server's first certificate, pinned by
// the names it claims (no CA check: trust on first use, as SSH does).
// Afterwards it aborts only when a card's interface urls, their protocol
// versions or its raw security JSON differ from the first card's, and a
// server presenting another certificate for the same names is refused; it
// computes no contract hash. What it trusts is kept in the session's state
// directory, so that in one-shot mode too it is the session's first card,
// not each process's.
func trustOnFirstUse() task {
	var rc *refclient.Client
	var trust *firstUse
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		if trust == nil {
			var err error
			if trust, err = loadFirstUse(a.StateDir); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
		}
		if rc == nil {
			ref := refclient.Reference()
			cfg := refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials,
				UnsafeDecisions: refclient.Decisions{
					Cache: trust, Revalidator: trust,
					Origins:  refclient.OriginGateFunc(func(refclient.Reach, *url.URL, *url.URL) bool { return true }),
					Protocol: noExtensions{ref.Protocol},
				},
				UnsafeTLS: trust.pinFirstCertificate,
			}
			var err error
			if rc, err = refclient.New(cfg); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
		}
		out := rc.Do(ctx, a)
		rc.Close() // its connections; the client stays usable for the session's next task
		return out
	}
}

// firstUseFile is where trust-on-first-use keeps what it trusts, in the
// state directory.
const firstUseFile = "trust-on-first-use.json"

// firstUse is what trust-on-first-use met first: it plans and revalidates
// cards (refclient.CardCache, refclient.Revalidator) and pins certificates.
type firstUse struct {
	file sessionFile

	mu    sync.Mutex
	state firstUseState
}

type firstUseState struct {
	// Card is the first card met; nil before any.
	Card *cardSeen `json:"card,omitempty"`
	// Certificates are the SHA-256 of the first leaf certificate seen, by
	// the names it claims.
	Certificates map[string]string `json:"certificates,omitempty"`
}

// cardSeen is what trust-on-first-use compares of a card.
type cardSeen struct {
	URLs     []string `json:"urls"`
	Versions []string `json:"protocolVersions"`
	Security string   `json:"security"` // securitySchemes and securityRequirements as received
}

func loadFirstUse(dir string) (*firstUse, error) {
	t := &firstUse{}
	var err error
	t.file, err = openSessionFile(TrustOnFirstUse, dir, firstUseFile, &t.state)
	return t, err
}

// saveLocked writes the state where the next process of the session finds
// it; t.mu is held.
func (t *firstUse) saveLocked() error { return t.file.save(t.state) }

// Plan fetches the card (conditionally when it holds one) and judges it.
func (t *firstUse) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	card, err := c.FetchCardSince(ctx, held)
	if err != nil {
		return nil, err
	}
	if err := t.judge(card); err != nil {
		return nil, err
	}
	return card, nil
}

// Revalidate looks at the card again right before the send and judges it.
// It sends under the card it planned on whenever what it compares is the
// same: it knows no contract to tell a newer card by.
func (t *firstUse) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	if !prev.HasValidator() {
		return prev, nil
	}
	card, err := c.FetchCardSince(ctx, prev)
	if err != nil {
		return nil, err
	}
	if err := t.judge(card); err != nil {
		return nil, err
	}
	return prev, nil
}

// judge trusts the first card it meets, and afterwards refuses a card
// whose interface urls, protocol versions or security JSON differ.
func (t *firstUse) judge(card *refclient.Card) error {
	seen := seeCard(card)
	t.mu.Lock()
	defer t.mu.Unlock()
	first := t.state.Card
	switch {
	case first == nil:
		t.state.Card = &seen
		return t.saveLocked()
	case !slices.Equal(seen.URLs, first.URLs):
		return fmt.Errorf("builtin: %s: %w: the interfaces moved since first use (%s, were %s)", TrustOnFirstUse,
			refclient.ErrUntrustedEndpoint, strings.Join(seen.URLs, " "), strings.Join(first.URLs, " "))
	case !slices.Equal(seen.Versions, first.Versions):
		return fmt.Errorf("builtin: %s: %w: protocol versions %v since first use, were %v", TrustOnFirstUse,
			refclient.ErrVersionUnsupported, seen.Versions, first.Versions)
	case seen.Security != first.Security:
		return fmt.Errorf("builtin: %s: %w: the security JSON changed since first use", TrustOnFirstUse, refclient.ErrContractChanged)
	}
	return nil
}

func seeCard(card *refclient.Card) cardSeen {
	var seen cardSeen
	for _, i := range card.Card.SupportedInterfaces {
		seen.URLs = append(seen.URLs, i.URL)
		seen.Versions = append(seen.Versions, i.ProtocolVersion)
	}
	var security struct {
		Schemes      json.RawMessage `json:"securitySchemes"`
		Requirements json.RawMessage `json:"securityRequirements"`
	}
	_ = json.Unmarshal(card.Raw, &security) // the card parsed; a member it lacks compares as absent
	seen.Security = string(security.Schemes) + "\n" + string(security.Requirements)
	return seen
}

// pinFirstCertificate is the client's TLS check: no verification against
// the trust root, but the first certificate seen for a set of names is the
// only one accepted for them afterwards.
func (t *firstUse) pinFirstCertificate(c *tls.Config) {
	c.InsecureSkipVerify = true
	c.VerifyConnection = func(cs tls.ConnectionState) error {
		if len(cs.PeerCertificates) == 0 {
			return fmt.Errorf("builtin: %s: the server presented no certificate", TrustOnFirstUse)
		}
		leaf := cs.PeerCertificates[0]
		names, sum := certificateNames(leaf), sha256.Sum256(leaf.Raw)
		fingerprint := hex.EncodeToString(sum[:])
		t.mu.Lock()
		defer t.mu.Unlock()
		first, ok := t.state.Certificates[names]
		switch {
		case !ok:
			if t.state.Certificates == nil {
				t.state.Certificates = map[string]string{}
			}
			t.state.Certificates[names] = fingerprint
			return t.saveLocked()
		case first != fingerprint:
			return fmt.Errorf("builtin: %s: the certificate for %s changed since first use", TrustOnFirstUse, names)
		}
		return nil
	}
}

// certificateNames are the names a certificate claims: its subject's
// common name and its subject alternative names, in a stable order.
func certificateNames(cert *x509.Certificate) string {
	names := slices.Clone(cert.DNSNames)
	for _, ip := range cert.IPAddresses {
		names = append(names, ip.String())
	}
	slices.Sort(names)
	return strings.Join(append([]string{cert.Subject.CommonName}, names...), ",")
}
