package mockpeer

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxRecordedBody bounds Exchange.Body and Exchange.Response.
const maxRecordedBody = 16 << 10

// captureMargin is captured beyond maxRecordedBody so that a secret
// straddling the limit is still whole when it is redacted.
const captureMargin = 1 << 10

// credentialHeaders always lose their value, whatever it is.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization"}

// redact replaces every farm secret in every client- or server-written
// field of e, then bounds the bodies. Nothing that leaves this function
// may hold a secret.
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
		for i, v := range vals {
			vals[i] = replace(v)
		}
		if rk := replace(k); rk != k {
			e.Header[rk] = vals
			delete(e.Header, k)
		}
	}
	for _, f := range []*string{
		&e.Op, &e.Path, &e.Query, &e.Malformed, &e.A2AVersion, &e.TaskID,
	} {
		*f = replace(*f)
	}
	e.Body = bound(replace(e.Body))
	e.Response = bound(replace(e.Response))
	for i, x := range e.Extensions {
		e.Extensions[i] = replace(x)
	}
	if e.RequestMetadata != nil {
		e.RequestMetadata, _ = redactValue(e.RequestMetadata, replace).(map[string]any)
	}
}

// redactCredentialHeader keeps the auth scheme, which is evidence, and
// hides the credential: "Bearer [REDACTED:oauth-token]".
func (s *secrets) redactCredentialHeader(v string) string {
	scheme, cred, found := strings.Cut(strings.TrimSpace(v), " ")
	if !found {
		return "[REDACTED]"
	}
	texts := []string{cred}
	if strings.EqualFold(scheme, "Basic") {
		if raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(cred)); err == nil {
			texts = append(texts, string(raw))
		}
	}
	if names := s.presentIn(texts...); len(names) > 0 {
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

// bound cuts s to maxRecordedBody bytes on a rune boundary and says so.
func bound(s string) string {
	if len(s) <= maxRecordedBody {
		return s
	}
	cut := maxRecordedBody
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…[truncated at " + strconv.Itoa(maxRecordedBody) + " bytes]"
}

// cloneHeader copies h so that redaction never touches the live request.
func cloneHeader(h http.Header) http.Header {
	if h == nil {
		return http.Header{}
	}
	return h.Clone()
}
