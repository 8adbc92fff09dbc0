package mockpeer

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A token's scan name carries the scope it was issued for
// (journal.TokenName); seal splits it off into AuthSeen.TokenScopes.
var splitPresented = journal.SplitPresented

// maxScopeLen bounds the scope journaled with a token: the client writes
// it, and it is no secret, but the journal is not its store.
const maxScopeLen = 256

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
