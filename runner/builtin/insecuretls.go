package builtin

import (
	"crypto/tls"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// insecureTLS does not verify the servers it talks to
// (InsecureSkipVerify), so any certificate on the card's address passes for
// the card's origin (breaking rule 6: an origin and a TLS principal mean
// nothing unless the server is verified).
func insecureTLS(cfg *refclient.Config) {
	cfg.UnsafeTLS = func(c *tls.Config) { c.InsecureSkipVerify = true }
}
