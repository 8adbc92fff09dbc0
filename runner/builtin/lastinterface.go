package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// lastInterface is adversarial (gallery.go): the reference, but of the
// interfaces of one binding it takes the last the card lists, not the
// first, as @a2a-js/sdk 1.3.0 does (it keeps one entry per binding, and a
// later 1.0 entry replaces an earlier one). The bindings keep their order,
// so it uses the binding the reference uses, under the other interface.
func lastInterface(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Cache = lastPerBinding{refclient.Reference().Cache}
}

// lastPerBinding plans on the card with the interfaces of each binding in
// reverse card order, each binding where it first appears; what the card
// says is otherwise untouched (its bytes, its contract hash). The order is
// read from the card's bytes, so a card it held, reordered or not, comes
// out the same.
type lastPerBinding struct{ next refclient.CardCache }

func (l lastPerBinding) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	card, err := l.next.Plan(ctx, c, held)
	if err != nil {
		return nil, err
	}
	var listed struct {
		SupportedInterfaces []wire.AgentInterface `json:"supportedInterfaces"`
	}
	if err := json.Unmarshal(card.Raw, &listed); err != nil {
		return nil, fmt.Errorf("builtin: %s: the card's interfaces: %w: %w", LastInterface, refclient.ErrPeer, err)
	}
	out := *card
	out.Card.SupportedInterfaces = reversedPerBinding(listed.SupportedInterfaces)
	return &out, nil
}

func reversedPerBinding(ifaces []wire.AgentInterface) []wire.AgentInterface {
	var order []string
	groups := map[string][]wire.AgentInterface{}
	for _, i := range ifaces {
		b := strings.ToUpper(i.ProtocolBinding)
		if _, ok := groups[b]; !ok {
			order = append(order, b)
		}
		groups[b] = append(groups[b], i)
	}
	out := make([]wire.AgentInterface, 0, len(ifaces))
	for _, b := range order {
		g := slices.Clone(groups[b])
		slices.Reverse(g)
		out = append(out, g...)
	}
	return out
}
