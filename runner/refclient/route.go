package refclient

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// bindingOf returns the binding name this client speaks, or "".
func bindingOf(b string) string {
	for _, known := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
		if strings.EqualFold(b, known) {
			return known
		}
	}
	return ""
}

// chooseInterface picks, in card order, the first interface whose
// protocolVersion the client speaks (1.0 for the reference) over a binding
// this client has and for which the card is
// authoritative, and the TLS principal to pin it to ("" for none). The
// interfaces of the preferred binding (Config.Binding) are tried first.
// Nothing is sent to an interface to decide; a cross-origin one may be
// asked for its TLS certificate.
func (c *Client) chooseInterface(ctx context.Context, card *Card) (wire.AgentInterface, *url.URL, Principal, error) {
	ifaces := preferring(card.Card.SupportedInterfaces, c.cfg.Binding)
	if len(ifaces) == 0 {
		return wire.AgentInterface{}, nil, "", malformed(opCard, errors.New("no supportedInterfaces"))
	}
	var refused error
	spoken := 0
	for _, iface := range ifaces {
		binding := bindingOf(iface.ProtocolBinding)
		if binding == "" || !c.decide.Protocol.SpeaksVersion(iface.ProtocolVersion) {
			continue
		}
		spoken++
		endpoint, err := card.URL.Parse(iface.URL)
		if err != nil || (endpoint.Scheme != "https" && endpoint.Scheme != "http") {
			refused = errors.Join(refused, malformed(opCard, fmt.Errorf("interface url %q", iface.URL)))
			continue
		}
		pin, err := c.authority.Authorize(ctx, card, endpoint)
		if err != nil {
			refused = errors.Join(refused, err)
			continue
		}
		iface.ProtocolBinding = binding
		return iface, endpoint, pin, nil
	}
	if spoken == 0 {
		offered := make([]string, 0, len(ifaces))
		for _, i := range ifaces {
			offered = append(offered, fmt.Sprintf("%s %q", i.ProtocolBinding, i.ProtocolVersion))
		}
		return wire.AgentInterface{}, nil, "", fmt.Errorf("%w: card offers %s", ErrVersionUnsupported, strings.Join(offered, ", "))
	}
	return wire.AgentInterface{}, nil, "", refused
}

// preferring returns ifaces with those of binding first, each part in card
// order; ifaces itself when binding is "".
func preferring(ifaces []wire.AgentInterface, binding string) []wire.AgentInterface {
	if binding == "" {
		return ifaces
	}
	out := make([]wire.AgentInterface, 0, len(ifaces))
	for _, first := range []bool{true, false} {
		for _, i := range ifaces {
			if (bindingOf(i.ProtocolBinding) == binding) == first {
				out = append(out, i)
			}
		}
	}
	return out
}
