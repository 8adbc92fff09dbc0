package mockpeer

import (
	"crypto/x509"
	"net/http"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// admit is the security gate of every well-formed A2A request: the
// effective requirement of the peer's skill on the enforced card, a grace
// window for the previous card, the Admit hook, the tenant and protocol
// version of the card's interfaces (interfaceFault), and the card's
// required extensions.
func (p *Peer) admit(r *http.Request, call *agent.Call) *agent.Error {
	if p.farm.revokeAtGate(r) {
		if d := draftFrom(r.Context()); d != nil {
			d.auth.TokenState, d.auth.SatisfiesCurrent = TokenRevoked, false
		}
	}
	p.mu.Lock()
	armedFired := sendOp(call.Op) && p.fireArmedLocked()
	s := p.stateLocked()
	enforced, fault := p.enforcedLocked(s)
	var previous *cardVersion
	if enforced != nil && enforced.n == s.Version && p.graceOpenLocked() {
		previous = p.versions[s.Previous]
	}
	current := p.versions[s.Version]
	p.mu.Unlock()
	if d := draftFrom(r.Context()); d != nil {
		switch {
		case armedFired:
			// The rotation came before the judgement: the journal must show
			// the send against the version it was judged by, as if it
			// arrived after.
			d.arrivalVersion = s.Version
			d.auth.SatisfiesCurrent = p.satisfiesFor(r, current, call.Op)
		case d.arrivalVersion >= 0 && d.arrivalVersion < len(p.versions) && p.versions[d.arrivalVersion].extended != nil:
			// The card in force on arrival, judged as the operation needs
			// (satisfiesFor): the router knew no operation yet.
			d.auth.SatisfiesCurrent = p.satisfiesFor(r, p.versions[d.arrivalVersion], call.Op)
		}
	}
	if fault != nil {
		return fault
	}
	// With an extended card scripted, every call but its fetch is judged
	// by the extended card (ExtendedCard).
	enforced = enforced.enforced(call.Op)
	if previous != nil {
		previous = previous.enforced(call.Op)
	}

	underGrace := false
	if !p.satisfiesFor(r, enforced, call.Op) {
		if previous == nil || !p.satisfiesFor(r, previous, call.Op) {
			return p.unauthenticated(r)
		}
		underGrace = true
	}
	if hook := p.spec.Hooks.Admit; hook != nil {
		if e := hook(s, r, call); e != nil {
			return e
		}
	}
	// The routing fields and the required extensions, like the credentials:
	// what the card in force asks, or, within a grace window, what the card
	// it replaced asked.
	if e := interfaceFault(enforced.parsed(), call); e != nil {
		if previous == nil || interfaceFault(previous.parsed(), call) != nil {
			return e
		}
		underGrace = true
	}
	if missing := missingExtensions(enforced.parsed(), call.Extensions, r); len(missing) > 0 {
		if previous == nil || len(missingExtensions(previous.parsed(), call.Extensions, r)) > 0 {
			return &agent.Error{
				Kind:     wire.ErrExtensionSupportRequired,
				Detail:   strings.Join(missing, ", "),
				Metadata: map[string]string{"extensions": strings.Join(missing, ",")},
			}
		}
		underGrace = true
	}

	p.mu.Lock()
	if underGrace && !p.graceOpenLocked() {
		// The window closed while this request was judged.
		p.mu.Unlock()
		return agent.Errorf(wire.ErrUnauthenticated, "the credentials do not satisfy the security requirements of the agent card")
	}
	if p.state.graceLeft > 0 {
		p.state.graceLeft--
	}
	p.mu.Unlock()
	if d := draftFrom(r.Context()); d != nil {
		d.auth.Admitted = true
	}
	return nil
}

// unauthenticated is the refusal of a request whose credentials do not
// satisfy the card: with the challenge of RFC 6750 §3.1 (invalid_token)
// when its Authorization header carries an access token the farm issued
// whose life has ended, or that it revoked.
func (p *Peer) unauthenticated(r *http.Request) *agent.Error {
	e := agent.Errorf(wire.ErrUnauthenticated, "the credentials do not satisfy the security requirements of the agent card")
	if d := draftFrom(r.Context()); d != nil && d.auth.TokenState != "" {
		why := "the access token expired"
		if d.auth.TokenState == TokenRevoked {
			why = "the access token was revoked"
		}
		e.Detail = why
		e.Challenge = `Bearer realm="a2a-conform", error="invalid_token", error_description="` + why + `"`
	}
	return e
}

// sendOp reports whether op creates a task, as Exchange.TaskCreating counts it.
func sendOp(op string) bool {
	return op == wire.MethodSendMessage || op == wire.MethodSendStreamingMessage
}

// satisfies reports whether r meets the effective security requirement of
// the peer's skill on card version v: one alternative fully satisfied, an
// empty list meaning open.
func (p *Peer) satisfies(r *http.Request, v *cardVersion) bool {
	if v.skill != p.spec.Skill { // not derived for this skill: looked up now
		return p.meets(r, v.parsed(), effectiveRequirements(v.parsed(), p.spec.Skill))
	}
	plan := v.derivedNow().skillPlan
	if len(plan) == 0 {
		return true
	}
	for _, alt := range plan {
		if p.alternativeOfPlanMet(r, alt) {
			return true
		}
	}
	return false
}

// alternativeOfPlanMet is alternativeMet of an alternative looked up once.
func (p *Peer) alternativeOfPlanMet(r *http.Request, alt schemeAlternative) bool {
	if alt.undefined {
		return false
	}
	for _, scheme := range alt.schemes {
		if !p.schemeMet(r, scheme) {
			return false
		}
	}
	return true
}

// satisfiesFor is satisfies for operation op: GetExtendedAgentCard must
// meet the public card's card-wide requirement, the schemes it names for
// the agent as a whole (spec §13.3); every other call the effective
// requirement of the skill on the card the peer enforces for it.
func (p *Peer) satisfiesFor(r *http.Request, v *cardVersion, op string) bool {
	if op == wire.MethodGetExtendedAgentCard {
		return p.meets(r, v.parsed(), v.parsed().SecurityRequirements)
	}
	return p.satisfies(r, v.enforced(op))
}

// meets reports whether r fully satisfies one alternative of reqs on
// card; an empty list is open.
func (p *Peer) meets(r *http.Request, card *wire.AgentCard, reqs []wire.SecurityRequirement) bool {
	if len(reqs) == 0 {
		return true
	}
	for _, alt := range reqs {
		if p.alternativeMet(r, card, alt) {
			return true
		}
	}
	return false
}

// effectiveRequirements: the skill's own list when present (even empty),
// else the card's; the same rule as the contract projection.
func effectiveRequirements(card *wire.AgentCard, skill string) []wire.SecurityRequirement {
	if s := card.Skill(skill); s != nil && s.SecurityRequirements != nil {
		return s.SecurityRequirements
	}
	return card.SecurityRequirements
}

func (p *Peer) alternativeMet(r *http.Request, card *wire.AgentCard, alt wire.SecurityRequirement) bool {
	for name := range alt.Schemes {
		scheme, ok := card.SecuritySchemes[name]
		if !ok || !p.schemeMet(r, scheme) {
			return false
		}
	}
	return true
}

func (p *Peer) schemeMet(r *http.Request, s wire.SecurityScheme) bool {
	sec := p.farm.secrets
	switch s.Kind() {
	case "http":
		return strings.EqualFold(s.HTTPAuth.Scheme, "bearer") && bearerToken(r) == sec.bearer
	case "oauth2", "openIdConnect":
		tok := bearerToken(r)
		return tok != "" && sec.validToken(tok, p.farm.now())
	case "apiKey":
		v, ok := apiKeyValue(r, s.APIKey)
		return ok && v == sec.apiKey
	case "mtls":
		return verifiedClient(r) != nil
	}
	return false
}

// bearerToken is the credential of an "Authorization: Bearer" header.
func bearerToken(r *http.Request) string {
	scheme, cred, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "bearer") {
		return ""
	}
	return strings.TrimSpace(cred)
}

