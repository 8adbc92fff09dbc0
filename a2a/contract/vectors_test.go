package contract

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/fixtures"
)

// The published vectors (fixtures/contract) pin the projection and the
// hash: clients implementing the frozen-contract extension check themselves
// against them, so a change here breaks them too and must be deliberate.
func TestPublishedVectors(t *testing.T) {
	vectors, err := fixtures.ContractVectors()
	if err != nil {
		t.Fatal(err)
	}
	if len(vectors) < 5 {
		t.Fatalf("%d vectors, want at least 5", len(vectors))
	}
	for _, v := range vectors {
		canon, err := Canonical(v.Card, v.Skill)
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		if string(canon) != v.Canonical {
			t.Errorf("%s: canonical projection\n got %s\nwant %s", v.Name, canon, v.Canonical)
		}
		if h, _ := Hash(v.Card, v.Skill); h != v.Hash {
			t.Errorf("%s: hash %s, want %s", v.Name, h, v.Hash)
		}
	}
}
