package builtin

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// noExtensionsHeader is adversarial (gallery.go): the reference, but it
// never activates an extension with the A2A-Extensions header (spec
// §14.2.2); it writes the frozen-contract extension's metadata into its
// sends all the same. What the client claims to speak is then in no
// request: a required extension, which it checks it speaks before the
// send, it never tells the agent it uses.
func noExtensionsHeader(cfg *refclient.Config) {
	editA2AHeaders(cfg, func(h http.Header) { h.Del(wire.HeaderExtensions) })
}
