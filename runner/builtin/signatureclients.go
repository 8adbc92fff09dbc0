package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// The signature cheats of the gallery (gallery.go): each is the reference
// with one of trust-any-signature's cheats, aimed at the trust-root
// scenarios that forge what it takes.

// followAnyJKU fetches signing keys wherever a signature's jku points.
func followAnyJKU(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(keysFromAnywhere)
}

// laxClient is the reference verifying signatures with lax.
func laxClient(lax laxSignatures) func(*refclient.Config) {
	return func(cfg *refclient.Config) { cfg.UnsafeDecisions.Signatures = lax }
}

// refuseSigned never lets a signature speak for another origin: safe, and
// the client the signed positive control (repointed-endpoint-signed,
// SIG-001) is there to tell from the reference, since it passes every
// forgery of the trust-root scenarios by refusing them unread.
func refuseSigned(cfg *refclient.Config) { cfg.UnsafeDecisions.Signatures = refuseSignatures{} }

type refuseSignatures struct{}

var errRefusesSignatures = errors.New("builtin: refuse-signed takes no signature")

func (refuseSignatures) VerifyCard(context.Context, *refclient.Client, *refclient.Card) (cardsig.Verified, error) {
	return cardsig.Verified{}, errRefusesSignatures
}

// refuseSignedExtended is adversarial (gallery.go): the reference taking no
// signature of an extended card, however it verifies, while it verifies a
// public card's like the reference. It passes every refusal of an unsigned
// or badly signed extended card unread, and refuses the signed one
// (extended-card-signed).
func refuseSignedExtended(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Signatures = publicSignaturesOnly{}
}

type publicSignaturesOnly struct{}

func (publicSignaturesOnly) VerifyCard(ctx context.Context, c *refclient.Client, card *refclient.Card) (cardsig.Verified, error) {
	if card.Public != nil {
		return cardsig.Verified{}, errRefusesSignatures
	}
	return refclient.Reference().Signatures.VerifyCard(ctx, c, card)
}

// everySignature is adversarial (gallery.go): the reference taking a card's
// signatures only when every one of them verifies, each alone, instead of
// one (spec §8.4.3). It passes every forgery of the trust-root family, and
// refuses an agent whose card still carries a retired key's signature
// beside a valid one (repointed-endpoint-retired-key).
func everySignature(cfg *refclient.Config) { cfg.UnsafeDecisions.Signatures = allSignaturesVerify{} }

type allSignaturesVerify struct{}

func (allSignaturesVerify) VerifyCard(ctx context.Context, c *refclient.Client, card *refclient.Card) (cardsig.Verified, error) {
	verify := refclient.Reference().Signatures
	v, err := verify.VerifyCard(ctx, c, card)
	if err != nil {
		return v, err
	}
	var top map[string]json.RawMessage
	var sigs []cardsig.Signature
	if err := json.Unmarshal(card.Raw, &top); err != nil {
		return cardsig.Verified{}, err
	}
	if err := json.Unmarshal(top["signatures"], &sigs); err != nil {
		return cardsig.Verified{}, err
	}
	delete(top, "signatures")
	bare, err := json.Marshal(top)
	if err != nil {
		return cardsig.Verified{}, err
	}
	for i, sig := range sigs {
		alone := *card
		if alone.Raw, err = cardsig.Attach(bare, sig); err != nil {
			return cardsig.Verified{}, err
		}
		if _, err := verify.VerifyCard(ctx, c, &alone); err != nil {
			return cardsig.Verified{}, fmt.Errorf("builtin: %s: signature %d: %w", EverySignature, i, err)
		}
	}
	return v, nil
}
