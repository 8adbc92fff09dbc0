package builtin

import (
	"errors"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// guessFromShape is fetch-then-guess's pick (fetchthen.go): the abort
// reason a scenario is likely to expect, read off the card without acting
// on it. A card URL redirecting elsewhere, or an interface url on another
// origin than the card's, says untrusted-endpoint; no interface declaring
// protocol 1.0 says version-unsupported; anything else contract-changed.
func guessFromShape(card *refclient.Card, err error) driver.Reason {
	switch {
	case errors.Is(err, refclient.ErrUntrustedEndpoint):
		return driver.ReasonUntrustedEndpoint
	case err != nil:
		return driver.ReasonContractChanged
	}
	v1 := false
	for _, iface := range card.Card.SupportedInterfaces {
		u, err := refclient.Endpoint(card, iface) // a gRPC target's origin
		if err != nil || !refclient.SameOrigin(card.URL, u) {
			return driver.ReasonUntrustedEndpoint
		}
		v1 = v1 || iface.ProtocolVersion == wire.ProtocolVersion
	}
	if !v1 {
		return driver.ReasonVersionUnsupported
	}
	return driver.ReasonContractChanged
}
