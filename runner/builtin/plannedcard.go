package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// onPlannedCard makes cfg the reference but for what judge makes of every
// card the reference's decisions hand on: the card a task is planned on
// (Cache) and the one its revalidation answers (Revalidator). judge
// returns the card to go on with, edited or as it is, or the error that
// refuses it; a card the reference already refused never reaches it. The
// cheats of one card property (an Age, a signature, an interface's path)
// are each one judge.
func onPlannedCard(cfg *refclient.Config, judge func(*refclient.Card) (*refclient.Card, error)) {
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = plannedCardJudge{plan: ref.Cache, judge: judge}
	cfg.UnsafeDecisions.Revalidator = plannedCardJudge{revalidate: ref.Revalidator, judge: judge}
}

// plannedCardJudge decides like the reference, then hands the card to judge.
type plannedCardJudge struct {
	plan       refclient.CardCache
	revalidate refclient.Revalidator
	judge      func(*refclient.Card) (*refclient.Card, error)
}

func (p plannedCardJudge) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	return p.then(p.plan.Plan(ctx, c, held))
}

func (p plannedCardJudge) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	return p.then(p.revalidate.Revalidate(ctx, c, prev))
}

func (p plannedCardJudge) then(card *refclient.Card, err error) (*refclient.Card, error) {
	if err != nil {
		return card, err
	}
	return p.judge(card)
}
