package scenarios

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Tables of the checks that judge the card and the contract: revalidation
// before the send, the contract the send went under, and the contract hash
// of the frozen-contract extension.

func noSendAfterContractChangeCases() []checkCase {
	const want = "abort before send: no task-creating request once the contract changed"
	return []checkCase{
		{"no send", journalOf(fetch("A"), fetch("A", underVersion(1))), passed()},
		{"sent under the first contract", journalOf(fetch("A"), send("A")), passed()},
		{"a send whose contract the peer did not know", journalOf(send("A", func(ex *journal.Exchange) {
			ex.CardVersion, ex.ContractHash = 1, ""
		})), passed()},
		{"sent under the rotated contract", journalOf(fetch("A"), fetch("A", underVersion(1)), send("A", underVersion(1)),
			call("A", wire.MethodSendStreamingMessage, underVersion(1))),
			failed(want, "SendMessage at #3 under card version 1, whose contract differs from version 0", 3, 4)},
		{"a refused send counts too", journalOf(send("A", underVersion(1), answered(http.StatusUnauthorized, 0))),
			failed(want, "SendMessage at #1 under card version 1, whose contract differs from version 0", 1)},
	}
}

const revalidateWant = "a conditional card request (If-None-Match with the ETag given, or If-Modified-Since with the Last-Modified given, " +
	"and no validator the peer never gave) right before the send"

// noRevalidation is the failure of n card requests before the send, none
// a revalidation; note names the one with a validator the peer never gave.
func noRevalidation(want string, n int, note string, seqs ...int64) verdict.Judgement {
	got := fmt.Sprintf("%d card request(s) before the send, none revalidating with validators the peer gave and only those", n)
	if note != "" {
		got += " (" + note + ")"
	}
	return failed(want, got, seqs...)
}

// validated: what the peer read of the request's validators, whatever the
// journal kept of its headers (the header option sets what it kept).
func validated(v journal.Validators) exOpt {
	return func(ex *journal.Exchange) { ex.Validators = &v }
}

// notModified: the peer answered the card request 304.
func notModified(ex *journal.Exchange) { ex.Status = http.StatusNotModified }

