package mockpeer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/contract"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// cardVersion is one card version frozen into bytes at start. Everything a
// response needs is computed once, so a response never mixes versions.
type cardVersion struct {
	n            int
	raw          []byte
	etag         string // strong: quoted hex SHA-256 of raw
	lastModified time.Time
	// Header values rendered once: a revalidation should cost a lookup.
	etagHeader, lastModifiedHeader   []string
	lengthHeader, cacheControlHeader []string // nil: no Cache-Control
	// extended is the extended card served with this version, nil when
	// the peer scripts none (ExtendedCard).
	extended *cardVersion

	// What raw determines, read through parsed, contractHash and
	// requiresMTLS: derived at start, or on first use for a copy
	// (FarmSpec.CopyOf), whose original has shown at start that cards of
	// its shape derive without error.
	skill   string
	derive  sync.Once
	derived cardDerived
}

// cardDerived is what a frozen card's bytes determine.
type cardDerived struct {
	card         wire.AgentCard // raw parsed back: exactly what clients see
	hash         string         // contract hash for the peer's skill
	mtlsRequired bool           // see State.MTLSRequired
	// skillPlan is the effective requirement of the card's skill
	// (effectiveRequirements) with each alternative's schemes looked up
	// once: what satisfies checks on every request, without a map
	// iteration or lookup each time.
	skillPlan []schemeAlternative
	err       error
}

// schemeAlternative is one alternative of a requirement: the schemes it
// names, as the card defines them. undefined: it names a scheme the card
// does not define, so nothing meets it.
type schemeAlternative struct {
	schemes   []wire.SecurityScheme
	undefined bool
}

// planOf looks up the schemes of every alternative of reqs on card.
func planOf(card *wire.AgentCard, reqs []wire.SecurityRequirement) []schemeAlternative {
	plan := make([]schemeAlternative, len(reqs))
	for i, alt := range reqs {
		for name := range alt.Schemes {
			scheme, ok := card.SecuritySchemes[name]
			if !ok {
				plan[i] = schemeAlternative{undefined: true}
				break
			}
			plan[i].schemes = append(plan[i].schemes, scheme)
		}
	}
	return plan
}

// derivedOf parses raw back and hashes its contract for skill. A card
// that does not derive fails the start; on a copy's first use (where the
// start vouched for it), it fails closed instead: the card enforced
// requires a scheme it does not define, so no call is admitted, and the
// contract hash journaled names the error rather than passing for one.
func derivedOf(raw []byte, skill string) (d cardDerived) {
	if d.err = json.Unmarshal(raw, &d.card); d.err == nil {
		d.hash, d.err = contract.Hash(raw, skill)
	}
	if d.err != nil {
		d.card = wire.AgentCard{SecurityRequirements: []wire.SecurityRequirement{wire.Require(underivedScheme)}}
		d.hash = "card does not derive: " + d.err.Error()
		d.skillPlan = planOf(&d.card, effectiveRequirements(&d.card, skill))
		return d
	}
	d.mtlsRequired = requiresMTLS(&d.card, skill)
	d.skillPlan = planOf(&d.card, effectiveRequirements(&d.card, skill))
	return d
}

// underivedScheme is the scheme a card that does not derive requires and
// does not define.
const underivedScheme = "mockpeer-card-does-not-derive"

// derivedNow derives v once, whoever asks first: the start for an
// original, the first request or reader for a copy.
func (v *cardVersion) derivedNow() *cardDerived {
	v.derive.Do(func() { v.derived = derivedOf(v.raw, v.skill) })
	return &v.derived
}

// parsed is the card as clients see it (raw parsed back).
func (v *cardVersion) parsed() *wire.AgentCard { return &v.derivedNow().card }

// contractHash is the card's contract hash for the peer's skill.
func (v *cardVersion) contractHash() string { return v.derivedNow().hash }

// requiresMTLS: see State.MTLSRequired.
func (v *cardVersion) requiresMTLS() bool { return v.derivedNow().mtlsRequired }

// jsonContentType is the card's Content-Type value, shared by every
// answer as the version's rendered headers are: net/http copies a
// handler's header when it writes it, and nothing here changes one.
var jsonContentType = []string{"application/json"}

