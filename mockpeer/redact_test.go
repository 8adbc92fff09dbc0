package mockpeer

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

// TestFarmRedact: what a report receives from a client (its output, its
// outcome) loses every farm secret and every private key.
func TestFarmRedact(t *testing.T) {
	f, _ := onePeer(t, PeerSpec{})
	creds := f.Credentials(Grants{OAuth: true, Bearer: true, APIKey: true, ClientCert: true})
	key := scantest.PrivateKeyPEM(t, "EC PRIVATE KEY")
	out := f.Redact("admin " + f.AdminSecret() + " bearer " + creds.BearerToken + "\n" + key + "done")
	for _, secret := range append([]string{f.AdminSecret(), creds.BearerToken}, scantest.KeyMaterial(key)...) {
		if strings.Contains(out, secret) {
			t.Errorf("Redact kept %q in %q", secret, out)
		}
	}
	if !strings.Contains(out, "[REDACTED:admin-secret]") || !strings.Contains(out, "[REDACTED:private-key]") || !strings.HasSuffix(out, "done") {
		t.Errorf("Redact: %q", out)
	}
}

// A credential spelled in a form a server decodes reached that server as
// surely as in plain text: it is seen (Auth.Presented), and it leaves the
// journal in no form at all. The forms are those an adversarial probe sent
// past the substring search: a query pair beside a malformed one, an
// unpadded Basic credential, JSON \u escapes, gRPC binary metadata.
func TestEncodedCredentialsAreSeenAndRedacted(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	c := httpsClient(t, f, false)
	tok := f.Credentials(Grants{Bearer: true}).BearerToken
	escaped := strings.ReplaceAll(tok, "-", `\u002d`)
	for _, tc := range []struct {
		name, method, path, body string
		header                   map[string]string
		sent                     string // the encoded form, which must not survive either
	}{
		{name: "query pair beside a malformed one", method: http.MethodGet,
			path: "/.well-known/agent-card.json?x=%zz&access_token=" + strings.ReplaceAll(tok, "-", "%2D"),
			sent: strings.ReplaceAll(tok, "-", "%2D")},
		{name: "Basic without padding", method: http.MethodGet, path: "/.well-known/agent-card.json",
			header: map[string]string{"Authorization": "Basic " + base64.RawStdEncoding.EncodeToString([]byte("client:"+tok))},
			sent:   base64.RawStdEncoding.EncodeToString([]byte("client:" + tok))},
		{name: "JSON escapes in the body", method: http.MethodPost, path: JSONRPCPath,
			body:   `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"Bearer ` + escaped + `"}}`,
			header: map[string]string{"Content-Type": "application/json", "A2A-Version": "1.0"}, sent: escaped},
		{name: "binary metadata", method: http.MethodGet, path: "/.well-known/agent-card.json",
			header: map[string]string{"Authorization-Bin": base64.StdEncoding.EncodeToString([]byte("Bearer " + tok))},
			sent:   base64.StdEncoding.EncodeToString([]byte("Bearer " + tok))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			do(t, c, tc.method, p.Origin()+tc.path, tc.body, tc.header)
			all := f.Journal().All()
			ex := all[len(all)-1]
			if !slices.Contains(ex.Auth.Presented, journal.CredBearer) {
				t.Errorf("presented %v, want %s", ex.Auth.Presented, journal.CredBearer)
			}
			raw, _ := json.Marshal(ex)
			for _, secret := range []string{tok, tc.sent} {
				if strings.Contains(string(raw), secret) {
					t.Errorf("the journal kept %q:\n%s", secret, raw)
				}
			}
		})
	}
}
