package journal

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Redact redacts every field of e in place: the secrets of ix, in every
// form the scan finds (scan.go), and private keys. It returns the names of
// the credentials found in what the client wrote, for e.Auth.Presented, in
// a slice of its own (the caller may sort it in place).
// keep is what the journal keeps of a body (JournalLimits.BodyBytes); a
// capture that was cut (bodyCut, responseCut) loses its open end.
func (ix *SecretIndex) Redact(e *Exchange, keep int, bodyCut, responseCut bool) []string {
	r := redaction{ix: ix, keep: keep}
	r.exchange(e, bodyCut, responseCut)
	return r.sent
}

// redaction redacts the fields of one exchange, noting the secrets found
// in those the client wrote.
type redaction struct {
	ix   *SecretIndex
	keep int // what the journal keeps of a body (JournalLimits.BodyBytes)
	sent []string
	// places is where in the request the secrets of sent were found
	// (places.go): only the fields the client sent as such, not what the
	// peer derived from them (an op, a task id, the metadata of a body).
	places []Place
}

// exchange redacts every string of e, field by field: what the client
// wrote (its request, as the peer and the protocol layer read it) and
// what the farm wrote. TestSealRedactsEveryField fills every field with
// secrets: a field added to Exchange and forgotten here fails it.
func (r *redaction) exchange(e *Exchange, bodyCut, responseCut bool) {
	deflated := DeflatedBody(e.Header)
	// What the farm noted of places before (the body's stream, trailers,
	// the target) holds no string of the client's; redacted all the same.
	for i, p := range e.Auth.Places {
		if c, w := r.server(p.Cred), r.server(p.Where); c != p.Cred || w != p.Where {
			e.Auth.Places = slices.Clone(e.Auth.Places)
			e.Auth.Places[i] = Place{c, w}
		}
	}
	e.Method, e.Path = r.clientAt(e.Method, PlaceMethod), r.clientAt(e.Path, PlacePath)
	e.Query = r.query(e.Query)
	e.Op, e.TaskID, e.A2AVersion, e.Tenant = r.client(e.Op), r.client(e.TaskID), r.client(e.A2AVersion), r.client(e.Tenant)
	e.Malformed, e.TLSClient = r.client(e.Malformed), r.client(e.TLSClient)
	e.Extensions = r.list(e.Extensions, r.client)
	if c := e.Conn; c != nil { // the connection's record: what its ClientHello and certificate said
		c.ServerName, c.ClientCert = r.client(c.ServerName), r.client(c.ClientCert)
		c.ALPN = r.list(c.ALPN, r.client)
		c.Remote, c.Handshake, c.Protocol = r.server(c.Remote), r.server(c.Handshake), r.server(c.Protocol)
		c.EndedBy, c.Unscanned = r.server(c.EndedBy), r.server(c.Unscanned)
	}
	r.header(e.Header)
	e.Body = r.capture(e.Body, bodyCut, deflated, true)
	if len(r.places) > 0 {
		e.Auth.Places = append(slices.Clip(e.Auth.Places), r.places...)
	}
	if e.RequestMetadata != nil {
		if v, changed := r.value(e.RequestMetadata); changed {
			e.RequestMetadata, _ = v.(map[string]any)
		}
	}

	e.Peer, e.Origin, e.Route, e.Binding = r.server(e.Peer), r.server(e.Origin), r.server(e.Route), r.server(e.Binding)
	e.ContractHash, e.CardFault = r.server(e.ContractHash), r.server(e.CardFault)
	e.StateBefore, e.StateAfter = wire.TaskState(r.server(string(e.StateBefore))), wire.TaskState(r.server(string(e.StateAfter)))
	e.Response = r.capture(e.Response, responseCut, false, false)
	e.Auth.Presented = r.list(e.Auth.Presented, r.server)
	e.Truncated = r.list(e.Truncated, r.server)
	e.Announced = r.list(e.Announced, r.server)
	if c := e.SentContract; c != nil {
		if h := r.server(c.Hash); h != c.Hash {
			e.SentContract = &SentContract{Hash: h}
		}
	}
	for i, c := range e.Cuts {
		if f := r.server(c.Field); f != c.Field {
			e.Cuts = slices.Clone(e.Cuts)
			e.Cuts[i].Field = f
		}
	}
}

