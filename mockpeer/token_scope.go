package mockpeer

import (
	"slices"
	"strings"
)

// An access token is named in a scan by the scope it was issued for,
// "oauth-token@<scope>", so that what a request carried says which
// peer's token it was (AuthSeen.TokenScopes). The name travels through
// every scan the farm runs (body tap, connection record, seal) as any
// other; seal splits it into CredOAuthToken and the scope, and a
// redaction mark names only CredOAuthToken (markOf).
const tokenScopeSep = "@"

// maxScopeLen bounds the scope journaled with a token: the client writes
// it, and it is no secret, but the journal is not its store.
const maxScopeLen = 256

// tokenName is the scan's name of a token issued for scope.
func tokenName(scope string) string { return CredOAuthToken + tokenScopeSep + scope }

// splitTokenName is the credential name of a scan's name, and the scope
// when it names a token.
func splitTokenName(name string) (cred, scope string) {
	if rest, ok := strings.CutPrefix(name, CredOAuthToken+tokenScopeSep); ok {
		return CredOAuthToken, rest
	}
	return name, ""
}

// splitPresented turns the scan's names into AuthSeen's: the credentials
// (sorted, unique) and the scopes of the tokens among them.
func splitPresented(names []string) (presented, scopes []string) {
	var creds []string
	for _, n := range names {
		cred, scope := splitTokenName(n)
		creds = append(creds, cred)
		if cred == CredOAuthToken && n != CredOAuthToken && !slices.Contains(scopes, scope) {
			scopes = append(scopes, scope)
		}
	}
	slices.Sort(scopes)
	return mergeNames(nil, creds), scopes
}

// normalScope is a token request's scope as the farm journals it: its
// scope tokens (RFC 6749 §3.3, space-delimited, order meaningless) sorted
// and unique, joined by one space; bounded by maxScopeLen.
func normalScope(scope string) string {
	fields := strings.Fields(scope)
	slices.Sort(fields)
	out := strings.Join(slices.Compact(fields), " ")
	if len(out) > maxScopeLen {
		out = out[:maxScopeLen] + "…"
	}
	return out
}
