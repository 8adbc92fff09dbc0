package mockpeer

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"strings"
	"testing"
)

// testKeyPEM is a real private key in PEM, as a client might print it.
func testKeyPEM(t testing.TB, blockType string) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	return string(pem.EncodeToMemory(&pem.Block{Type: blockType, Bytes: der}))
}

// keyMaterial is the base64 body of a PEM block: what must never survive.
func keyMaterial(block string) []string {
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		if l != "" && !strings.HasPrefix(l, "-----") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestRedactPrivateKeys(t *testing.T) {
	key, rsa, enc := testKeyPEM(t, "PRIVATE KEY"), testKeyPEM(t, "RSA PRIVATE KEY"), testKeyPEM(t, "ENCRYPTED PRIVATE KEY")
	cert := "-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n"
	jsonKey, _ := json.Marshal(key) // newlines escaped, as in a JSON body
	mark := redactionMark(CredPrivateKey)
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

// TestFarmRedact: what a report receives from a client (its output, its
// outcome) loses every farm secret and every private key.
func TestFarmRedact(t *testing.T) {
	f, _ := onePeer(t, PeerSpec{})
	creds := f.Credentials(Grants{OAuth: true, Bearer: true, APIKey: true, ClientCert: true})
	key := testKeyPEM(t, "EC PRIVATE KEY")
	out := f.Redact("admin " + f.AdminSecret() + " bearer " + creds.BearerToken + "\n" + key + "done")
	for _, secret := range append([]string{f.AdminSecret(), creds.BearerToken}, keyMaterial(key)...) {
		if strings.Contains(out, secret) {
			t.Errorf("Redact kept %q in %q", secret, out)
		}
	}
	if !strings.Contains(out, "[REDACTED:admin-secret]") || !strings.Contains(out, "[REDACTED:private-key]") || !strings.HasSuffix(out, "done") {
		t.Errorf("Redact: %q", out)
	}
}
