package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// General returns the requirements checked in every scenario: MUSTs of
// profile general, whatever the scenario is about.
func General() []Requirement {
	return []Requirement{
		// A request's A2A-Version is the whole field (RFC 9110 §5.3: its
		// lines joined, with any query parameter): "1.0" sent with a second
		// value is not "1.0". The published text reads so; the check reads
		// every value the peer counted (journal.FieldCounts).
		general("GEN-001", "The client MUST send `A2A-Version: 1.0` on every A2A request.",
			"A2A v1.0 spec §3.6; A2ACLI_VER_001", versionHeaderOnEveryCall),
		general("GEN-002", "Every request the client sends to an A2A endpoint MUST be well-formed v1.0 JSON-RPC or HTTP+JSON.",
			"A2A v1.0 spec §9, §11", wellFormedCalls),
		general("GEN-003", "The client MUST write one well-formed outcome object and exit before its deadline.",
			"docs/driver-contract.md", outcomeBeforeDeadline),
		general("GEN-004", "The client MUST look at the card (fetch it, or revalidate it) in the same task before every task-creating request: "+
			"a send is a routing and authorization decision made on the card, not on a memory of it.",
			"contract-model §3 rules 2 and 6", cardSeenBeforeEverySend),
		general("GEN-005", "The client MUST NOT flood the peers: no more requests in a scenario than the farm journals whole "+
			"(1,000); past that, requests are counted, not judged.",
			"docs/driver-contract.md; docs/reliability.md", noFlood),
		general("CRED-012", "The client MUST send no credential it holds on a card, key-set or token request: the credentials a "+
			"card names go to its A2A interfaces alone, an access token too, and a token request carries the OAuth client "+
			"secret and nothing else, however encoded.",
			"A2A v1.0 spec §7.3, §13; RFC 6750 §5.2; A2ACLI_AUTH_008; contract-model §8 rule 2", credentialsOnlyToInterfaces),
		general("CRED-019", "The client MUST send each credential only where its scheme puts it on the card the request was "+
			"planned on: the API key under the name and in the location (header, query or cookie) an apiKeySecurityScheme of "+
			"that card declares, a bearer or access token in one `Authorization: Bearer` header, the OAuth client secret in "+
			"`Authorization: Basic` or the token request's body; never a copy in another header, parameter, cookie, the path "+
			"or the body, and never a second `Authorization` line.",
			"A2A v1.0 spec §4.5, §7.3; RFC 6750 §2; RFC 6749 §2.3.1; RFC 9110 §5.3; contract-model §8 rule 1", credentialsInTheirPlace),
	}
}

func general(id, text, ref string, check func(*Evidence) verdict.Judgement) Requirement {
	return Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileGeneral, Text: text, Ref: ref, Check: check}
}

// noFlood: every request of the scenario was journaled whole, so every
// check saw it.
func noFlood(ev *Evidence) verdict.Judgement {
	if ev.Kept == 0 || ev.Seen <= ev.Kept {
		return passed()
	}
	return failed(fmt.Sprintf("at most %d requests in the scenario", ev.Kept),
		fmt.Sprintf("%d requests: %d were kept only in compact form or counted", ev.Seen, ev.Seen-ev.Kept))
}

// cardSeenBeforeEverySend: in each task, every task-creating request comes
// after a card response (200, 304, or a redirect) of that task. A client
// that never fetches, or trusts a card from an earlier task, fails.
func cardSeenBeforeEverySend(ev *Evidence) verdict.Judgement {
	runs := ev.Runs()
	sent := false
	for i := range runs {
		view := ev.Task(i + 1)
		var seen int64 = -1
		for _, ex := range view.Journal {
			switch {
			case ev.servedCard(ex) && seen < 0:
				seen = ex.Seq
			case ex.TaskCreating():
				sent = true
				if seen < 0 || ex.Seq < seen {
					before := view.Select(func(e journal.Exchange) bool { return e.Seq < ex.Seq })
					if lost, ok := lostValidators(before); ok {
						return validatorsLost(lost)
					}
					task := ""
					if len(runs) > 1 {
						task = fmt.Sprintf("task %d: ", runs[i].Task)
					}
					return failed("a card response in the same task before each task-creating request",
						fmt.Sprintf("%s%s at #%d with no card looked at in this task before it%s", task, ex.Op, ex.Seq,
							unservedNote(before)), ex.Seq)
				}
			}
		}
	}
	if !sent {
		return notApplicable("the client sent no task-creating request")
	}
	return passed()
}

