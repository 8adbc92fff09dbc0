package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// RotateTo puts card version v of peer in force, between two tasks.
func RotateTo(peer string, v int) func(*mockpeer.Farm) error {
	return func(f *mockpeer.Farm) error {
		p := f.Peer(peer)
		if p == nil {
			return fmt.Errorf("scenarios: no peer %q", peer)
		}
		return p.Rotate(v)
	}
}