// client redacts a string the client wrote, noting what it held.
func (r *redaction) client(v string) string {
	out, res := r.ix.Clean(v, false, false)
	r.note(res)
	return out
}

// server redacts a string the farm wrote: what it holds was not sent.
func (r *redaction) server(v string) string {
	out, _ := r.ix.Clean(v, false, false)
	return out
}

func (r *redaction) note(res ScanResult) {
	if res.Any() {
		r.sent = append(r.sent, res.Names()...)
	}
}

// clientAt is client for a field the client sent as such, noting where
// what it held was found.
func (r *redaction) clientAt(v, where string) string {
	out, res := r.ix.Clean(v, false, false)
	r.note(res)
	r.place(res, where)
	return out
}

// place notes that what res found was in the field where.
func (r *redaction) place(res ScanResult, where string) {
	if res.Any() {
		r.places = addPlaces(r.places, res.Names(), where)
	}
}

// query redacts the query; when it held a secret, each parameter is
// scanned on its own to say which held it (its name, or the value of the
// parameter of that name, as a server splits a query at "&").
func (r *redaction) query(q string) string {
	out, res := r.ix.Clean(q, false, false)
	r.note(res)
	if !res.Any() {
		return out
	}
	for seg := range strings.SplitSeq(q, "&") {
		k, v, _ := strings.Cut(seg, "=")
		r.place(r.ix.Scan(k, false), PlaceQueryName)
		if vres := r.ix.Scan(v, false); vres.Any() {
			name := k
			if u, err := url.QueryUnescape(k); err == nil {
				name = u
			}
			r.place(vres, NamedPlace(PlaceQuery, r.server(name)))
		}
	}
	return out
}

// cookies notes which cookies of a Cookie line held a secret: its name,
// or the value of the cookie of that name. The line is split as a server
// splits it, at ";", each pair at its first "=".
func (r *redaction) cookies(line string) {
	for part := range strings.SplitSeq(line, ";") {
		name, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		r.place(r.ix.Scan(name, false), PlaceCookieName)
		r.place(r.ix.Scan(v, false), NamedPlace(PlaceCookie, r.server(strings.TrimSpace(name))))
	}
}

// credentialHeaders always lose their value, whatever it is.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization"}

// header redacts every name and value of h in place (h is the exchange's
// copy, cloneHeader). A credential header keeps only its auth scheme,
// which is evidence: "Bearer [REDACTED:oauth-token]".
func (r *redaction) header(h http.Header) {
	for _, k := range credentialHeaders {
		for i, v := range h[k] {
			where := NamedPlace(PlaceHeader, k)
			if k == "Authorization" {
				where = AuthorizationPlace(v)
			}
			h[k][i] = r.credential(v, where)
		}
	}
	for k, vals := range h {
		rk := r.clientAt(k, PlaceHeaderName)
		if !slices.Contains(credentialHeaders, k) {
			where := NamedPlace(PlaceHeader, rk)
			for i, v := range vals {
				out, res := r.ix.Clean(v, false, false)
				r.note(res)
				if res.Any() && k == "Cookie" {
					r.cookies(v)
				} else {
					r.place(res, where)
				}
				vals[i] = out
			}
		}
		if rk != k {
			h[rk] = append(h[rk], vals...)
			delete(h, k)
		}
	}
}

func (r *redaction) credential(v, where string) string {
	// A client sends the same credential on every request: its redaction,
	// a pure function of the index and the value, is made once.
	if c := r.ix.lastCredential.Load(); c != nil && c.value == v {
		r.sent = append(r.sent, c.names...)
		r.places = addPlaces(r.places, c.names, where)
		return c.redacted
	}
	res := r.ix.Scan(v, false)
	names := res.Names()
	r.sent = append(r.sent, names...)
	r.places = addPlaces(r.places, names, where)
	mark := "[REDACTED]"
	if len(names) > 0 {
		mark = markOf(names)
	}
	out := mark
	if scheme, _, found := strings.Cut(strings.TrimSpace(v), " "); found {
		out = r.server(scheme) + " " + mark
	}
	r.ix.lastCredential.Store(&credentialMemo{value: strings.Clone(v), redacted: out, names: names})
	return out
}

