package scenarios

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The checks of credential-scope (contract-model §8). Each reads what the
// farm's scan found in what the client sent (Auth.Presented, and the
// scope each token was issued for, Auth.TokenScopes): as sent or in any
// form the scan decodes, in any request and on any connection. A
// connection part of which could not be scanned, or a request whose scan
// was cut short (CredUnexamined), carried something unknown: each check
// fails closed on it.

// credentialContacts are the exchanges that can carry a credential: every
// request and connection the client made, not the harness's admin calls.
func credentialContacts(ev *Evidence) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool { return ex.Route != journal.RouteAdmin })
}

// unknownCredentials: what ex carried could not be examined whole.
func unknownCredentials(ex journal.Exchange) bool {
	return unscanned(ex) || slices.Contains(ex.Auth.Presented, journal.CredUnexamined)
}

// credentialFailure is the failure naming the first bad exchange: what it
// carried and where.
func credentialFailure(want string, bad []journal.Exchange, what func(journal.Exchange) string) verdict.Judgement {
	ex := bad[0]
	got := fmt.Sprintf("%s at #%d (%s, peer %s)", what(ex), ex.Seq, requestLine(ex), ex.Peer)
	if unknownCredentials(ex) {
		reason := "it held more encoded content than the scan decodes"
		if unscanned(ex) {
			reason = ex.Conn.Unscanned
		}
		got = fmt.Sprintf("credentials unknown at #%d (%s, peer %s): %s, whatever it carried reached the peer", ex.Seq, requestLine(ex), ex.Peer, reason)
	}
	if len(bad) > 1 {
		got += fmt.Sprintf(", and %d more", len(bad)-1)
	}
	return failed(want, got, seqs(bad)...)
}

// onlyNamedCredentials: no request or connection carried a credential
// other than allowed, the credentials of the schemes the session's cards
// name for the skill.
func onlyNamedCredentials(allowed ...string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		other := func(ex journal.Exchange) []string {
			var out []string
			for _, n := range ex.Auth.Presented {
				if !slices.Contains(allowed, n) {
					out = append(out, n)
				}
			}
			return out
		}
		bad := slices.DeleteFunc(credentialContacts(ev), func(ex journal.Exchange) bool {
			return len(other(ex)) == 0 && !unknownCredentials(ex)
		})
		if len(bad) == 0 {
			return passed()
		}
		return credentialFailure("no credential but "+strings.Join(allowed, " and ")+" on any request",
			bad, func(ex journal.Exchange) string { return strings.Join(other(ex), ", ") + " presented" })
	}
}

// namedPerTask is onlyNamedCredentials judged task by task: in task n, no
// request or connection carried a credential other than allowed[n], those
// of the card task n was planned on. What a card of an earlier task named
// is no licence in a later one (a client that keeps sending what it once
// needed, or adds a default header, fails the first task whose card does
// not name it). Tasks not in allowed, and tasks the client never ran, are
// not judged.
func namedPerTask(allowed map[int][]string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		for _, n := range slices.Sorted(maps.Keys(allowed)) {
			view := ev.Task(n)
			if view == nil {
				continue
			}
			if j := onlyNamedCredentials(allowed[n]...)(view); j.Verdict != verdict.Pass {
				j.Got = fmt.Sprintf("task %d: %s", n, j.Got)
				return j
			}
		}
		return passed()
	}
}

// tokensOnlyToInterfaces: an access token went to A2A routes alone (and
// the connections they were sent on), never to a card, token, key-set or
// unmatched route.
func tokensOnlyToInterfaces(ev *Evidence) verdict.Judgement {
	bad := slices.DeleteFunc(credentialContacts(ev), func(ex journal.Exchange) bool {
		switch {
		case unknownCredentials(ex):
			return false
		case ex.Route == journal.RouteA2A || ex.Route == journal.RouteConnection:
			return true
		}
		return !slices.Contains(ex.Auth.Presented, journal.CredOAuthToken)
	})
	if len(bad) == 0 {
		return passed()
	}
	return credentialFailure("access tokens on A2A requests only", bad,
		func(journal.Exchange) string { return "an access token presented" })
}

// credentialsOnlyToInterfaces (CRED-012, every scenario): no card, key-set
// or token request carried a credential, but the client secret on a token
// request (whether to the right token endpoint is CRED-006's and CRED-014's
// question). Only requests are read: a connection carries what its
// requests did, A2A ones included, and what none of them did is the
// no-credential checks' business.
func credentialsOnlyToInterfaces(ev *Evidence) verdict.Judgement {
	other := func(ex journal.Exchange) []string {
		var out []string
		for _, n := range ex.Auth.Presented {
			if n != journal.CredOAuthClientSecret || ex.Route != journal.RouteToken {
				out = append(out, n)
			}
		}
		return out
	}
	bad := ev.Select(func(ex journal.Exchange) bool {
		switch ex.Route {
		case journal.RouteCard, journal.RouteJWKS, journal.RouteToken:
			return len(other(ex)) > 0
		}
		return false
	})
	if len(bad) == 0 {
		return passed()
	}
	return credentialFailure("no credential on card, key-set or token requests (the client secret on token requests only)", bad,
		func(ex journal.Exchange) string { return strings.Join(other(ex), ", ") + " presented" })
}

