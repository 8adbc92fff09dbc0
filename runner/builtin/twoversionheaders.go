package builtin

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// twoVersionHeaders is adversarial (gallery.go): the reference, but every
// A2A request carries a second A2A-Version line, 0.3, after its 1.0: the
// version it speaks is left to whichever line the server (or a proxy on
// the way) reads. Spec §3.6 gives a request one version.
func twoVersionHeaders(cfg *refclient.Config) {
	editA2AHeaders(cfg, func(h http.Header) { h.Add(wire.HeaderVersion, "0.3") })
}
