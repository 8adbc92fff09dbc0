package builtin

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// fetchThen makes adversarial clients (gallery.go) that fetch the card
// once, an unconditional GET trusting only the farm CA (the reference's
// FetchCard), send nothing else, and abort every task with the reason
// picks from what the fetch gave. In session mode the card fetched for the
// first task serves every later one, as a long-lived client holds the card
// it was built from; in one-shot mode each task fetches it once.
func fetchThen(name string, picks func(*refclient.Card, error) driver.Reason) func() task {
	return func() task {
		var (
			fetched bool
			card    *refclient.Card
			err     error
		)
		return func(ctx context.Context, a driver.Assignment) driver.Outcome {
			if !fetched {
				fetched = true
				card, err = fetchOnce(ctx, a)
			}
			detail := fmt.Sprintf("builtin: %s: adversarial: fetched the card once and sent nothing else", name)
			if err != nil {
				detail += fmt.Sprintf(" (the fetch failed: %v)", err)
			}
			return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: picks(card, err), Detail: detail}
		}
	}
}

// fetchOnce fetches the card of a's session once, without credentials.
func fetchOnce(ctx context.Context, a driver.Assignment) (*refclient.Card, error) {
	rc, err := refclient.New(refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile})
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return rc.FetchCard(ctx)
}

// alwaysContractChanged is fetch-then-abort's pick: the card says nothing
// that matters to it.
func alwaysContractChanged(*refclient.Card, error) driver.Reason { return driver.ReasonContractChanged }