func apiKeyValue(r *http.Request, s *wire.APIKeySecurityScheme) (string, bool) {
	switch strings.ToLower(s.Location) {
	case "header":
		v := r.Header.Get(s.Name)
		return v, v != ""
	case "query":
		v := r.URL.Query().Get(s.Name)
		return v, v != ""
	case "cookie":
		c, err := r.Cookie(s.Name)
		if err != nil {
			return "", false
		}
		return c.Value, true
	}
	return "", false
}

// verifiedClient is the leaf of a client certificate chain the TLS layer
// verified against the farm CA, or nil.
func verifiedClient(r *http.Request) *x509.Certificate {
	if r.TLS == nil || len(r.TLS.VerifiedChains) == 0 || len(r.TLS.VerifiedChains[0]) == 0 {
		return nil
	}
	return r.TLS.VerifiedChains[0][0]
}

// missingExtensions lists the required extensions of card the request did
// not activate.
func missingExtensions(card *wire.AgentCard, active []string, r *http.Request) []string {
	if active == nil {
		active = headerList(r.Header[extensionsHeaderKey])
	}
	var missing []string
	for _, ext := range card.Capabilities.Extensions {
		if ext.Required && !slices.Contains(active, ext.URI) {
			missing = append(missing, ext.URI)
		}
	}
	return missing
}

