package builtin

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// FloodRequests is how many card requests the flood client sends before
// each task: more than a scenario's journal keeps whole (1,000).
const FloodRequests = 1100

// flood is adversarial (gallery.go): the reference, which first drowns
// the card's peer in card requests, as a client stuck in a retry loop
// would. The journal keeps the first exchanges whole and only counts the
// rest, so whatever the client did later would go unjudged.
func flood() task {
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		rc, err := refclient.New(refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile})
		if err != nil {
			return refclient.OutcomeOf(refclient.Result{}, err)
		}
		// Conditional after the first, as a cache stuck revalidating would
		// send them: the flood costs the peer its journal, not the client
		// a thousand card parses.
		var card *refclient.Card
		for range FloodRequests {
			if ctx.Err() != nil {
				break
			}
			if fetched, err := rc.FetchCardSince(ctx, card); err == nil {
				card = fetched
			}
		}
		rc.Close()
		out := refclient.Run(ctx, a)
		out.Detail = fmt.Sprintf("builtin: %s: adversarial: %d card requests first; %s", Flood, FloodRequests, out.Detail)
		return out
	}
}
