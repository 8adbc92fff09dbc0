package journal

import "strings"

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
	if len(s) < len(pemBegin) || !strings.Contains(s, pemBegin) {
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
		b.WriteString(RedactionMark(CredPrivateKey))
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
