package refclient

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"google.golang.org/grpc/resolver"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Endpoint is where the reference reaches iface of card: a gRPC url read
// as the origin it dials (see grpcEndpoint), any other resolved against
// the card's URL. Clients that judge a card's interfaces by origin read
// them through it.
func Endpoint(card *Card, iface wire.AgentInterface) (*url.URL, error) {
	if bindingOf(iface.ProtocolBinding) == wire.BindingGRPC {
		return grpcEndpoint(iface.URL)
	}
	return card.URL.Parse(iface.URL)
}

// grpcEndpoint reads a gRPC interface url as the https origin it dials,
// which the card must be authoritative for, as for the other bindings. The
// forms that name one host and port:
//   - a target "host:port" (the spec's form, the one the peers serve);
//   - "dns:///host:port" and "passthrough:///host:port", the same target
//     with grpc-go's resolver scheme spelled out;
//   - an https URL (the form of the spec's card sample).
//
// Any other form is not provably the card's origin, and is untrusted:
// a dns target naming its own resolver (dns://resolver/host:port), a socket
// (unix:, unix-abstract:), another resolver, a scheme grpc-go would dial as
// something else, a host without port.
func grpcEndpoint(raw string) (*url.URL, error) {
	hostPort, err := grpcHostPort(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: gRPC interface url %q: %w", ErrUntrustedEndpoint, raw, err)
	}
	return &url.URL{Scheme: "https", Host: hostPort}, nil
}

// grpcHostPort parses raw as grpc-go's NewClient does: a url whose scheme
// is a registered resolver is that resolver's target; anything else is a
// host:port for the default resolver (dns).
func grpcHostPort(raw string) (string, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Scheme == "" || u.Scheme != "https" && resolver.Get(u.Scheme) == nil:
		return hostPort(raw)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
		return "", fmt.Errorf("not a plain %s url", u.Scheme)
	case u.Scheme == "https":
		if u.Host == "" {
			return "", fmt.Errorf("https url without host")
		}
		return u.Host, nil
	case u.Scheme != "dns" && u.Scheme != "passthrough":
		return "", fmt.Errorf("resolver %q names no host and port", u.Scheme)
	case u.Host != "":
		return "", fmt.Errorf("the %s target names its own resolver %q", u.Scheme, u.Host)
	}
	return hostPort(strings.TrimPrefix(u.Path, "/"))
}

// hostPort accepts "host:port" with a host and a numeric port, nothing more.
func hostPort(s string) (string, error) {
	host, port, err := net.SplitHostPort(s)
	if err != nil || host == "" || strings.ContainsAny(host, "/@?#") {
		return "", fmt.Errorf("not host:port")
	}
	if n, err := strconv.ParseUint(port, 10, 16); err != nil || n == 0 {
		return "", fmt.Errorf("port %q", port)
	}
	return s, nil
}
