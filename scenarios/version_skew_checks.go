package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// onlyLabelled: every A2A request (and every request to a path no A2A
// peer serves) is labelled with the version the card's interfaces
// declare: none went out as A2A 1.0, or unlabelled, which a server reads
// as 0.3. A cut label was longer than any version, so it fails.
func onlyLabelled(version string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if calls := ev.Select(func(ex journal.Exchange) bool {
			return (ex.Route == journal.RouteA2A || ex.Route == journal.RouteUnmatched) && ex.A2AVersion != version
		}); len(calls) > 0 {
			return failed("no A2A 1.0 request to a "+version+" interface",
				fmt.Sprintf("%d request(s), first #%d %s %s (A2A-Version %q%s)", len(calls), calls[0].Seq,
					calls[0].Method, calls[0].Path, clip(calls[0].A2AVersion, 64), cutNote(calls[0], "a2aVersion")), seqs(calls)...)
		}
		return passed()
	}
}