func revalidatedBeforeSendCases() []checkCase {
	const want = revalidateWant
	unserved := func(seq, n, of int, star bool) string {
		note := fmt.Sprintf("#%d carried %d validator(s) of %d naming no card the peer had served", seq, n, of)
		if star {
			note += `, "*" among them`
		}
		return note
	}
	served0 := journal.Validator{Version: 0, Served: true}
	return []checkCase{
		// Validators the client was never given earn a 304 without any card.
		{"If-None-Match: *", journalOf(fetch("A", header("If-None-Match", "*")), send("A")),
			noRevalidation(want, 1, unserved(1, 1, 1, true), 1)},
		{"an invented If-Modified-Since", journalOf(fetch("A", header("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT")), send("A")),
			noRevalidation(want, 1, unserved(1, 1, 1, false), 1)},
		{"never fetched", journalOf(fetch("B"), send("B")), failed(want, "no card request at all: the client never looked at the card")},
		{"If-None-Match before the send", journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0)), send("A")), passed()},
		{"If-Modified-Since before the send", journalOf(fetch("A"),
			fetch("A", header("If-Modified-Since", lastModifiedV0)), send("A")), passed()},
		{"both validators given", journalOf(fetch("A"),
			fetch("A", header("If-None-Match", etagV0), header("If-Modified-Since", lastModifiedV0)), send("A")), passed()},
		{"revalidated, then gave up without sending", journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0))),
			passed()},
		{"one fetch and no send", journalOf(fetch("A")), noRevalidation(want, 1, "", 1)},
		{"a card held from an earlier task, revalidated", heldFromTaskOne(fetch("A", header("If-None-Match", etagV0))), passed()},
		{"an ETag the session was never given", journalOf(fetch("A", header("If-None-Match", etagV0)), send("A")),
			noRevalidation(want, 1, unserved(1, 1, 1, false), 1)},
		// A "*" anywhere makes the peer answer 304 whatever card is in force
		// (RFC 9110 §13.1.2): the client could never see a change.
		{`the ETag given, and "*"`, journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0+", *")), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, true), 1, 2)},
		{`"*", then the ETag given`, journalOf(fetch("A"), fetch("A", header("If-None-Match", " * ,"+etagV0)), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, true), 1, 2)},
		{`"*" on a second If-None-Match line`, journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0), addHeader("If-None-Match", "*")), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, true), 1, 2)},
		// hidden-star and header-70: the journal's copy of the headers lost
		// the "*" (past 16 KiB, or as the 70th line); the peer read it.
		{`"*" past what the journal kept of the headers`, journalOf(fetch("A"),
			fetch("A", header("If-None-Match", etagV0), notModified, validated(journal.Validators{
				Tags: []journal.Validator{served0, {Version: -1, Weak: true}, {Version: -1, Star: true}}, TagCount: 3, Star: true, Unserved: 2,
			})), send("A")),
			noRevalidation(want, 2, unserved(2, 2, 3, true), 1, 2)},
		{`"*" as the 70th line`, journalOf(fetch("A"),
			fetch("A", header("If-None-Match", etagV0), notModified, validated(journal.Validators{
				Tags: slices.Repeat([]journal.Validator{served0}, 16), TagCount: 70, Star: true, Unserved: 1,
			})), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 70, true), 1, 2)},
		// A revalidation the journal's headers lost is judged on what the
		// peer read: a cut header is not a cut validator.
		{"a revalidation whose headers the journal cut", journalOf(fetch("A"),
			fetch("A", notModified, validated(journal.Validators{Tags: []journal.Validator{served0}, TagCount: 1}),
				func(ex *journal.Exchange) { ex.Truncated = []string{"header"} }), send("A")), passed()},
		// The peer compares weakly: W/ of the ETag given is answered 304
		// only while that version is in force.
		{"the ETag given, weak", journalOf(fetch("A"), fetch("A", header("If-None-Match", "W/"+etagV0)), send("A")), passed()},
		// Version 1's date is a minute after version 0's: guessed before it
		// is served, it is answered 304 under version 0 and under version 1.
		{"the Last-Modified of a version not served yet", journalOf(fetch("A"), fetch("A", header("If-Modified-Since", lastModifiedV1)), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 1, false), 1, 2)},
		{"the Last-Modified of a version served", journalOf(fetch("A", underVersion(1)),
			fetch("A", header("If-Modified-Since", lastModifiedV1)), send("A")), passed()},
		{"the ETag given, beside a guessed date", journalOf(fetch("A"),
			fetch("A", header("If-None-Match", etagV0), header("If-Modified-Since", lastModifiedV1)), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, false), 1, 2)},
		// The 304 to the guess carries version 1's validators, not its card.
		{"the Last-Modified a 304 carried, of a version never served", journalOf(fetch("A"),
			fetch("A", header("If-Modified-Since", lastModifiedV1), answered(http.StatusNotModified, 0), underVersion(1)),
			fetch("A", header("If-Modified-Since", lastModifiedV1)), send("A")),
			noRevalidation(want, 3, unserved(2, 1, 1, false), 1, 2, 3)},
		// head-then-revalidate and head-second-line: the ETag in force, learnt
		// by a HEAD, beside the one given; on the same line or another.
		{"the ETag a HEAD carried, of a version never served", journalOf(fetch("A"),
			fetch("A", underVersion(1), func(ex *journal.Exchange) { ex.Method = http.MethodHead }),
			fetch("A", header("If-None-Match", etagV1)), send("A")),
			noRevalidation(want, 3, unserved(3, 1, 1, false), 1, 2, 3)},
		{"the ETag given and the ETag a HEAD carried", journalOf(fetch("A"),
			fetch("A", underVersion(1), func(ex *journal.Exchange) { ex.Method = http.MethodHead }),
			fetch("A", header("If-None-Match", etagV0+", "+etagV1), notModified, underVersion(1)), send("A")),
			noRevalidation(want, 3, unserved(3, 1, 2, false), 1, 2, 3)},
		{"the ETag a HEAD carried, weak on a second line", journalOf(fetch("A"),
			fetch("A", header("If-None-Match", etagV0), addHeader("If-None-Match", "W/"+etagV1), notModified, underVersion(1)), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, false), 1, 2)},
		{"a member that parses as no entity tag", journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0+", junk")), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, false), 1, 2)},
		{"a quoted star is a tag never given", journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0+`, "*"`)), send("A")),
			noRevalidation(want, 2, unserved(2, 1, 2, false), 1, 2)},
		{"a Last-Modified answered only after the request", journalOf(fetch("A", header("If-Modified-Since", lastModifiedV0)), fetch("A"), send("A")),
			noRevalidation(want, 2, unserved(1, 1, 1, false), 1, 2)},
		{"revalidated only after the send", journalOf(fetch("A"), send("A"), fetch("A", header("If-None-Match", etagV0))),
			noRevalidation(want, 1, "", 1)},
		{"unconditional refetch before the send", journalOf(fetch("A"), fetch("A"), send("A")),
			noRevalidation(want, 2, "", 1, 2)},
		{"revalidated another peer's card", journalOf(fetch("A"), fetch("B", header("If-None-Match", etagV0)), send("A")),
			noRevalidation(want, 1, "", 1)},
		// A 304 whose validators the journal does not hold: the harness lost
		// them, and no verdict can be given on the client.
		{"a 304 without validators", journalOf(fetch("A"), fetch("A", notModified), send("A")),
			harnessLost("the journal holds no validators of card request #2, which the peer answered 304: "+
				"the harness lost what the client asked with, so whether it revalidated a card it held cannot be judged", 2)},
	}
}

