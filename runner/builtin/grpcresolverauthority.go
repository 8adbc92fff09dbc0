package builtin

import (
	"net/url"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// grpcResolverAuthority is adversarial (gallery.go): the reference, but a
// gRPC target naming a DNS resolver of its own, dns://resolver/host:port,
// is read as host:port, its resolver ignored. Only the target forms that
// name one host and port have an origin (contract-model §3 rule 6): the
// resolver decides where this one leads, so the card is advisory for it
// even when its host:port is the card's. The catalog named a resolver only
// in front of another origin's host:port, which it still refused, until
// grpc-named-resolver-own-origin, so it passed every requirement of the
// catalog in both modes.
func grpcResolverAuthority(cfg *refclient.Config) {
	onPlannedCard(cfg, func(card *refclient.Card) (*refclient.Card, error) {
		out := *card
		out.Card.SupportedInterfaces = slices.Clone(card.Card.SupportedInterfaces)
		for i, iface := range out.Card.SupportedInterfaces {
			u, err := url.Parse(iface.URL)
			if err == nil && strings.EqualFold(iface.ProtocolBinding, wire.BindingGRPC) && u.Scheme == "dns" && u.Host != "" {
				out.Card.SupportedInterfaces[i].URL = "dns:///" + strings.TrimPrefix(u.Path, "/")
			}
		}
		return &out, nil
	})
}
