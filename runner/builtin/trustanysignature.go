package builtin

import "github.com/a2a-conform/a2a-conform/runner/refclient"

// trustAnySignature takes any signature that verifies somehow: with a key
// from wherever the signature's jku points or the key its header embeds,
// fetched again until its kid shows up, under alg none or an HMAC keyed
// with the published key, past a crit it does not understand, over the
// card's bytes as served. Any card its attacker signs is then
// authoritative for another origin (breaking rule 6: the key must be one
// the card's origin publishes, used as the spec says). The gallery clients
// of signatureclients.go make one of these cheats each.
func trustAnySignature(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(keysFromAnywhere)
	cfg.UnsafeDecisions.Signatures = laxSignatures{
		embeddedKey: true, weakAlgs: true, ignoreCrit: true, asServed: true, refetchKeys: true,
	}
}