func revalidatedWithETagCases() []checkCase {
	const want = "If-None-Match: " + etagV0 + ", the ETag given, and no validator the peer never gave"
	return []checkCase{
		{"the ETag given", journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0)), send("A")), passed()},
		{"the ETag given, weak", journalOf(fetch("A"), fetch("A", header("If-None-Match", `W/`+etagV0)), send("A")), passed()},
		// Any position of any line: a tag never given spoils the list.
		{"the ETag given, in a list with one never given", journalOf(fetch("A"),
			fetch("A", header("If-None-Match", `"other", W/`+etagV0)), send("A")),
			noRevalidation(revalidateWant, 2, "#2 carried 1 validator(s) of 2 naming no card the peer had served", 1, 2)},
		{"never fetched", journalOf(), failed(revalidateWant,
			"no card request at all: the client never looked at the card")},
		{"If-Modified-Since only", journalOf(fetch("A"),
			fetch("A", header("If-Modified-Since", lastModifiedV0)), send("A")),
			noRevalidation(want, 2, "", 1, 2)},
		{"an ETag never given", journalOf(fetch("A"), fetch("A", header("If-None-Match", `"made-up"`)), send("A")),
			noRevalidation(revalidateWant, 2, "#2 carried 1 validator(s) of 1 naming no card the peer had served", 1, 2)},
		{"the ETag only after the send", journalOf(fetch("A"), fetch("A", header("If-Modified-Since", lastModifiedV0)), send("A"),
			fetch("A", header("If-None-Match", etagV0))),
			noRevalidation(want, 2, "", 1, 2)},
		{`the ETag only beside "*"`, journalOf(fetch("A"), fetch("A", header("If-Modified-Since", lastModifiedV0)),
			fetch("A", header("If-None-Match", etagV0+", *")), send("A")),
			noRevalidation(want, 3, `#3 carried 1 validator(s) of 2 naming no card the peer had served, "*" among them`, 1, 2, 3)},
		{"not revalidated at all", journalOf(fetch("A"), send("A")),
			noRevalidation(revalidateWant, 1, "", 1)},
	}
}

