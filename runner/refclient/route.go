package refclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// bindingOf returns the binding name this client speaks, or "".
func bindingOf(b string) string {
	for _, known := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC} {
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
	spoken, bindings := 0, 0
	for _, iface := range ifaces {
		binding := bindingOf(iface.ProtocolBinding)
		if binding != "" {
			bindings++
		}
		if binding == "" || !c.decide.Protocol.SpeaksVersion(iface.ProtocolVersion) {
			continue
		}
		spoken++
		endpoint, err := Endpoint(card, iface)
		if binding == wire.BindingGRPC && err != nil {
			refused = errors.Join(refused, err)
			continue
		}
		if err != nil || (endpoint.Scheme != "https" && endpoint.Scheme != "http") {
			refused = errors.Join(refused, malformed(opCard, fmt.Errorf("interface url %q", iface.URL)))
			continue
		}
		pin, err := c.authorize(ctx, card, endpoint)
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
		unsupported := ErrVersionUnsupported
		if bindings == 0 {
			unsupported = ErrBindingUnsupported
		}
		return wire.AgentInterface{}, nil, "", fmt.Errorf("%w: card offers %s", unsupported, strings.Join(offered, ", "))
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

// Origin is an RFC 6454 origin: scheme, host and port, the port always
// explicit so that https://a and https://a:443 compare equal.
type Origin struct {
	Scheme, Host, Port string
}

// OriginOf returns the origin of an absolute URL, as RFC 6454 §4 computes
// it from the parsed URL: userinfo and path are not part of it; the scheme
// and host are compared lower-cased, an IP literal in its canonical form
// (so [0:0::1] is [::1], but an IPv4-mapped address stays IPv6, not the
// IPv4 address it maps), and the port as the number it is (:08443 is :8443,
// no port is the scheme's default). A host with a trailing dot is another
// host: "localhost." is not "localhost".
func OriginOf(u *url.URL) Origin {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if n, err := strconv.ParseUint(port, 10, 16); err == nil {
		port = strconv.FormatUint(n, 10)
	}
	if port == "" {
		switch scheme {
		case "https":
			port = "443"
		case "http":
			port = "80"
		}
	}
	host := strings.ToLower(u.Hostname())
	if ip, err := netip.ParseAddr(host); err == nil {
		host = ip.String()
	}
	return Origin{Scheme: scheme, Host: host, Port: port}
}

// String renders the origin as scheme://host:port.
func (o Origin) String() string {
	return o.Scheme + "://" + net.JoinHostPort(o.Host, o.Port)
}

// SameOrigin reports whether a and b share scheme, host and port.
func SameOrigin(a, b *url.URL) bool { return OriginOf(a) == OriginOf(b) }

// authority decides whether a card is authoritative for an interface url
// (contract model rule 6). A nil error means the client may send there,
// credentials included, over connections presenting the returned principal
// ("" pins nothing: the CA check alone applies); otherwise the error wraps
// ErrUntrustedEndpoint and nothing is sent there. The client's is
// signedAuthority (signed.go); tests replace it to force a principal.
type authority interface {
	Authorize(ctx context.Context, card *Card, endpoint *url.URL) (Principal, error)
}

// authorize is the authority's word on endpoint, but for an extended card
// the ExtendedCards decision vouches for (the reference vouches for none).
func (c *Client) authorize(ctx context.Context, card *Card, endpoint *url.URL) (Principal, error) {
	if card.Public != nil && c.decide.Extended.Vouches(card) {
		return "", nil
	}
	return c.authority.Authorize(ctx, card, endpoint)
}

// maxRedirects bounds redirect chains, as net/http does.
const maxRedirects = 10

// checkRedirect is the CheckRedirect of every request: a redirect to
// another origin than the one first asked is refused before anything is
// sent there, unless the origin gate counts it as the same.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return fmt.Errorf("refclient: stopped after %d redirects", maxRedirects)
	}
	if !c.decide.Origins.SameOrigin(ReachRedirect, via[0].URL, req.URL) {
		return fmt.Errorf("%w: redirect from %s to %s", ErrUntrustedEndpoint, OriginOf(via[0].URL), OriginOf(req.URL))
	}
	return nil
}
