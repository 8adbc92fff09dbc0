package builtin

import "github.com/a2a-conform/a2a-conform/runner/refclient"

// claimEveryExtension is adversarial (gallery.go): the reference, but it
// takes itself to speak every extension a card declares, required or
// not, and activates them all, so no card is ever refused for an
// extension. A client that does not speak an extension the card requires
// sends nothing and reports extension-unsupported (A2A v1.0 spec §4.6,
// docs/driver-contract.md). The only extension any card of the catalog
// required was the frozen-contract one, which the reference speaks, so it
// passed every requirement of the catalog in both modes until
// unknown-extension-required.
func claimEveryExtension(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Protocol = allExtensions{refclient.Reference().Protocol}
}

// allExtensions is the reference's protocol decisions, every extension
// spoken.
type allExtensions struct{ refclient.Protocol }

func (allExtensions) SpeaksExtension(string) bool { return true }
