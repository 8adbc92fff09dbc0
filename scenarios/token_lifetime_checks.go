package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The checks of token-lifetime. Each reads the state the farm found the
// access token of a request's Authorization header in on arrival
// (Auth.TokenState): a token it issued whose life had ended (expired) or
// that it had revoked.

// withTokenState are the exchanges of ev whose token was in state.
func withTokenState(ev *Evidence, state string) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool { return ex.Auth.TokenState == state })
}

// noTokenIn: no request of the session carried a token in state.
func noTokenIn(state string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		bad := withTokenState(ev, state)
		if len(bad) == 0 {
			return passed()
		}
		return credentialFailure("no request carrying an access token "+state, bad,
			func(journal.Exchange) string { return "an access token " + state + " presented" })
	}
}

// refusedTokenOnce: at most one request carried a token in state, the one
// the server refused: the farm puts one token in it (a revocation), and
// every later request with it is the refused token sent again.
func refusedTokenOnce(state string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		seen := withTokenState(ev, state)
		if len(seen) <= 1 {
			return passed()
		}
		again := seen[1:]
		return failed("the "+state+" token sent once, refused, and never again",
			fmt.Sprintf("the %s token sent again after its refusal at #%d: %d more request(s), first #%d (%s, peer %s)",
				state, seen[0].Seq, len(again), again[0].Seq, requestLine(again[0]), again[0].Peer), seqs(again)...)
	}
}
