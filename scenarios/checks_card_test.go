package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Tables of the checks that judge the card and the contract: revalidation
// before the send, the contract the send went under, and the contract hash
// of the frozen-contract extension.

func noSendAfterContractChangeCases() []checkCase {
	const want = "abort before send: no task-creating request once the contract changed"
	return []checkCase{
		{"no send", journal(fetch("A"), fetch("A", underVersion(1))), passed()},
		{"sent under the first contract", journal(fetch("A"), send("A")), passed()},
		{"a send whose contract the peer did not know", journal(send("A", func(ex *mockpeer.Exchange) {
			ex.CardVersion, ex.ContractHash = 1, ""
		})), passed()},
		{"sent under the rotated contract", journal(fetch("A"), fetch("A", underVersion(1)), send("A", underVersion(1)),
			call("A", wire.MethodSendStreamingMessage, underVersion(1))),
			failed(want, "SendMessage at #3 under card version 1, whose contract differs from version 0", 3, 4)},
		{"a refused send counts too", journal(send("A", underVersion(1), answered(http.StatusUnauthorized, 0))),
			failed(want, "SendMessage at #1 under card version 1, whose contract differs from version 0", 1)},
	}
}

const revalidateWant = "a conditional card request (If-None-Match with the ETag given, or If-Modified-Since with the Last-Modified given) right before the send"