func noWeakerAuthorizationCases() []checkCase {
	satisfying := func(ex *journal.Exchange) { ex.Auth.SatisfiesCurrent = true }
	const want = "every task-creating request meets the security of the card in force (v1)"
	return []checkCase{
		{"no send", journalOf(fetch("A"), fetch("A", underVersion(1))), passed()},
		{"every send meets the card", journalOf(fetch("A"), send("A", presenting(journal.CredBearer), satisfying),
			call("A", wire.MethodGetTask)), passed()},
		{"unauthenticated under a card that requires a token",
			journalOf(fetch("A"), send("A", underVersion(1)), send("A", underVersion(1), presenting(journal.CredBearer), satisfying)),
			failed(want, "SendMessage at #2 with no credential, accepted by a stale peer", 2)},
		{"a credential the card in force does not take",
			journalOf(call("A", wire.MethodSendStreamingMessage, underVersion(1), presenting(journal.CredAPIKey))),
			failed(want, "SendStreamingMessage at #1 with [api-key], accepted by a stale peer", 1)},
	}
}

func sendCarriesContractHashCases() []checkCase {
	carrying := func(hash string) exOpt {
		return func(ex *journal.Exchange) { ex.SentContract = &journal.SentContract{Hash: hash} }
	}
	const want = `metadata["` + mockpeer.FrozenContractExtension + `"].contractHash = ` + hashV0
	return []checkCase{
		{"no task was sent", journalOf(fetch("A"), send("A", answered(http.StatusBadRequest, -32602))),
			notApplicable("the client sent no task")},
		{"the hash of the card sent under", journalOf(fetch("A"), send("A", carrying(hashV0))), passed()},
		// The peer read the hash off the whole request: metadata past the
		// journal's bound is gone from RequestMetadata, not from SentContract.
		{"the hash, in metadata the journal dropped", journalOf(fetch("A"), send("A", carrying(hashV0), func(ex *journal.Exchange) {
			ex.RequestMetadata, ex.Truncated = nil, []string{"requestMetadata"}
		})), passed()},
		// RequestMetadata is the journal's copy, never read for the verdict.
		{"no hash, whatever the journal's copy says", journalOf(fetch("A"), send("A", func(ex *journal.Exchange) {
			ex.RequestMetadata = map[string]any{mockpeer.FrozenContractExtension: map[string]any{"contractHash": hashV0}}
		})), failed(want, "no contract hash in the send", 2)},
		{"no metadata", journalOf(fetch("A"), send("A")), failed(want, "no contract hash in the send", 2)},
		{"another hash", journalOf(fetch("A"), send("A", carrying(hashV1))),
			failed("contractHash "+hashV0, "contractHash "+hashV1, 2)},
		{"a string that is no contract hash of the peer's", journalOf(fetch("A"), send("A", carrying(""))),
			failed("contractHash "+hashV0, "a contractHash that is the contract hash of none of the peer's card versions", 2)},
		// Every task is judged, not only the first.
		{"a later send without the hash", journalOf(fetch("A"), send("A", carrying(hashV0)), fetch("A"), send("A")),
			failed(want, "no contract hash in the send", 4)},
		{"a later send with another hash", journalOf(fetch("A"), send("A", carrying(hashV0)), fetch("A"), send("A", carrying(hashV1))),
			failed("contractHash "+hashV0, "contractHash "+hashV1, 4)},
	}
}

// heldFromTaskOne is the view of task 2 of a session whose first task
// fetched A's card and sent; task 2 is look, then send.
func heldFromTaskOne(look journal.Exchange) *Evidence {
	ev := journalOf(fetch("A"), send("A"), look, send("A"))
	ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: 4}}
	return ev.Task(2)
}
