package journal

import (
	"strings"
	"testing"
)

// The memo answers a text only with what scanning that very text found:
// texts seen again, in any order and alternating with others, are
// redacted as the first time, and a text that differs by one byte, or is
// scanned as cut, is scanned on its own.
func TestScanMemoAnswersOnlyItsOwnText(t *testing.T) {
	secret := "bt-Q2hhbmdlZCBjYXJkcyBhcmUgbm90IHRydXN0ZWQ"
	ix, err := NewSecretIndex([]NamedSecret{{Name: CredBearer, Value: secret}})
	if err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", 200)
	holds := `{"token":"` + secret + `","pad":"` + pad + `"}`
	clean := `{"token":"` + strings.Repeat("y", len(secret)) + `","pad":"` + pad + `"}`
	near := strings.Replace(holds, secret, secret[:len(secret)-1]+"!", 1)
	short := "Bearer " + secret
	for round := range 3 {
		for _, tc := range []struct {
			text  string
			found bool
		}{{holds, true}, {clean, false}, {near, false}, {short, true}} {
			out, res := ix.Clean(tc.text, false, false)
			if res.Any() != tc.found || strings.Contains(out, secret) {
				t.Fatalf("round %d: Clean(%.40q…) = %.60q, found %v, want found %v", round, tc.text, out, res.Any(), tc.found)
			}
			if got := ix.Scan(tc.text, false).Any(); got != tc.found {
				t.Fatalf("round %d: Scan(%.40q…) found %v, want %v", round, tc.text, got, tc.found)
			}
			if !tc.found && out != tc.text {
				t.Fatalf("round %d: a text without a secret was changed: %.60q", round, out)
			}
		}
		// The same text as a cut capture is its own entry: its open end is
		// judged, which the whole text's result does not say.
		if _, res := ix.Clean(holds, false, true); !res.Any() {
			t.Fatalf("round %d: the cut capture's secret was not found", round)
		}
	}
}

// A credential header's redaction is remembered per value: another value
// is redacted for itself.
func TestCredentialMemoFollowsTheValue(t *testing.T) {
	secret := "bt-Q2hhbmdlZCBjYXJkcyBhcmUgbm90IHRydXN0ZWQ"
	ix, err := NewSecretIndex([]NamedSecret{{Name: CredBearer, Value: secret}})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, tc := range []struct{ value, want string }{
			{"Bearer " + secret, "Bearer " + RedactionMark(CredBearer)},
			{"Bearer someone-else", "Bearer [REDACTED]"},
			{"Basic " + secret, "Basic " + RedactionMark(CredBearer)},
		} {
			r := redaction{ix: ix}
			if got := r.credential(tc.value, AuthorizationPlace(tc.value)); got != tc.want {
				t.Errorf("credential(%q) = %q, want %q", tc.value, got, tc.want)
			}
			if found := len(r.sent) > 0; found != strings.Contains(tc.value, secret) {
				t.Errorf("credential(%q) noted %v", tc.value, r.sent)
			}
			if placed := len(r.places) > 0; placed != strings.Contains(tc.value, secret) {
				t.Errorf("credential(%q) placed %v", tc.value, r.places)
			}
		}
	}
}