func revalidatedBeforeSendCases() []checkCase {
	const want = revalidateWant
	return []checkCase{
		// Validators the client was never given earn a 304 without any card.
		{"If-None-Match: *", journal(fetch("A", header("If-None-Match", "*")), send("A")),
			failed(want, "1 card request(s), none revalidating with a validator the peer gave, before the send", 1)},
		{"an invented If-Modified-Since", journal(fetch("A", header("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT")), send("A")),
			failed(want, "1 card request(s), none revalidating with a validator the peer gave, before the send", 1)},
		{"never fetched", journal(fetch("B"), send("B")), failed(want, "no card request at all: the client never looked at the card")},
		{"If-None-Match before the send", journal(fetch("A"), fetch("A", header("If-None-Match", etagV0)), send("A")), passed()},
		{"If-Modified-Since before the send", journal(fetch("A"),
			fetch("A", header("If-Modified-Since", lastModifiedV0)), send("A")), passed()},
		{"revalidated, then gave up without sending", journal(fetch("A"), fetch("A", header("If-None-Match", etagV0))),
			passed()},
		{"one fetch and no send", journal(fetch("A")),
			failed(want, "1 card request(s), none revalidating with a validator the peer gave, before the send", 1)},
		{"a card held from an earlier task, revalidated", heldFromTaskOne(fetch("A", header("If-None-Match", etagV0))), passed()},
		{"an ETag the session was never given", journal(fetch("A", header("If-None-Match", etagV0)), send("A")),
			failed(want, "1 card request(s), none revalidating with a validator the peer gave, before the send", 1)},
		// A "*" anywhere makes the peer answer 304 whatever card is in force
		// (RFC 9110 §13.1.2): the client could never see a change.
		{`the ETag given, and "*"`, journal(fetch("A"), fetch("A", header("If-None-Match", etagV0+", *")), send("A")),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		{`"*", then the ETag given`, journal(fetch("A"), fetch("A", header("If-None-Match", " * ,"+etagV0)), send("A")),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		{`"*" on a second If-None-Match line`, journal(fetch("A"), fetch("A", header("If-None-Match", etagV0), addHeader("If-None-Match", "*")), send("A")),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		// The peer compares weakly: W/ of the ETag given is answered 304
		// only while that version is in force.
		{"the ETag given, weak", journal(fetch("A"), fetch("A", header("If-None-Match", "W/"+etagV0)), send("A")), passed()},
		// Version 1's date is a minute after version 0's: guessed before it
		// is served, it is answered 304 under version 0 and under version 1.
		{"the Last-Modified of a version not served yet", journal(fetch("A"), fetch("A", header("If-Modified-Since", lastModifiedV1)), send("A")),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		{"the Last-Modified of a version served", journal(fetch("A", underVersion(1)),
			fetch("A", header("If-Modified-Since", lastModifiedV1)), send("A")), passed()},
		// The 304 to the guess carries version 1's validators, not its card.
		{"the Last-Modified a 304 carried, of a version never served", journal(fetch("A"),
			fetch("A", header("If-Modified-Since", lastModifiedV1), answered(http.StatusNotModified, 0), underVersion(1)),
			fetch("A", header("If-Modified-Since", lastModifiedV1)), send("A")),
			failed(want, "3 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2, 3)},
		{"the ETag a HEAD carried, of a version never served", journal(fetch("A"),
			fetch("A", underVersion(1), func(ex *mockpeer.Exchange) { ex.Method = http.MethodHead }),
			fetch("A", header("If-None-Match", etagV1)), send("A")),
			failed(want, "3 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2, 3)},
		{"a Last-Modified answered only after the request", journal(fetch("A", header("If-Modified-Since", lastModifiedV0)), fetch("A"), send("A")),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		{"revalidated only after the send", journal(fetch("A"), send("A"), fetch("A", header("If-None-Match", etagV0))),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 3)},
		{"unconditional refetch before the send", journal(fetch("A"), fetch("A"), send("A")),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		{"revalidated only after the send", journal(fetch("A"), send("A"), fetch("A", header("If-None-Match", etagV0))),
			failed(want, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 3)},
		{"revalidated another peer's card", journal(fetch("A"), fetch("B", header("If-None-Match", etagV0)), send("A")),
			failed(want, "1 card request(s), none revalidating with a validator the peer gave, before the send", 1)},
	}
}

func revalidatedWithETagCases() []checkCase {
	const want = "If-None-Match: " + etagV0
	return []checkCase{
		{"the ETag given", journal(fetch("A"), fetch("A", header("If-None-Match", etagV0)), send("A")), passed()},
		{"the ETag given, weak and in a list", journal(fetch("A"),
			fetch("A", header("If-None-Match", `"other", W/`+etagV0)), send("A")), passed()},
		{"never fetched", journal(), failed(revalidateWant,
			"no card request at all: the client never looked at the card")},
		{"If-Modified-Since only", journal(fetch("A"),
			fetch("A", header("If-Modified-Since", lastModifiedV0)), send("A")),
			failed(want, "conditional requests without the ETag the peer gave")},
		{"an ETag never given", journal(fetch("A"), fetch("A", header("If-None-Match", `"made-up"`)), send("A")),
			failed(revalidateWant, "2 card request(s), none revalidating with a validator the peer gave, before the send", 1, 2)},
		{"the ETag only after the send", journal(fetch("A"), fetch("A", header("If-Modified-Since", lastModifiedV0)), send("A"),
			fetch("A", header("If-None-Match", etagV0))),
			failed(want, "conditional requests without the ETag the peer gave")},
		{`the ETag only beside "*"`, journal(fetch("A"), fetch("A", header("If-Modified-Since", lastModifiedV0)),
			fetch("A", header("If-None-Match", etagV0+", *")), send("A")),
			failed(want, "conditional requests without the ETag the peer gave")},
		{"not revalidated at all", journal(fetch("A"), send("A")),
			failed(revalidateWant,
				"1 card request(s), none revalidating with a validator the peer gave, before the send", 1)},
	}
}

func noWeakerAuthorizationCases() []checkCase {
	satisfying := func(ex *mockpeer.Exchange) { ex.Auth.SatisfiesCurrent = true }
	const want = "every task-creating request meets the security of the card in force (v1)"
	return []checkCase{
		{"no send", journal(fetch("A"), fetch("A", underVersion(1))), passed()},
		{"every send meets the card", journal(fetch("A"), send("A", presenting(mockpeer.CredBearer), satisfying),
			call("A", wire.MethodGetTask)), passed()},
		{"unauthenticated under a card that requires a token",
			journal(fetch("A"), send("A", underVersion(1)), send("A", underVersion(1), presenting(mockpeer.CredBearer), satisfying)),
			failed(want, "SendMessage at #2 with no credential, accepted by a stale peer", 2)},
		{"a credential the card in force does not take",
			journal(call("A", wire.MethodSendStreamingMessage, underVersion(1), presenting(mockpeer.CredAPIKey))),
			failed(want, "SendStreamingMessage at #1 with [api-key], accepted by a stale peer", 1)},
	}
}

func sendCarriesContractHashCases() []checkCase {
	carrying := func(ext any) exOpt {
		return func(ex *mockpeer.Exchange) {
			ex.RequestMetadata = map[string]any{mockpeer.FrozenContractExtension: ext}
		}
	}
	return []checkCase{
		{"no task was sent", journal(fetch("A"), send("A", answered(http.StatusBadRequest, -32602))),
			notApplicable("the client sent no task")},
		{"the hash of the card sent under", journal(fetch("A"), send("A", carrying(map[string]any{"contractHash": hashV0}))),
			passed()},
		{"no metadata", journal(fetch("A"), send("A")),
			failed(`metadata["`+mockpeer.FrozenContractExtension+`"].contractHash = `+hashV0, "no contract hash in the send", 2)},
		{"metadata of the wrong shape", journal(send("A", carrying(hashV0))),
			failed(`metadata["`+mockpeer.FrozenContractExtension+`"].contractHash = `+hashV0, "no contract hash in the send", 1)},
		{"another hash", journal(fetch("A"), send("A", carrying(map[string]any{"contractHash": hashV1}))),
			failed("contractHash "+hashV0, "contractHash "+hashV1, 2)},
		// Every task is judged, not only the first.
		{"a later send without the hash", journal(fetch("A"), send("A", carrying(map[string]any{"contractHash": hashV0})),
			fetch("A"), send("A")),
			failed(`metadata["`+mockpeer.FrozenContractExtension+`"].contractHash = `+hashV0, "no contract hash in the send", 4)},
		{"a later send with another hash", journal(fetch("A"), send("A", carrying(map[string]any{"contractHash": hashV0})),
			fetch("A"), send("A", carrying(map[string]any{"contractHash": hashV1}))),
			failed("contractHash "+hashV0, "contractHash "+hashV1, 4)},
	}
}

// heldFromTaskOne is the view of task 2 of a session whose first task
// fetched A's card and sent; task 2 is look, then send.
func heldFromTaskOne(look mockpeer.Exchange) *Evidence {
	ev := journal(fetch("A"), send("A"), look, send("A"))
	ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: 4}}
	return ev.Task(2)
}
