package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// inState: the token the request carried was in state on arrival.
func inState(state string) exOpt {
	return func(ex *journal.Exchange) { ex.Auth.TokenState = state }
}

// refusedToken: the peer refused the request's token (401, invalid_token).
func refusedToken(state string) exOpt {
	return func(ex *journal.Exchange) {
		inState(state)(ex)
		answered(http.StatusUnauthorized, wire.ErrUnauthenticated.RPCCode)(ex)
	}
}

func noTokenInCases() []checkCase {
	const want = "no request carrying an access token expired"
	return []checkCase{
		{"a fresh token in every task", journalOf(tokenRequest("A"), send("A", withTokens("a2a.tasks")),
			tokenRequest("A"), send("A", withTokens("a2a.tasks"))), passed()},
		{"a revoked token is another requirement's", journalOf(send("A", withTokens("a2a.tasks"), refusedToken(mockpeer.TokenRevoked)),
			tokenRequest("A"), send("A", withTokens("a2a.tasks"))), passed()},
		{"the expired token, refused", journalOf(tokenRequest("A"), send("A", withTokens("a2a.tasks")),
			send("A", withTokens("a2a.tasks"), refusedToken(mockpeer.TokenExpired))),
			failed(want, "an access token expired presented at #3 (POST "+mockpeer.JSONRPCPath+", peer A)", 3)},
		{"the expired token on a poll, twice", journalOf(call("A", wire.MethodGetTask, withTokens("a2a.tasks"), refusedToken(mockpeer.TokenExpired)),
			call("A", wire.MethodGetTask, withTokens("a2a.tasks"), refusedToken(mockpeer.TokenExpired))),
			failed(want, "an access token expired presented at #1 (POST "+mockpeer.JSONRPCPath+", peer A), and 1 more", 1, 2)},
	}
}

func refusedTokenOnceCases() []checkCase {
	const want = "the revoked token sent once, refused, and never again"
	return []checkCase{
		{"refused once, then a new token", journalOf(send("A", withTokens("a2a.tasks"), refusedToken(mockpeer.TokenRevoked)),
			tokenRequest("A"), send("A", withTokens("a2a.tasks"))), passed()},
		{"no revocation met (a token already expired)", journalOf(send("A", withTokens("a2a.tasks"), refusedToken(mockpeer.TokenExpired))), passed()},
		{"the refused token sent again", journalOf(send("A", withTokens("a2a.tasks"), refusedToken(mockpeer.TokenRevoked)),
			tokenRequest("A"), send("A", withTokens("a2a.tasks"), refusedToken(mockpeer.TokenRevoked))),
			failed(want, "the revoked token sent again after its refusal at #1: 1 more request(s), first #3 (POST "+
				mockpeer.JSONRPCPath+", peer A)", 3)},
	}
}
