package journal

import (
	"encoding/json"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

func TestRedactPrivateKeys(t *testing.T) {
	key, rsa, enc := scantest.PrivateKeyPEM(t, "PRIVATE KEY"), scantest.PrivateKeyPEM(t, "RSA PRIVATE KEY"), scantest.PrivateKeyPEM(t, "ENCRYPTED PRIVATE KEY")
	cert := "-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n"
	jsonKey, _ := json.Marshal(key) // newlines escaped, as in a JSON body
	mark := RedactionMark(CredPrivateKey)
	for _, tc := range []struct{ name, in, want string }{
		{"alone", key, mark + "\n"},
		{"in text", "before " + rsa + "after", "before " + mark + "\nafter"},
		{"two keys and a certificate", key + cert + enc, mark + "\n" + cert + mark + "\n"},
		{"in a JSON string", `{"k":` + string(jsonKey) + `}`, `{"k":"` + mark + `\n"}`},
		{"no END", "x " + key[:len(key)/2], "x " + mark},
		{"END of another block first", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END CERTIFICATE-----\nBBBB", mark},
		{"certificate only", cert, cert},
		{"BEGIN cut in its label", "-----BEGIN PRIV", "-----BEGIN PRIV"},
	} {
		if got := redactPrivateKeys(tc.in); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
