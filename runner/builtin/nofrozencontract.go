package builtin

import "github.com/a2a-conform/a2a-conform/runner/refclient"

// noFrozenContract does not speak the optional frozen-contract extension
// (rule 7), as neither official SDK does: it sends no contract hash with
// the task and, having sent none, cannot tell that a later peer message
// implies another contract.
func noFrozenContract(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Protocol = noExtensions{refclient.Reference().Protocol}
}

type noExtensions struct{ refclient.Protocol }

func (noExtensions) SpeaksExtension(string) bool { return false }
