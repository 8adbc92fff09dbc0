package mockpeer

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

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
			if !slices.Contains(ex.Auth.Presented, CredBearer) {
				t.Errorf("presented %v, want %s", ex.Auth.Presented, CredBearer)
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

func TestDecodedFormsAreCheapForPlainValues(t *testing.T) {
	for _, v := range []string{"application/json", "1.0", "Mozilla/5.0 (X11; Linux x86_64)", ""} {
		if got := decodedForms(v, false); len(got) != 0 {
			t.Errorf("decodedForms(%q) = %q, want nothing: a plain value needs no decoding", v, got)
		}
	}
}

// decodeBase64 tries only the alphabets a value's characters allow: it must
// answer exactly what trying all four in order answers.
func FuzzDecodeBase64(f *testing.F) {
	for _, seed := range []string{"Bearer bt-abc", "YWJjZA==", "YWJjZA", "a-b_c+d/", "YW Jj", "YWJj\r\nZGVm", "____", "++//", "bt-0123456789abcdefABCDEF"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := ""
		if len(s) >= 4 {
			for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
				if b, err := enc.DecodeString(s); err == nil {
					want = string(b)
					break
				}
			}
		}
		if got := decodeBase64(s); got != want {
			t.Errorf("decodeBase64(%q) = %q, trying every alphabet gives %q", s, got, want)
		}
	})
}
