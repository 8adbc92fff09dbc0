package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// sendCarriesContractHash: every task the peer accepted was sent with the
// contract hash of the card in force when it was sent, in every task of
// the session, not only the first. What the send carried is the peer's
// reading of the whole request (journal.Exchange.SentContract): metadata
// past the journal's bound is cut from RequestMetadata, never from it.
func sendCarriesContractHash(ev *Evidence) verdict.Judgement {
	var accepted int
	for _, send := range ev.Sends() {
		if send.ErrorCode != 0 || send.Status >= 300 || send.TaskID == "" {
			continue
		}
		accepted++
		want := send.ContractHash
		switch got := send.SentContract; {
		case got == nil:
			return failed(fmt.Sprintf("metadata[%q].contractHash = %s", mockpeer.FrozenContractExtension, want),
				"no contract hash in the send", send.Seq)
		case got.Hash == "":
			return failed("contractHash "+want, "a contractHash that is the contract hash of none of the peer's card versions", send.Seq)
		case got.Hash != want:
			return failed("contractHash "+want, "contractHash "+got.Hash, send.Seq)
		}
	}
	if accepted == 0 {
		return notApplicable("the client sent no task")
	}
	return passed()
}
