package builtin

import "github.com/a2a-conform/a2a-conform/runner/refclient"

// ignoreProtocolVersion reads an interface's protocolBinding but not its
// protocolVersion: it sends A2A 1.0 requests to an interface declaring any
// version (breaking rule 5).
func ignoreProtocolVersion(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Protocol = anyVersion{refclient.Reference().Protocol}
}

type anyVersion struct{ refclient.Protocol }

func (anyVersion) SpeaksVersion(string) bool { return true }
