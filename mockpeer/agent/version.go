package agent

import (
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// legacyVersion is what a missing or empty A2A-Version means (spec §3.6.1).
const legacyVersion = "0.3"

// The canonical forms of the A2A header names, computed once: Header.Get
// and Values canonicalise their argument on every call, with an
// allocation for these two ("A2A-Version" is not canonical).
var (
	versionKey    = http.CanonicalHeaderKey(wire.HeaderVersion)
	extensionsKey = http.CanonicalHeaderKey(wire.HeaderExtensions)
)

// versionOf returns the requested A2A version: the A2A-Version header, else
// the A2A-Version query parameter (spec §3.6.1), else "0.3".
func versionOf(r *http.Request) string {
	if v := strings.TrimSpace(firstHeader(r.Header, versionKey)); v != "" {
		return v
	}
	for key, values := range r.URL.Query() {
		if strings.EqualFold(key, wire.HeaderVersion) && len(values) > 0 {
			if v := strings.TrimSpace(values[0]); v != "" {
				return v
			}
		}
	}
	return legacyVersion
}

// checkVersion refuses every version but 1.0. Patch versions ("1.0.1") are
// refused too: the spec says requests carry Major.Minor only.
func checkVersion(call *Call) *Error {
	if call.Version == wire.ProtocolVersion {
		return nil
	}
	return reject(call, wire.ErrVersionNotSupported,
		"A2A-Version "+quote(call.Version)+" is not supported; this peer speaks "+wire.ProtocolVersion)
}

// extensionsOf lists the URIs of every A2A-Extensions header, which may be
// repeated and comma-separated.
func extensionsOf(r *http.Request) []string {
	var uris []string
	for _, value := range r.Header[extensionsKey] {
		for _, uri := range strings.Split(value, ",") {
			if uri = strings.TrimSpace(uri); uri != "" {
				uris = append(uris, uri)
			}
		}
	}
	return uris
}

// quote shortens and quotes client-supplied text for error messages.
func quote(s string) string {
	const max = 64
	if len(s) > max {
		s = s[:max] + "…"
	}
	return `"` + strings.ToValidUTF8(s, "?") + `"`
}

// firstHeader is h.Get(key) for a key already canonical.
func firstHeader(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}