// secretOnlyToIssuer: the client secret went to the issuer's token
// endpoint alone (and the connections to the issuer it was sent on).
func secretOnlyToIssuer(issuer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		bad := slices.DeleteFunc(credentialContacts(ev), func(ex journal.Exchange) bool {
			switch {
			case unknownCredentials(ex):
				return ex.Peer == issuer && ex.Route == journal.RouteConnection
			case ex.Peer == issuer && (ex.Route == journal.RouteToken || ex.Route == journal.RouteConnection):
				return true
			}
			return !slices.Contains(ex.Auth.Presented, journal.CredOAuthClientSecret)
		})
		if len(bad) == 0 {
			return passed()
		}
		return credentialFailure(fmt.Sprintf("the client secret only at the token endpoint of peer %s (%s), its issuer", issuer, ev.Origins[issuer]),
			bad, func(journal.Exchange) string { return "the client secret presented" })
	}
}

// tokensStayWithTheirPeer: every token a peer received was issued for
// exactly the scope that peer's card names for the skill: not another
// peer's (a token replayed across agents), and not more (the other scopes
// the card's OAuth flow declares, which the skill does not ask for: a
// token is asked for the least it needs, RFC 6749 §3.3, RFC 9700 §2.3). A
// token asked for no scope was obtained for no agent in particular: it
// fails too.
func tokensStayWithTheirPeer(scopes map[string]string) func(*Evidence) verdict.Judgement {
	foreign := func(ex journal.Exchange) []string {
		var out []string
		for _, s := range ex.Auth.TokenScopes {
			if !tokenFor(s, ex.Peer, scopes) {
				out = append(out, s)
			}
		}
		return out
	}
	return func(ev *Evidence) verdict.Judgement {
		bad := slices.DeleteFunc(credentialContacts(ev), func(ex journal.Exchange) bool {
			return len(foreign(ex)) == 0 && !unknownCredentials(ex)
		})
		if len(bad) == 0 {
			return passed()
		}
		return credentialFailure("every token at a peer fetched for exactly the scope that peer's card names", bad, func(ex journal.Exchange) string {
			var parts []string
			for _, s := range foreign(ex) {
				parts = append(parts, describeScope(s, ex.Peer, scopes))
			}
			return fmt.Sprintf("a token %s presented to peer %s (scope %q)", strings.Join(parts, " and a token "), ex.Peer, scopes[ex.Peer])
		})
	}
}

// tokenFor: a token issued for scope (space-separated, as journaled) was
// obtained for peer: it names peer's scope, and nothing else.
func tokenFor(scope, peer string, scopes map[string]string) bool {
	fields := slices.Compact(slices.Sorted(slices.Values(strings.Fields(scope))))
	return len(fields) == 1 && fields[0] == scopes[peer]
}

// describeScope says whose token a scope makes it, presented to peer.
func describeScope(scope, peer string, scopes map[string]string) string {
	if strings.TrimSpace(scope) == "" {
		return "fetched with no scope (for no agent in particular)"
	}
	var owners []string
	for p, s := range scopes {
		if slices.Contains(strings.Fields(scope), s) {
			owners = append(owners, p)
		}
	}
	slices.Sort(owners)
	switch {
	case len(owners) == 0:
		return fmt.Sprintf("fetched for scope %q, which no agent's card names", scope)
	case len(owners) == 1 && owners[0] == peer:
		return fmt.Sprintf("fetched for scope %q, more than its card names", scope)
	}
	return fmt.Sprintf("fetched for peer %s (scope %q)", strings.Join(owners, " and "), scope)
}

// completedOrAuthUnavailable: the task completed at peer, or the client,
// having been served peer's card, aborted it with auth-unavailable and
// sent peer no A2A request.
func completedOrAuthUnavailable(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		o := ev.Outcome()
		if o == nil || ev.Client.TimedOut || o.Outcome != driver.OutcomeAborted || o.Reason != driver.ReasonAuthUnavailable {
			j := completedAt(peer)(ev)
			if j.Verdict == verdict.Fail {
				j.Want = "completed at peer " + peer + ", or aborted/auth-unavailable"
			}
			return j
		}
		want := "aborted/auth-unavailable after judging peer " + peer + "'s card, nothing sent to it"
		if served := ev.Select(func(ex journal.Exchange) bool { return ex.Peer == peer && ev.servedCard(ex) }); len(served) == 0 {
			return failed(want, "the client was served no card of peer "+peer+" in this task: it judged nothing")
		}
		if sent := ev.Select(func(ex journal.Exchange) bool { return ex.Peer == peer && ex.Route == journal.RouteA2A }); len(sent) > 0 {
			return failed(want, fmt.Sprintf("%d A2A request(s) to peer %s, first %s", len(sent), peer, requestLine(sent[0])), seqs(sent)...)
		}
		return passed()
	}
}

// controlAt is a positive control of a session whose tasks go to several
// agents: task n completes, at peer.
func controlAt(id string, n int, peer, text, ref string) Requirement {
	return atTask(n, Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: text, Ref: ref, Check: completedAt(peer), Control: true})
}
