package builtin

import (
	"crypto/tls"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// unpinnedEndpoint is adversarial (gallery.go): the reference, which
// checks a signed card's endpoint's TLS principal with a handshake of its
// own, but then sends over connections pinned to nothing. The client pins
// the principal it checked on every connection of the task, so that the
// endpoint cannot change hands between the check and the send
// (contract-model §6 condition 3). No endpoint of the catalog changed its
// certificate between the two, so it passed every requirement of the
// catalog in both modes until repointed-endpoint-principal-switch.
func unpinnedEndpoint(cfg *refclient.Config) {
	cfg.UnsafeTLS = func(conf *tls.Config) { conf.VerifyConnection = nil }
}
