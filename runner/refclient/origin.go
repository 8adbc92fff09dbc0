package refclient

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Origin is an RFC 6454 origin: scheme, host and port, the port always
// explicit so that https://a and https://a:443 compare equal.
type Origin struct {
	Scheme, Host, Port string
}

// OriginOf returns the origin of an absolute URL.
func OriginOf(u *url.URL) Origin {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "https":
			port = "443"
		case "http":
			port = "80"
		}
	}
	return Origin{Scheme: scheme, Host: strings.ToLower(u.Hostname()), Port: port}
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
