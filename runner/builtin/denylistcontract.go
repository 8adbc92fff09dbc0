package builtin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// denylistContract is adversarial (gallery.go): the reference, but its
// contract is the card less the capability fields contract-model §1 lists
// (and the signatures), not the projection of the contract fields: every
// field it does not know to be capability, a non-required extension, the
// extended card's advertisement, an unknown member, is taken for contract, and a change of
// it between the look and the send aborts. The catalog only ever changes,
// before a send, fields from the model's two lists, so the deny list never
// has to decide anything the allow list would not.
func denylistContract(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = denylistRevalidator{skill: cfg.Skill, next: refclient.Reference().Revalidator}
}

type denylistRevalidator struct {
	skill string
	next  refclient.Revalidator
}

func (d denylistRevalidator) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := d.next.Revalidate(ctx, c, prev)
	if err != nil {
		return nil, err
	}
	if was, now := d.project(prev.Raw), d.project(card.Raw); !bytes.Equal(was, now) {
		return nil, fmt.Errorf("builtin: %s: %w: a field outside the capability list changed", DenylistContract, refclient.ErrContractChanged)
	}
	return card, nil
}

// project is the card less what the deny list names, as sorted JSON.
func (d denylistRevalidator) project(raw []byte) []byte {
	var card map[string]any
	if json.Unmarshal(raw, &card) != nil {
		return raw
	}
	for _, k := range []string{"name", "description", "version", "provider", "iconUrl", "documentationUrl",
		"defaultInputModes", "defaultOutputModes", "signatures"} {
		delete(card, k)
	}
	if caps, ok := card["capabilities"].(map[string]any); ok {
		delete(caps, "streaming")
		delete(caps, "pushNotifications")
	}
	delete(card, "skills") // the skill's security is in the contract hash already
	out, _ := json.Marshal(card)
	return out
}
