package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
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
