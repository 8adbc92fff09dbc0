package journal

import (
	"slices"
	"strings"
)

// An access token is named in a scan by the scope it was issued for,
// "oauth-token@<scope>", so that what a request carried says which
// peer's token it was (AuthSeen.TokenScopes). The name travels through
// every scan the farm runs (body tap, connection record, seal) as any
// other; the farm's seal splits it into CredOAuthToken and the scope
// (SplitPresented), and a redaction mark names only CredOAuthToken.
const TokenScopeSep = "@"

// TokenName is the scan's name of a token issued for scope.
func TokenName(scope string) string { return CredOAuthToken + TokenScopeSep + scope }

// AuthSeen.TokenState values.
const (
	// TokenExpired: the token's life had ended when the request arrived.
	TokenExpired = "expired"
	// TokenRevoked: the farm had revoked the token before its life ended.
	TokenRevoked = "revoked"
)

// SplitTokenName is the credential name of a scan's name, and the scope
// when it names a token.
func SplitTokenName(name string) (cred, scope string) {
	if rest, ok := strings.CutPrefix(name, CredOAuthToken+TokenScopeSep); ok {
		return CredOAuthToken, rest
	}
	return name, ""
}

// SplitPresented turns the scan's names into AuthSeen's: the credentials
// (sorted, unique) and the scopes of the tokens among them.
func SplitPresented(names []string) (presented, scopes []string) {
	var creds []string
	for _, n := range names {
		cred, scope := SplitTokenName(n)
		creds = append(creds, cred)
		if cred == CredOAuthToken && n != CredOAuthToken && !slices.Contains(scopes, scope) {
			scopes = append(scopes, scope)
		}
	}
	slices.Sort(scopes)
	return OwnNames(creds), scopes // creds is this call's own
}

// markOf is the redaction mark of the secrets names: the credentials'
// names, as AuthSeen.Presented spells them (a token's scope is not in it).
func markOf(names []string) string {
	public := make([]string, len(names))
	for i, n := range names {
		public[i], _ = SplitTokenName(n)
	}
	return RedactionMark(strings.Join(MergeNames(nil, public), ","))
}