func versionHeaderOnEveryCall(ev *Evidence) verdict.Judgement {
	calls := ev.A2A()
	if len(calls) == 0 {
		return notApplicable("the client sent no A2A request")
	}
	var bad []journal.Exchange
	for _, ex := range calls {
		if ex.A2AVersion != wire.ProtocolVersion || versionsRepeated(ex) {
			bad = append(bad, ex)
		}
	}
	if len(bad) > 0 && bad[0].A2AVersion == wire.ProtocolVersion {
		f := bad[0].Fields
		return failed("A2A-Version: 1.0 on every A2A request",
			fmt.Sprintf("%s at #%d carried %d A2A-Version values (header lines, list members and query parameters), %d of them "+
				"not %s: which one a server reads is its choice", opOrPath(bad[0]), bad[0].Seq, f.Versions, f.OtherVersions,
				wire.ProtocolVersion), seqs(bad)...)
	}
	if len(bad) > 0 {
		// A cut value was longer than any version: the client sent it so.
		got := fmt.Sprintf("%s at #%d carried A2A-Version %q%s", bad[0].Op, bad[0].Seq, clip(bad[0].A2AVersion, 64),
			cutNote(bad[0], "a2aVersion"))
		if bad[0].A2AVersion == "" {
			got = fmt.Sprintf("%s at #%d carried no A2A-Version (a server reads that as 0.3)", opOrPath(bad[0]), bad[0].Seq)
		}
		return failed("A2A-Version: 1.0 on every A2A request", got, seqs(bad)...)
	}
	return passed()
}

// versionsRepeated: the request carried more than one A2A-Version value,
// or a value other than 1.0 past the first (journal.FieldCounts, counted
// over the whole request: the journal keeps the first value only).
func versionsRepeated(ex journal.Exchange) bool {
	f := ex.Fields
	return f != nil && (f.Versions > 1 || f.OtherVersions > 0)
}

// protocolFaults are the error codes that mean "your request is broken".
var protocolFaults = map[int]bool{
	wire.ErrParse.RPCCode: true, wire.ErrInvalidRequest.RPCCode: true,
	wire.ErrMethodNotFound.RPCCode: true, wire.ErrInvalidParams.RPCCode: true,
}

func wellFormedCalls(ev *Evidence) verdict.Judgement {
	var bad []journal.Exchange
	for _, ex := range ev.Journal {
		switch {
		case ex.Route == journal.RouteUnmatched:
			bad = append(bad, ex)
		case ex.Route == journal.RouteA2A && protocolFaults[ex.ErrorCode]:
			bad = append(bad, ex)
		case ex.Route == journal.RouteA2A && ex.Fields != nil && ex.Fields.ContentType > 1:
			// RFC 9110 §5.3: a field that is not a list is sent on one
			// line; which of two a server reads is its choice.
			bad = append(bad, ex)
		}
	}
	if len(bad) == 0 {
		if len(ev.A2A()) == 0 {
			return notApplicable("the client sent no A2A request")
		}
		return passed()
	}
	ex := bad[0]
	got := fmt.Sprintf("#%d %s %s", ex.Seq, ex.Method, ex.Path)
	switch {
	case ex.Route == journal.RouteUnmatched:
		got += ": no such endpoint on an A2A v1.0 peer"
	case ex.Malformed != "":
		got += ": " + ex.Malformed
	case ex.Fields != nil && ex.Fields.ContentType > 1:
		got += fmt.Sprintf(": %d Content-Type lines (RFC 9110 §5.3: one)", ex.Fields.ContentType)
	default:
		got += fmt.Sprintf(": answered error %d", ex.ErrorCode)
	}
	return failed("well-formed A2A v1.0 requests", got, seqs(bad)...)
}

// outcomeBeforeDeadline judges every task of the session: one bad outcome
// fails the requirement.
func outcomeBeforeDeadline(ev *Evidence) verdict.Judgement {
	runs := ev.Runs()
	for _, r := range runs {
		task := ""
		if len(runs) > 1 {
			task = fmt.Sprintf("task %d: ", r.Task)
		}
		switch {
		case r.TimedOut:
			return failed("an outcome, and exit before the deadline",
				fmt.Sprintf("%sstill running at its deadline (%s): killed with its process group", task, r.overran()))
		case r.Outcome == nil:
			return failed("one outcome JSON object in A2A_CONFORM_OUTCOME_FILE", task+"outcome "+r.OutcomeProblem)
		case r.OutcomeProblem != "":
			return failed("a well-formed outcome", task+r.OutcomeProblem)
		}
	}
	return passed()
}

func opOrPath(ex journal.Exchange) string {
	if ex.Op != "" {
		return ex.Op
	}
	return ex.Method + " " + ex.Path
}
