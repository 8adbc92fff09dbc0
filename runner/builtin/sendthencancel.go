package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// sendThenCancel is adversarial (gallery.go): the hard-coded endpoint with
// every credential granted (hardcoded.go), which cancels each task right
// after creating it, whatever state the send left it in, and reports what
// the cancel left: the send-then-cancel that the catalog's "MUST NOT
// cancel" requirements forbid. In session mode one client takes every task.
func sendThenCancel() task {
	var (
		rc   *refclient.Client
		card *refclient.Card
	)
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		if rc == nil {
			cfg := refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials}
			var err error
			if card, err = forgedCard(&cfg, true); err == nil {
				rc, err = refclient.New(cfg)
			}
			if err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
		}
		return refclient.OutcomeOf(cancelAfterSend(ctx, rc, card, a.Message))
	}
}

// cancelAfterSend sends text under card, then cancels the task it made.
func cancelAfterSend(ctx context.Context, rc *refclient.Client, card *refclient.Card, text string) (refclient.Result, error) {
	s, err := rc.Open(ctx, card)
	if err != nil {
		return refclient.Result{}, err
	}
	resp, err := s.Send(ctx, text)
	if err != nil {
		return refclient.Result{}, err
	}
	if resp.Task == nil {
		return refclient.Result{Message: resp.Message}, nil
	}
	canceled, err := s.CancelTask(ctx, resp.Task.ID)
	if err != nil {
		return refclient.Result{Task: resp.Task}, err
	}
	return refclient.Result{Task: canceled}, nil
}
