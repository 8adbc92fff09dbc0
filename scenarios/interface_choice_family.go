package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// Which interface a client picks. Spec §8.3.2: select the first supported
// interface, prefer earlier entries, and name the entry's tenant in every
// request. Both cards list every interface on the card's own origin, each
// twice per binding on the same url, told apart by their tenants (which
// the peer journals, and whose interface it enforces: a 1.0 request under
// a 0.3 interface's tenant is refused). Nothing about authority is at
// stake: only the choice among interfaces the card is authoritative for.

// Tenants of the two interfaces per binding.
const (
	tenantLegacy  = "legacy"
	tenantCurrent = "current"
	tenantFirst   = "first"
	tenantSecond  = "second"
)

// twoPerBinding is bearerCard with each of its three interfaces (JSON-RPC,
// HTTP+JSON, gRPC) named first, then each again as second: six interfaces,
// the first three first.
func twoPerBinding(peer, first, second string) mockpeer.CardBuilder {
	b := bearerCard(peer)
	for i := range 3 {
		b = b.InterfaceTenant(i, first)
	}
	for i := range 3 {
		b = b.AddInterface(i, second)
	}
	return b
}
