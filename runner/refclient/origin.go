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

// Authority decides whether a card is authoritative for an interface url
// (contract model rule 6). A nil error means the client may send there,
// credentials included, over connections presenting the returned principal
// ("" pins nothing: the CA check alone applies); otherwise the error wraps
// ErrUntrustedEndpoint and nothing is sent there.
//
// The reference's authority is rule 6 in full (signed.go): the card's own
// origin, or a valid signature by a key that origin publishes with the
// endpoint presenting the origin's TLS principal, which is then pinned.
type Authority interface {
	Authorize(ctx context.Context, card *Card, endpoint *url.URL) (Principal, error)
}

// AuthorityFunc adapts a function to Authority.
type AuthorityFunc func(ctx context.Context, card *Card, endpoint *url.URL) (Principal, error)

// Authorize calls f.
func (f AuthorityFunc) Authorize(ctx context.Context, card *Card, endpoint *url.URL) (Principal, error) {
	return f(ctx, card, endpoint)
}

// SameOriginAuthority trusts a card only for urls on its own origin,
// signed or not.
var SameOriginAuthority Authority = AuthorityFunc(func(_ context.Context, card *Card, endpoint *url.URL) (Principal, error) {
	if !SameOrigin(card.URL, endpoint) {
		return "", fmt.Errorf("%w: interface on %s, card served by %s", ErrUntrustedEndpoint, OriginOf(endpoint), OriginOf(card.URL))
	}
	return "", nil
})

// anyAuthority trusts every url: the follow-url mutant.
var anyAuthority Authority = AuthorityFunc(func(context.Context, *Card, *url.URL) (Principal, error) { return "", nil })

// maxRedirects bounds redirect chains, as net/http does.
const maxRedirects = 10

// sameOriginRedirects is the CheckRedirect of the reference: a redirect to
// another origin is refused before anything is sent there.
func sameOriginRedirects(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return fmt.Errorf("refclient: stopped after %d redirects", maxRedirects)
	}
	if !SameOrigin(via[0].URL, req.URL) {
		return fmt.Errorf("%w: redirect from %s to %s", ErrUntrustedEndpoint, OriginOf(via[0].URL), OriginOf(req.URL))
	}
	return nil
}

// anyRedirects follows every redirect: the follow-url mutant.
func anyRedirects(_ *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return fmt.Errorf("refclient: stopped after %d redirects", maxRedirects)
	}
	return nil
}