// buildVersions calls every CardFunc of spec once and freezes the result,
// signed by signers when the peer signs (the signatures cover the bytes
// served, so a card verifies exactly as a client receives it). Each
// version is parsed back and hashed now, unless lazy (the peer is a copy:
// FarmSpec.CopyOf), when that waits for its first use.
func buildVersions(spec PeerSpec, o Origins, start time.Time, signers []cardsig.Signer, lazy bool) ([]*cardVersion, error) {
	out := make([]*cardVersion, len(spec.Cards))
	for i, build := range spec.Cards {
		card := build(o)
		raw, err := freezeCard(spec, card)
		if err != nil {
			return nil, fmt.Errorf("mockpeer: peer %q card %d: %w", spec.Name, i, err)
		}
		if spec.Signing != nil {
			if raw, err = signCard(spec, card, raw, o, signers); err != nil {
				return nil, fmt.Errorf("mockpeer: peer %q card %d: %w", spec.Name, i, err)
			}
		}
		v := &cardVersion{n: i, raw: raw, skill: spec.Skill, lastModified: start.Add(time.Duration(i) * time.Minute)}
		if !lazy {
			if err := v.derivedNow().err; err != nil {
				return nil, fmt.Errorf("mockpeer: peer %q card %d: %w", spec.Name, i, err)
			}
		}
		if v.extended, err = buildExtended(spec, i, o, signers, lazy); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(raw)
		v.etag = `"` + hex.EncodeToString(sum[:]) + `"`
		v.etagHeader = []string{v.etag}
		v.lastModifiedHeader = []string{v.lastModified.UTC().Format(http.TimeFormat)}
		v.lengthHeader = []string{strconv.Itoa(len(raw))}
		if cc := spec.Caching.CacheControl; cc != "" {
			v.cacheControlHeader = []string{cc}
		}
		out[i] = v
	}
	return out, nil
}

// requiresMTLS reports whether every alternative of the skill's effective
// security requirement on card names an mTLS scheme: no client reaches the
// skill without a client certificate.
func requiresMTLS(card *wire.AgentCard, skill string) bool {
	reqs := effectiveRequirements(card, skill)
	for _, alt := range reqs {
		if !namesMTLS(card, alt) {
			return false
		}
	}
	return len(reqs) > 0
}

func namesMTLS(card *wire.AgentCard, alt wire.SecurityRequirement) bool {
	for name := range alt.Schemes {
		if s, ok := card.SecuritySchemes[name]; ok && s.Kind() == "mtls" {
			return true
		}
	}
	return false
}

// freezeCard renders card as the peer serves it (before signing).
func freezeCard(spec PeerSpec, card wire.AgentCard) ([]byte, error) {
	raw, err := json.Marshal(card)
	if err != nil {
		return nil, err
	}
	if spec.FlatSecurityScopes {
		return wire.FlattenSecurityScopes(raw)
	}
	return raw, nil
}

// serveCard answers the well-known card URL: a redirect when scripted,
// else the version in force with its validators, or 304.
func (p *Peer) serveCard(w http.ResponseWriter, r *http.Request, d *draft) {
	if !readOnly(w, r, "the card URL") {
		return
	}
	p.mu.Lock()
	v := p.versions[p.state.version]
	age := p.spec.Caching.Aged.header(p.state.version)
	d.cardVersion = v.n
	tags := parseEntityTags(r.Header) // read once: the answer and the journal agree
	d.validators = p.readValidatorsLocked(tags, r.Header)
	p.cardFetchedLocked()
	if fault := p.state.fault; fault != "" {
		p.mu.Unlock()
		p.serveCardFault(w, fault, d, v)
		return
	}
	if rd := p.spec.Redirect; rd.redirects(p.state.version) && r.URL.Path == p.paths.card {
		status := rd.status(p.state.version)
		p.mu.Unlock()
		w.Header().Set("Location", p.redirectLocation(rd))
		w.WriteHeader(status)
		return
	}
	status := http.StatusOK
	if p.notModified(tags, r, v) {
		status = http.StatusNotModified
	}
	if status == http.StatusOK && r.Method == http.MethodGet {
		p.state.markServed(v.n, len(p.versions))
	}
	p.state.cardResponses++
	p.fireLocked(AfterCardResponses, 0)
	if !p.state.armedOnExtended {
		p.fireArmedLocked()
	}
	p.fireCardFaultLocked()
	p.mu.Unlock()

	h := w.Header()
	if !p.spec.Caching.NoETag {
		h["Etag"] = v.etagHeader
	}
	if !p.spec.Caching.NoLastModified {
		h["Last-Modified"] = v.lastModifiedHeader
	}
	if v.cacheControlHeader != nil {
		h["Cache-Control"] = v.cacheControlHeader
	}
	if age != "" {
		h.Set("Age", age)
	}
	if status == http.StatusNotModified {
		w.WriteHeader(status)
		return
	}
	h["Content-Type"], h["Content-Length"] = jsonContentType, v.lengthHeader
	w.WriteHeader(status)
	if r.Method == http.MethodGet {
		_, _ = w.Write(v.raw)
	}
}

