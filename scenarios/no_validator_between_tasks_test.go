package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func sentOnFreshFetchCases() []checkCase {
	const want = "the send planned on card v1, fetched in this task before it"
	completedUnder := func(exs ...journal.Exchange) *Evidence {
		return reporting(driver.OutcomeCompleted, "", append(exs, call("A", wire.MethodGetTask, underVersion(1), after(wire.TaskStateCompleted)))...)
	}
	return []checkCase{
		{"fetched again, then sent", completedUnder(fetch("A", underVersion(1)), send("A", underVersion(1))), passed()},
		{"sent on the remembered card: no fetch in this task", completedUnder(send("A", underVersion(1))),
			failed(want, "the send at #1 followed no 200 of that card in this task: it was planned on a card remembered from an earlier task", 1)},
		{"a fetch of the card before the change is not the card in force", completedUnder(fetch("A"), send("A", underVersion(1))),
			failed(want, "the send at #2 followed no 200 of that card in this task: it was planned on a card remembered from an earlier task", 1, 2)},
		{"a faulted answer is no fetch", completedUnder(fetch("A", underVersion(1), faulted(mockpeer.CardNotACard, http.StatusOK)), send("A", underVersion(1))),
			failed(want, "the send at #2 followed no 200 of that card in this task: it was planned on a card remembered from an earlier task", 1, 2)},
		{"fetched, but not completed", reporting(driver.OutcomeFailed, driver.ReasonPeerError, fetch("A", underVersion(1))),
			failed("completed", "failed/peer-error")},
	}
}
