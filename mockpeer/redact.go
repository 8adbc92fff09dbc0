package mockpeer

import (
	"net/http"
	"strings"
)

// credentialHeaders always lose their value, whatever it is.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization"}

// seal makes e fit to store: redacted first, then bounded, so that a cut
// never leaves part of a secret behind. A capture that was cut (bodyCut,
// responseCut) may end in the first bytes of a secret that redaction
// cannot recognise: those last bytes go once whole secrets are redacted.
// Dropping them before would cut into a whole secret near the end and
// leave its start unrecognised.
func (f *Farm) seal(e *Exchange, bodyCut, responseCut bool) {
	s := f.secrets
	s.redact(e)
	if bodyCut {
		e.Body = dropTail(e.Body, s.longest())
	}
	if responseCut {
		e.Response = dropTail(e.Response, s.longest())
	}
	bound(e, f.journal.limits, bodyCut, responseCut)
}

// dropTail removes the last n-1 bytes of a cut capture: any part of an
// n-byte secret it may end with.
func dropTail(s string, n int) string {
	return s[:runeCut(s, max(len(s)-(n-1), 0))]
}

// redact replaces every farm secret and private key in every client- or
// server-written field of e. Nothing that leaves this function may hold
// a secret.
func (s *secrets) redact(e *Exchange) {
	replace := s.redactor()
	for _, h := range credentialHeaders {
		if vals := e.Header.Values(h); len(vals) > 0 {
			for i, v := range vals {
				vals[i] = s.redactCredentialHeader(v)
			}
		}
	}
	for k, vals := range e.Header {
		b64 := base64Header(k)
		for i, v := range vals {
			vals[i] = s.hideEncoded(replace(v), b64)
		}
		if rk := replace(k); rk != k {
			e.Header[rk] = append(e.Header[rk], vals...)
			delete(e.Header, k)
		}
	}
	for _, f := range []*string{
		&e.Method, &e.Op, &e.Path, &e.Query, &e.Malformed, &e.A2AVersion, &e.TaskID, &e.Body, &e.Response,
	} {
		*f = replace(*f)
	}
	e.Query, e.Body = s.hideEncoded(e.Query, false), s.hideEncoded(e.Body, false)
	for i, x := range e.Extensions {
		e.Extensions[i] = replace(x)
	}
	if e.RequestMetadata != nil {
		e.RequestMetadata, _ = redactValue(e.RequestMetadata, replace).(map[string]any)
	}
	s.redactConnection(e.Conn, replace)
}

// hideEncoded is v, or a redaction mark in its place when a form of v that
// a server decodes (decodedForms) holds a secret: the plain spelling was
// replaced already, an encoded one cannot be cut out of v.
func (s *secrets) hideEncoded(v string, b64 bool) string {
	if names := s.presentIn(decodedForms(v, b64)...); len(names) > 0 {
		return redactionMark(strings.Join(names, ",")) + " (encoded; the whole value withheld)"
	}
	return v
}

// redactCredentialHeader keeps the auth scheme, which is evidence, and
// hides the credential: "Bearer [REDACTED:oauth-token]".
func (s *secrets) redactCredentialHeader(v string) string {
	scheme, cred, found := strings.Cut(strings.TrimSpace(v), " ")
	if !found {
		return "[REDACTED]"
	}
	if names := s.presentIn(append([]string{cred}, decodedForms(v, true)...)...); len(names) > 0 {
		return scheme + " " + redactionMark(strings.Join(names, ","))
	}
	return scheme + " [REDACTED]"
}

func redactValue(v any, replace func(string) string) any {
	switch t := v.(type) {
	case string:
		return replace(t)
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[replace(k)] = redactValue(x, replace)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = redactValue(x, replace)
		}
		return out
	}
	return v
}

// CredPrivateKey names a PEM private key block in redaction marks.
const CredPrivateKey = "private-key"

const (
	pemBegin = "-----BEGIN "
	pemEnd   = "-----END "
	pemDash  = "-----"
	// pemLabelMax bounds the label of a PEM line ("ENCRYPTED PRIVATE KEY").
	pemLabelMax = 64
)

// redactPrivateKeys replaces every PEM private key block of s, from its
// BEGIN line to its END line, with [REDACTED:private-key]; a block whose
// END is missing (a cut capture, a truncated paste) to the end of s.
func redactPrivateKeys(s string) string {
	if !strings.Contains(s, pemBegin) {
		return s // the common case: no allocation
	}
	var b strings.Builder
	for {
		start := indexPrivateKeyLine(s, pemBegin)
		if start < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:start])
		b.WriteString(redactionMark(CredPrivateKey))
		s = s[start:]
		end := indexPrivateKeyLine(s, pemEnd)
		if end < 0 {
			return b.String()
		}
		rest := s[end+len(pemEnd):]
		s = rest[strings.Index(rest, pemDash)+len(pemDash):]
	}
}

// indexPrivateKeyLine finds the first "<marker>LABEL-----" of s whose
// label ends in PRIVATE KEY, or -1.
func indexPrivateKeyLine(s, marker string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], marker)
		if i < 0 {
			return -1
		}
		i += off
		rest := s[i+len(marker):]
		if j := strings.Index(rest[:min(len(rest), pemLabelMax+len(pemDash))], pemDash); j >= 0 {
			if label := strings.ToUpper(rest[:j]); strings.HasSuffix(label, "PRIVATE KEY") {
				return i
			}
		}
		off = i + len(marker)
	}
}

// cloneHeader copies h so that redaction never touches the live request,
// adding Host (kept apart by net/http) when there is one. One allocation
// holds every value, and the map is made at its final size.
func cloneHeader(h http.Header, host string) http.Header {
	n, extra := 0, 0
	for _, vs := range h {
		n += len(vs)
	}
	if host != "" {
		extra = 1
	}
	out := make(http.Header, len(h)+extra)
	values := make([]string, n+extra)
	for k, vs := range h {
		if vs == nil { // kept as nil, as http.Header.Clone does
			out[k] = nil
			continue
		}
		c := copy(values, vs)
		out[k], values = values[:c:c], values[c:]
	}
	if host != "" {
		values[0] = host
		out["Host"] = values[:1:1]
	}
	return out
}
