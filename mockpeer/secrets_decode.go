package mockpeer

import (
	"encoding/base64"
	"net/url"
	"strconv"
	"strings"
)

// decodedForms are the texts a server could recover from v with a
// standard decoder: percent-decoding (whole, and pair by pair, as a query
// parser does even when another pair is malformed), JSON \u escapes, and,
// where b64 is set (a credential header, gRPC "-bin" metadata), base64 in
// any of its four alphabets. A credential sent in one of these forms
// reached its server as surely as in plain text: detection and redaction
// look at them too. Cheap tests first: most values need no decoding.
func decodedForms(v string, b64 bool) []string {
	var out []string
	if strings.Contains(v, "%") || strings.Contains(v, "+") {
		if q, err := url.QueryUnescape(v); err == nil && q != v {
			out = append(out, q)
		}
		if pairs, _ := url.ParseQuery(v); len(pairs) > 0 { // the good pairs, whatever the error
			for k, vals := range pairs {
				out = append(out, k)
				out = append(out, vals...)
			}
		}
	}
	if b64 {
		for _, part := range []string{v, afterScheme(v)} {
			if b := decodeBase64(strings.TrimSpace(part)); b != "" {
				out = append(out, b)
			}
		}
	}
	if strings.Contains(v, `\u`) || strings.Contains(v, `\/`) {
		out = append(out, unescapeJSON(v))
	}
	return out
}

// afterScheme is what follows an auth scheme ("Basic xyz" → "xyz"), or "".
func afterScheme(v string) string {
	_, cred, _ := strings.Cut(strings.TrimSpace(v), " ")
	return cred
}

// decodeBase64 decodes s in the first alphabet that takes it, or "".
// Only the alphabets s's characters allow are tried, which is the same
// answer for less: most values ("Bearer xyz", with its space) are not
// base64 at all, and a credential header is decoded on every request.
func decodeBase64(s string) string {
	if len(s) < 4 {
		return ""
	}
	for _, enc := range base64Alphabets(s) {
		if b, err := enc.DecodeString(s); err == nil {
			return string(b)
		}
	}
	return ""
}

var (
	allAlphabets = []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding}
	stdAlphabets = allAlphabets[:2]
	urlAlphabets = allAlphabets[2:]
)

// base64Alphabets are the alphabets that could decode s: none when s has
// a byte no alphabet takes ("\r" and "\n" are skipped by the decoders),
// or both "+/" and "-_".
func base64Alphabets(s string) []*base64.Encoding {
	std, url := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '=', c == '\r', c == '\n':
		case c == '+', c == '/':
			std = true
		case c == '-', c == '_':
			url = true
		default:
			return nil
		}
	}
	switch {
	case std && url:
		return nil
	case std:
		return stdAlphabets
	case url:
		return urlAlphabets
	}
	return allAlphabets
}

// unescapeJSON resolves the \uXXXX and \/ escapes of JSON text, leaving
// everything else as it is: enough to see a secret spelled with them.
func unescapeJSON(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch {
			case s[i+1] == '/':
				b.WriteByte('/')
				i++
				continue
			case s[i+1] == 'u' && i+6 <= len(s):
				if r, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
					b.WriteRune(rune(r))
					i += 5
					continue
				}
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// base64Header: a header whose value a server decodes from base64: the
// credential headers (Basic), and gRPC binary metadata ("-bin" keys).
// key is canonical, as net/http and the gRPC bridge hand it over.
func base64Header(key string) bool {
	switch key {
	case "Authorization", "Proxy-Authorization", "Cookie":
		return true
	}
	return len(key) > 4 && strings.EqualFold(key[len(key)-4:], "-bin")
}
