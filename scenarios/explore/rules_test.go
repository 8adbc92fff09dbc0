package explore

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func variant(p Point, v Validator, signed bool) Variant {
	return Variant{Field: "tenant", Point: p, Validator: v, Binding: wire.BindingJSONRPC, Signed: signed}
}

// Rule by rule: each case names the rule that must decide it.
func TestDeriveRuleByRule(t *testing.T) {
	tests := []struct {
		name      string
		v         Variant
		contract  bool
		mayRefuse bool
		want      Behaviour
		rule      string
		frozen    bool
		honour    bool
	}{
		{"rule 1: a capability change before the send", variant(BeforeSend, ETag, false), false, false, Proceed, "contract-model §3 rule 1", false, false},
		{"rule 1: a capability change mid-task", variant(MidTask, NoValidator, false), false, false, Proceed, "contract-model §3 rule 1", true, true},
		{"rule 2: a contract change before the send, ETag", variant(BeforeSend, ETag, false), true, false, AbortBeforeSend, "contract-model §3 rule 2", false, false},
		{"rule 2: a contract change before the send, Last-Modified", variant(BeforeSend, LastModified, false), true, false, AbortBeforeSend, "contract-model §3 rule 2", false, false},
		{"rule 2 (planning): a contract change between tasks is followed", variant(BetweenTasks, ETag, false), true, false, Proceed, "contract-model §3 rule 2 (planning)", false, false},
		{"rule 2 (planning): on first contact", variant(FirstContact, NoValidator, false), true, false, Proceed, "contract-model §3 rule 2 (planning)", false, false},
		{"rule 2 (planning): a card the client may refuse", variant(BetweenTasks, ETag, false), true, true, FollowOrRefuse, "contract-model §3 rule 2 (planning)", false, false},
		{"rule 3: a contract change mid-task", variant(MidTask, ETag, false), true, false, Proceed, "contract-model §3 rule 3", true, true},
		{"rule 4: no validator before the send", variant(BeforeSend, NoValidator, false), true, false, Proceed, "contract-model §3 rule 4", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := Derive(tc.v, tc.contract, tc.mayRefuse)
			if e.Changed != tc.want || e.Rule != tc.rule || e.Frozen != tc.frozen || e.HonourSend != tc.honour || e.VouchedBySignature {
				t.Errorf("Derive = %+v, want %s by %s, frozen %t, honour %t", e, tc.want, tc.rule, tc.frozen, tc.honour)
			}
		})
	}
}

// Rule 6: a signature only changes who must be trusted, never what the
// contract rules require.
func TestDeriveRule6(t *testing.T) {
	for _, p := range Points() {
		for _, contract := range []bool{false, true} {
			plain, signed := Derive(variant(p, ETag, false), contract, false), Derive(variant(p, ETag, true), contract, false)
			if !signed.VouchedBySignature || signed.Changed != plain.Changed || signed.Rule != plain.Rule {
				t.Errorf("%s, contract %t: signed %+v, unsigned %+v", p, contract, signed, plain)
			}
		}
	}
}
