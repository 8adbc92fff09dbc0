package builtin

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// exactVersion is adversarial (gallery.go): the reference, but it speaks
// protocolVersion "1.0" as a string, and refuses an interface declaring
// "1.0.1" as another version (aborted / version-unsupported). Spec §3.6
// names a version by Major.Minor and ignores a patch number (rule 5);
// only patch-version-declared's card carries one.
func exactVersion(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Protocol = exactV{refclient.Reference().Protocol}
}

type exactV struct{ refclient.Protocol }

func (exactV) SpeaksVersion(v string) bool { return v == wire.ProtocolVersion }
