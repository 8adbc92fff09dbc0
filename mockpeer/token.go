package mockpeer

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
)

// tokenResponse is the RFC 6749 §5.1 success body.
type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int    `json:"expires_in"`
}

// tokenError is the RFC 6749 §5.2 error body.
type tokenError struct {
	Error       string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

// serveToken is the OAuth 2.0 token endpoint (client credentials grant).
// Tokens it issues are valid on every peer of the farm.
func (p *Peer) serveToken(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeJSON(w, http.StatusMethodNotAllowed, tokenError{"invalid_request", "the token endpoint accepts POST only"})
		return
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/x-www-form-urlencoded" {
		writeJSON(w, http.StatusBadRequest, tokenError{"invalid_request", "the body must be application/x-www-form-urlencoded"})
		return
	}
	if err := r.ParseForm(); err != nil {
		if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
			writeJSON(w, http.StatusRequestEntityTooLarge, tokenError{"invalid_request", fmt.Sprintf("the body exceeds %d bytes", tooLarge.Limit)})
			return
		}
		writeJSON(w, http.StatusBadRequest, tokenError{"invalid_request", "the form body does not parse"})
		return
	}
	form := r.PostForm
	id, secret, basic, status, fault := clientAuth(r, form)
	if fault != nil {
		if basic {
			w.Header().Set("WWW-Authenticate", `Basic realm="a2a-conform"`)
		}
		writeJSON(w, status, fault)
		return
	}
	sec := p.farm.secrets
	if !equal(id, sec.clientID) || !equal(secret, sec.clientSecret) {
		if basic {
			w.Header().Set("WWW-Authenticate", `Basic realm="a2a-conform"`)
		}
		writeJSON(w, http.StatusUnauthorized, tokenError{"invalid_client", "unknown client or wrong secret"})
		return
	}
	switch grant := form.Get("grant_type"); grant {
	case "client_credentials":
	case "":
		writeJSON(w, http.StatusBadRequest, tokenError{"invalid_request", "grant_type is missing"})
		return
	default:
		writeJSON(w, http.StatusBadRequest, tokenError{"unsupported_grant_type", "only client_credentials is supported"})
		return
	}
	life := p.spec.TokenLifetime
	tok, err := sec.issue(p.farm.now(), normalScope(form.Get("scope")), life)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, tokenError{"server_error", "could not mint a token"})
		return
	}
	if life <= 0 {
		life = tokenLifetime
	}
	writeJSON(w, http.StatusOK, tokenResponse{AccessToken: tok, TokenType: "Bearer", ExpiresIn: int(life.Seconds())})
}

// clientAuth reads the client credentials from HTTP Basic (RFC 6749
// §2.3.1, form-encoded id and secret) or from the form, never both.
func clientAuth(r *http.Request, form url.Values) (id, secret string, basic bool, status int, fault *tokenError) {
	formID, formSecret := form.Get("client_id"), form.Get("client_secret")
	rawID, rawSecret, basic := r.BasicAuth()
	switch {
	case basic && formSecret != "":
		return "", "", true, http.StatusBadRequest, &tokenError{"invalid_request", "use one client authentication method"}
	case basic:
		var err1, err2 error
		id, err1 = url.QueryUnescape(rawID)
		secret, err2 = url.QueryUnescape(rawSecret)
		if err1 != nil || err2 != nil {
			return "", "", true, http.StatusUnauthorized, &tokenError{"invalid_client", "malformed Basic credentials"}
		}
		return id, secret, true, 0, nil
	case formID != "" || formSecret != "":
		return formID, formSecret, false, 0, nil
	}
	// No credentials at all: challenge for Basic, as RFC 6749 §5.2 allows.
	return "", "", true, http.StatusUnauthorized, &tokenError{"invalid_client", "client authentication is required"}
}

func equal(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