// headerList splits comma-separated header values, dropping empties.
func headerList(values []string) []string {
	var out []string
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			if item = strings.TrimSpace(item); item != "" {
				out = append(out, item)
			}
		}
	}
	return out
}

// presented names the farm credentials the body held, found as it
// streamed by (bodyTap), and those of what the exchange does not keep (the
// request target as sent, whose userinfo the path leaves out, and the
// trailers read with the body), plus "client-cert" when the client
// presented a certificate. What the rest of the request held (method,
// path, query, every header name and value, Host included) is found when
// its exchange is sealed, by the scan that redacts it (seal); every byte
// of its connection, by the connection's own record (RouteConnection).
func (p *Peer) presented(r *http.Request, tap *bodyTap) ([]string, []journal.Place) {
	names := tap.presented()
	places := journal.PlacesOf(nil, names, journal.PlaceBody)
	texts := []string{r.RequestURI}
	for k, vals := range r.Trailer {
		texts = append(texts, k)
		texts = append(texts, vals...)
		places = journal.PlacesOf(places, p.farm.secrets.presentIn(append([]string{k}, vals...)...), journal.PlaceTrailer)
	}
	names = journal.MergeNames(names, p.farm.secrets.presentIn(texts...))
	// The path and query of the target are the exchange's own fields,
	// placed when it is sealed; what comes before them is not.
	places = journal.PlacesOf(places, p.farm.secrets.presentIn(targetBeforePath(r.RequestURI)), journal.PlaceTarget)
	if r.TLS != nil && len(r.TLS.PeerCertificates) > 0 {
		names = journal.MergeNames(names, []string{journal.CredClientCert})
		places = journal.PlacesOf(places, []string{journal.CredClientCert}, journal.PlaceTLS)
	}
	return names, places
}

// targetBeforePath is what a request target holds before its path and
// query: nothing for one in origin form ("/path?query"); the scheme,
// userinfo and authority of one in absolute form; the whole of any other
// (authority form, "*").
func targetBeforePath(uri string) string {
	if strings.HasPrefix(uri, "/") {
		return ""
	}
	if i := strings.Index(uri, "://"); i >= 0 {
		if j := strings.IndexAny(uri[i+3:], "/?"); j >= 0 {
			return uri[:i+3+j]
		}
	}
	return uri
}
