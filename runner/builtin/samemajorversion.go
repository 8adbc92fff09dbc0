package builtin

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// sameMajorVersion is adversarial (gallery.go): the reference, but it
// sends A2A 1.0 requests, labelled 1.0, to an interface declaring any 1.x
// version, as a2a-go v2.3.1's same-major fallback does (breaking rule 5:
// spec §3.6 names a version by Major.Minor). 0.3 and 2.0 it refuses like
// the reference, so only a minor version above 1.0 catches it.
func sameMajorVersion(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Protocol = majorOnly{refclient.Reference().Protocol}
}

type majorOnly struct{ refclient.Protocol }

func (majorOnly) SpeaksVersion(v string) bool {
	major, _, _ := strings.Cut(wire.ProtocolVersion, ".")
	return v == major || strings.HasPrefix(v, major+".")
}
