package engine

import (
	"regexp"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// privateKeyPEM matches a PEM private key block, or its start up to the
// end of the text when it was cut: a client that prints a key file must not
// leak it into a report, granted or not.
var privateKeyPEM = regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`)

// redact removes the farm's credentials and any private key from
// client-supplied text, before anything cuts it.
func redact(farm *mockpeer.Farm, s string) string {
	if s == "" {
		return s
	}
	return privateKeyPEM.ReplaceAllString(farm.Redact(s), "[REDACTED:private-key]")
}
