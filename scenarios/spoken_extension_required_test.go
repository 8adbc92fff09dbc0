package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

func activating(uris ...string) exOpt {
	return func(ex *journal.Exchange) { ex.Extensions = uris }
}

func activatesRequiredExtensionCases() []checkCase {
	const want = "A2A-Extensions naming " + mockpeer.FrozenContractExtension + " on every A2A request to peer A"
	frozen := activating("https://a2a-conform.dev/ext/tracing/v1", mockpeer.FrozenContractExtension)
	return []checkCase{
		{"every A2A request activates it, among others", journalOf(fetch("A"), send("A", frozen),
			call("A", wire.MethodGetTask, frozen)), passed()},
		{"nothing sent: a client that does not speak it", journalOf(fetch("A"), fetch("A")), passed()},
		{"requests to another peer are not the agent's", journalOf(fetch("A"), send("B")), passed()},
		{"the send without it", journalOf(fetch("A"), send("A"), call("A", wire.MethodGetTask, frozen)),
			failed(want, "1 A2A request(s) without it, first SendMessage at #2 activating []", 2)},
		{"a poll without it", journalOf(fetch("A"), send("A", frozen), call("A", wire.MethodGetTask, activating("other"))),
			failed(want, `1 A2A request(s) without it, first GetTask at #3 activating ["other"]`, 3)},
		{"a list the journal cut", journalOf(fetch("A"), send("A", activating("x"), func(ex *journal.Exchange) {
			ex.Truncated = []string{journal.TruncExtensions}
			ex.Cuts = []journal.Cut{{Field: journal.TruncExtensions, Limit: 1024, Seen: 5000}}
		})), verdict.Judgement{Verdict: verdict.Fail, Want: want,
			Got:       `1 A2A request(s) without it, first SendMessage at #2 activating ["x"] (cut to the journal's 1024 bytes of its 5000)`,
			Exchanges: []int64{2}}},
	}
}

func completedIfSpokenCases() []checkCase {
	carrying := func(ex *journal.Exchange) { ex.SentContract = &journal.SentContract{Hash: hashV0} }
	done := func(first ...exOpt) []journal.Exchange {
		return []journal.Exchange{fetch("A"), send("A", first...), call("A", wire.MethodGetTask, after(wire.TaskStateCompleted))}
	}
	refused := []journal.Exchange{fetch("A"), send("A", carrying), call("A", wire.MethodGetTask, after(wire.TaskStateCompleted)),
		fetch("A"), send("A", carrying, answered(http.StatusOK, -32008))}
	const speaks = " (the client speaks " + mockpeer.FrozenContractExtension + ": SendMessage at #2 activated it or carried its metadata)"
	return []checkCase{
		{"speaks it, completed", reporting(driver.OutcomeCompleted, "", done(carrying, activating(mockpeer.FrozenContractExtension))...), passed()},
		{"no sign of it, completed", reporting(driver.OutcomeCompleted, "", done()...), passed()},
		{"no sign of it, refused unsent", reporting(driver.OutcomeAborted, driver.ReasonExtensionUnsupported, fetch("A")), passed()},
		{"its metadata sent, then refused as unspoken", reporting(driver.OutcomeAborted, driver.ReasonExtensionUnsupported,
			append(done(carrying), fetch("A"))...), failed("completed"+speaks, "aborted/extension-unsupported")},
		{"activated once, then refused by the peer", reporting(driver.OutcomeFailed, driver.ReasonPeerError,
			append(done(activating(mockpeer.FrozenContractExtension)), fetch("A"), send("A", answered(http.StatusOK, -32008)))...),
			failed("completed"+speaks, "failed/peer-error")},
		{"its metadata, the header stripped: refused by the peer", reporting(driver.OutcomeFailed, driver.ReasonPeerError, refused...),
			failed("completed"+speaks, "failed/peer-error")},
		{"no sign of it, refused by the peer", reporting(driver.OutcomeFailed, driver.ReasonPeerError, fetch("A"),
			send("A", answered(http.StatusOK, -32008))),
			failed("completed or aborted/extension-unsupported (the client showed no sign of speaking "+mockpeer.FrozenContractExtension+")",
				"failed/peer-error")},
	}
}