// capture redacts a captured body; one the journal cut loses its open end.
func (r *redaction) capture(v string, cut, deflated, client bool) string {
	out, res := r.ix.Clean(v, deflated, cut)
	if client {
		r.note(res)
		r.place(res, PlaceBody)
	}
	if !cut {
		return out
	}
	if res.openStream {
		return withheld(res, "a compressed stream the capture cut")
	}
	return dropOpenEnd(out, r.keep)
}

// list redacts the items of list with redact, copying it before the first
// change: the list may be shared with what the protocol layer keeps.
func (r *redaction) list(list []string, redact func(string) string) []string {
	var out []string
	for i, v := range list {
		if rv := redact(v); rv != v || out != nil {
			if out == nil {
				out = slices.Clone(list)
			}
			out[i] = rv
		}
	}
	if out == nil {
		return list
	}
	return out
}

// value redacts the keys and strings of a decoded JSON value the client
// wrote, copying what changes and only that.
func (r *redaction) value(v any) (any, bool) {
	switch t := v.(type) {
	case string:
		if out := r.client(t); out != t {
			return out, true
		}
	case map[string]any:
		var out map[string]any
		for k, x := range t {
			rk := r.client(k)
			rx, changed := r.value(x)
			if changed || rk != k {
				if out == nil {
					out = maps.Clone(t)
				}
				delete(out, k)
				out[rk] = rx
			}
		}
		if out != nil {
			return out, true
		}
	case []any:
		var out []any
		for i, x := range t {
			if rx, changed := r.value(x); changed {
				if out == nil {
					out = slices.Clone(t)
				}
				out[i] = rx
			}
		}
		if out != nil {
			return out, true
		}
	}
	return v, false
}

// DeflatedBody: the body is sent deflate-encoded, which may be raw
// deflate, with no magic to find it by.
func DeflatedBody(h http.Header) bool {
	for _, v := range h["Content-Encoding"] {
		if strings.Contains(strings.ToLower(v), "deflate") {
			return true
		}
	}
	return false
}

// Clean is v with every farm secret the scan finds in it redacted, and
// what the scan found. A secret spelled as sent is replaced by its mark;
// one found only in an encoded form cannot be cut out of v, so the whole
// of v is withheld, as it is when the scan was stopped short. What clean
// returns holds nothing any scan finds: the redaction of a detection is
// checked by the same detection. deflated and cut are scanText's.
func (ix *SecretIndex) Clean(v string, deflated, cut bool) (string, ScanResult) {
	// A long text seen again (a card, an answer, a polled request) is
	// answered from the memo, its redaction included (scan_memo.go).
	memo := len(v) >= memoEarlyLen && len(v) <= memoMaxLen
	if !memo {
		return ix.clean(v, deflated, cut)
	}
	e, hash := ix.cleaned.entry(v, deflated, cut)
	if e != nil {
		return e.out, e.res
	}
	out, res := ix.clean(v, deflated, cut)
	ix.cleaned.keep(v, hash, deflated, cut, res, out)
	return out, res
}

// clean is Clean without the memo.
func (ix *SecretIndex) clean(v string, deflated, cut bool) (string, ScanResult) {
	res := ix.scanText(v, deflated, cut)
	if !res.Any() {
		return redactPrivateKeys(v), res
	}
	out := v
	if res.plain() {
		out = ix.replacePlain(v)
	}
	if res.unexamined || out == v || ix.Scan(out, deflated).Any() {
		out = withheld(res, "")
	}
	return redactPrivateKeys(out), res
}

// withheld is the mark that stands for a whole value: the secrets found
// and how they were spelled, or why.
func withheld(res ScanResult, why string) string {
	mark := "[REDACTED]"
	if names := res.Names(); len(names) > 0 {
		mark = markOf(names)
	}
	var forms []string
	for _, f := range res.found {
		if f.form != formPlain && !slices.Contains(forms, f.form) {
			forms = append(forms, f.form)
		}
	}
	if len(forms) > 0 {
		why = strings.TrimPrefix(why+"; as "+strings.Join(forms, ", as "), "; ")
	}
	if res.unexamined {
		why = strings.TrimPrefix(why+"; more encoded content than the scan decodes", "; ")
	}
	return mark + " (" + why + "; the whole value withheld)"
}