// movesCard reports whether the peer's card redirects within its own
// origin, to MovedCardPath: only such a peer serves its card there.
func (p *Peer) movesCard() bool {
	rd := p.spec.Redirect
	return rd != nil && rd.To == p.spec.Name
}

// redirectLocation is where rd sends the card request: To's card URL, or
// this peer's MovedCardPath when rd names the peer itself.
func (p *Peer) redirectLocation(rd *Redirect) string {
	if rd.To == p.spec.Name {
		return p.origin + MovedCardPath
	}
	return p.farm.byName[rd.To].CardURL()
}

// notModified evaluates the preconditions of RFC 9110 §13.2.2 for GET:
// If-None-Match decides when it has members, If-Modified-Since only
// otherwise. Its reading of the lists is the one the journal records
// (parseEntityTags, Validators).
func (p *Peer) notModified(tags []entityTag, r *http.Request, v *cardVersion) bool {
	if len(tags) > 0 {
		etag := v.etag
		if p.spec.Caching.NoETag {
			etag = ""
		}
		return matchesAny(tags, etag)
	}
	ims := r.Header.Get("If-Modified-Since")
	if ims == "" || p.spec.Caching.NoLastModified {
		return false
	}
	t, err := http.ParseTime(ims)
	if err != nil {
		return false
	}
	return !v.lastModified.After(t)
}

// readValidatorsLocked is the peer's reading of a card request's
// validators (ReadValidators), tags its If-None-Match members; nil
// without any.
func (p *Peer) readValidatorsLocked(tags []entityTag, h http.Header) *journal.Validators {
	dates := h["If-Modified-Since"]
	if len(tags) == 0 && len(dates) == 0 {
		return nil
	}
	if p.sent == nil {
		sent := CardValidators{ETags: make([]string, len(p.versions)), Dates: make([]string, len(p.versions))}
		for i, v := range p.versions {
			if !p.spec.Caching.NoETag {
				sent.ETags[i] = v.etag
			}
			if !p.spec.Caching.NoLastModified {
				sent.Dates[i] = v.lastModifiedHeader[0]
			}
		}
		p.sent = &sent
	}
	return readValidators(tags, dates, *p.sent, p.state.isServed)
}

// markServed records that version n (of versions) was served whole.
func (s *peerState) markServed(n, versions int) {
	if s.served == nil {
		s.served = make([]bool, versions)
	}
	s.served[n] = true
}

func (s *peerState) isServed(n int) bool { return n < len(s.served) && s.served[n] }

// readOnly answers 405 to anything but GET and HEAD, naming what refused
// it, and reports whether the request may be served.
func readOnly(w http.ResponseWriter, r *http.Request, what string) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	methodNotAllowed(w, "GET, HEAD", what+" answers GET and HEAD only")
	return false
}

// methodNotAllowed answers 405 with the methods allowed and why, in the
// farm's JSON error form.
func methodNotAllowed(w http.ResponseWriter, allow, message string) {
	w.Header().Set("Allow", allow)
	writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "method_not_allowed", "message": message})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"error":"internal"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
