package builtin

import (
	"context"
	"errors"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// revalErrorUnchanged is adversarial (gallery.go): the reference, but a
// revalidation answered with a client error (4xx) is taken for "not
// modified", and the task is sent under the card it planned on: the server
// said nothing new, after all. Rule 2: a revalidation that did not answer
// with the card or a 304 tells the client nothing of the contract. The
// failing card URL of revalidation-unavailable answers 503, hangs up, cuts
// the card, serves JSON that is no card or loops its redirect, never a
// 4xx, so it passed every requirement of the catalog in both modes until
// revalidation-refused.
func revalErrorUnchanged(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = clientErrorHeld{refclient.Reference().Revalidator}
}

type clientErrorHeld struct{ revalidate refclient.Revalidator }

func (h clientErrorHeld) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := h.revalidate.Revalidate(ctx, c, prev)
	if pe := (*refclient.PeerError)(nil); errors.As(err, &pe) && pe.HTTPStatus >= 400 && pe.HTTPStatus < 500 {
		return prev, nil
	}
	return card, err
}
