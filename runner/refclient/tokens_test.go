package refclient

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// TestIssuerTokenEndpoint: the client secret goes to the grant's issuer
// origin when the grant names one, whatever origin the card is on, and to
// the card's own origin when it names none; anywhere else the alternative
// is unsatisfiable.
func TestIssuerTokenEndpoint(t *testing.T) {
	const a, b, c = "https://127.0.0.1:4431", "https://127.0.0.2:4432", "https://127.0.0.3:4433"
	tests := []struct {
		name, issuer, cardAt, tokenURL string
		want                           string // the endpoint, or "" for a refusal
		wantErr                        string
		config                         bool // the refusal is a configuration error
	}{
		{name: "no issuer, the card's own origin", cardAt: a, tokenURL: a + "/oauth/token", want: a + "/oauth/token"},
		{name: "no issuer, a relative tokenUrl", cardAt: a, tokenURL: "/oauth/token", want: a + "/oauth/token"},
		{name: "no issuer, another origin", cardAt: b, tokenURL: a + "/oauth/token", wantErr: "card served by " + b},
		{name: "the issuer, on the card's origin", issuer: a + "/oauth/token", cardAt: a, tokenURL: a + "/oauth/token", want: a + "/oauth/token"},
		{name: "the issuer, named by a card on another origin", issuer: a + "/oauth/token", cardAt: b, tokenURL: a + "/oauth/token", want: a + "/oauth/token"},
		{name: "the card's own endpoint, not the issuer", issuer: a + "/oauth/token", cardAt: c, tokenURL: c + "/oauth/token", wantErr: "client credentials issued by " + a},
		{name: "the issuer's host on another port", issuer: a + "/oauth/token", cardAt: a, tokenURL: "https://127.0.0.1:4432/oauth/token", wantErr: "client credentials issued by " + a},
		{name: "an issuer that is no URL", issuer: "issuer.example/token", cardAt: a, tokenURL: a + "/oauth/token", wantErr: "no absolute URL", config: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cl, err := New(Config{CardURL: tt.cardAt + wire.WellKnownCardPath, Skill: "summarize",
				Credentials: driver.Credentials{OAuthClientID: "id", OAuthClientSecret: "secret", OAuthTokenURL: tt.issuer}})
			if err != nil {
				t.Fatal(err)
			}
			defer cl.Close()
			cardURL, _ := url.Parse(tt.cardAt + wire.WellKnownCardPath)
			got, err := issuerTokens{}.Endpoint(cl, &Card{URL: cardURL}, &wire.ClientCredentialsOAuthFlow{TokenURL: tt.tokenURL})
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.wantErr == "" && got.String() != tt.want:
				t.Errorf("endpoint %s, want %s", got, tt.want)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err %v, want one saying %q", err, tt.wantErr)
			case tt.wantErr != "" && errors.Is(err, ErrConfig) != tt.config:
				t.Errorf("err %v: a configuration error = %v, want %v", err, errors.Is(err, ErrConfig), tt.config)
			}
		})
	}
}
