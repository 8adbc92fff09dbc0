package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

func noWeakerAuthorization(ev *Evidence) verdict.Judgement {
	for _, ex := range ev.Sends() {
		if !ex.Auth.SatisfiesCurrent {
			presented := "no credential"
			if len(ex.Auth.Presented) > 0 {
				presented = fmt.Sprint(ex.Auth.Presented)
			}
			return failed("every task-creating request meets the security of the card in force (v"+fmt.Sprint(ex.CardVersion)+")",
				fmt.Sprintf("%s at #%d with %s, accepted by a stale peer", ex.Op, ex.Seq, presented), ex.Seq)
		}
	}
	return passed()
}
