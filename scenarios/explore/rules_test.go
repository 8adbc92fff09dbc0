package explore

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func variant(p Point, v Validator, signed bool) Variant {
	a := Authority{Class: SameOrigin}
	if signed {
		a = Authority{Class: Signed}
	}
	return Variant{Field: "tenant", Point: p, Validator: v, Binding: wire.BindingJSONRPC, Card: PublicCard, Authority: a}
}

func with(v Variant, card Card, a Authority) Variant {
	v.Card, v.Authority = card, a
	return v
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
			e := derive(tc.v, tc.contract, tc.mayRefuse)
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
			plain, signed := derive(variant(p, ETag, false), contract, false), derive(variant(p, ETag, true), contract, false)
			if !signed.VouchedBySignature || signed.Changed != plain.Changed || signed.Rule != plain.Rule {
				t.Errorf("%s, contract %t: signed %+v, unsigned %+v", p, contract, signed, plain)
			}
		}
	}
}

// The extended card has no validators: every look at it is a fetch, so
// rule 4 never spares it, and rule 2 aborts before the send whatever the
// public card's validators (contract model §7 item 4).
func TestDeriveExtendedCard(t *testing.T) {
	same := Authority{Class: SameOrigin}
	for _, val := range Validators() {
		e := derive(with(variant(BeforeSend, val, false), ExtendedCard, same), true, false)
		if e.Changed != AbortBeforeSend || e.HonourSend || e.Rule != "contract-model §3 rule 2 and §7 item 4" {
			t.Errorf("extended, before the send, %s: %+v, want abort before send by rule 2 and §7", val, e)
		}
	}
	if e := derive(with(variant(BetweenTasks, ETag, false), ExtendedCard, same), true, false); e.Changed != Proceed ||
		e.Rule != "contract-model §3 rule 2 (planning); contract-model §7" {
		t.Errorf("extended, between tasks: %+v", e)
	}
	if e := derive(with(variant(MidTask, NoValidator, false), ExtendedCard, same), true, false); e.Changed != Proceed || !e.Frozen || !e.HonourSend {
		t.Errorf("extended, mid-task: %+v, want frozen", e)
	}
}

// Rule 6 for a card that cannot be authoritative: planned on, it is
// refused (between tasks, on first contact); met between the look and the
// send, it is aborted, by either reason; a client that never looked at it
// (rule 4) sends under the card it had. The same origin spelt otherwise
// is the card's own origin: the rules are those of the card as served.
func TestDeriveRule6Untrusted(t *testing.T) {
	for _, a := range []Authority{{Lookalike, "userinfo"}, {Forged, "alg-none"}} {
		for _, tc := range []struct {
			p    Point
			val  Validator
			want Behaviour
			rule string
		}{
			{FirstContact, ETag, RefuseUntrusted, "contract-model §3 rule 6"},
			{BetweenTasks, NoValidator, RefuseUntrusted, "contract-model §3 rule 6"},
			{BeforeSend, LastModified, AbortBeforeSend, "contract-model §3 rule 2 (and rule 6)"},
			{BeforeSend, NoValidator, Proceed, "contract-model §3 rule 4"},
		} {
			e := derive(with(variant(tc.p, tc.val, false), PublicCard, a), true, true)
			if e.Changed != tc.want || e.Rule != tc.rule || !e.Untrusted || e.VouchedBySignature {
				t.Errorf("%s at %s, %s: %+v, want %s by %s", a, tc.p, tc.val, e, tc.want, tc.rule)
			}
		}
		// Even a card whose contract the oracle found unchanged is no
		// capability drift when it is not authoritative.
		if e := derive(with(variant(BetweenTasks, ETag, false), PublicCard, a), false, false); e.Changed != RefuseUntrusted {
			t.Errorf("%s, contract unchanged: %+v", a, e)
		}
	}
	for _, p := range Points() {
		for _, contract := range []bool{false, true} {
			plain := derive(variant(p, ETag, false), contract, false)
			respelt := derive(with(variant(p, ETag, false), PublicCard, Authority{SameOrigin, "padded-port"}), contract, false)
			if plain != respelt {
				t.Errorf("%s, contract %t: respelt %+v, as served %+v", p, contract, respelt, plain)
			}
		}
	}
}

// A card refused by rule 6 is served again and refused again, but for a
// refusal of its time: a key published late vouches for the card at the
// next look.
func TestDeriveRefusedAgain(t *testing.T) {
	for _, tc := range []struct {
		a    Authority
		p    Point
		want bool
	}{
		{Authority{Lookalike, "localhost"}, BetweenTasks, true},
		{Authority{Forged, "alg-none"}, FirstContact, true},
		{Authority{Forged, "late-key"}, BetweenTasks, false},
		{Authority{Lookalike, "localhost"}, BeforeSend, false},
		{Authority{Class: SameOrigin}, BetweenTasks, false},
	} {
		if e := derive(with(variant(tc.p, ETag, false), PublicCard, tc.a), true, false); e.RefusedAgain != tc.want {
			t.Errorf("%s at %s: refused again %t, want %t", tc.a, tc.p, e.RefusedAgain, tc.want)
		}
	}
}

// derive is Derive with the oracle's answer on the contract, the changed
// card usable.
func derive(v Variant, contract, mayRefuse bool) Expectation {
	return Derive(v, Oracle{ContractChanged: contract, MayRefuse: mayRefuse, Usable: true})
}

// Rule 5: a card with no interface of the binding that speaks 1.0 is
// refused when a task is planned on it (between tasks, on first contact),
// and served again refused again; before the send, the contract change
// decides (contract-changed, rule 2); mid-task and without a validator,
// the card is not consulted. A card also not authoritative is refused by
// rule 6 first.
func TestDeriveRule5(t *testing.T) {
	unusable := Oracle{ContractChanged: true, Usable: false}
	for _, tc := range []struct {
		p    Point
		val  Validator
		a    Authority
		want Behaviour
		rule string
	}{
		{BetweenTasks, ETag, Authority{Class: SameOrigin}, RefuseVersion, "contract-model §3 rule 5"},
		{FirstContact, NoValidator, Authority{Class: SameOrigin}, RefuseVersion, "contract-model §3 rule 5"},
		{BetweenTasks, ETag, Authority{Class: Signed}, RefuseVersion, "contract-model §3 rule 5"},
		{BeforeSend, ETag, Authority{Class: SameOrigin}, AbortBeforeSend, "contract-model §3 rule 2"},
		{BeforeSend, NoValidator, Authority{Class: SameOrigin}, Proceed, "contract-model §3 rule 4"},
		{MidTask, ETag, Authority{Class: SameOrigin}, Proceed, "contract-model §3 rule 3"},
		{BetweenTasks, ETag, Authority{Lookalike, "userinfo"}, RefuseUntrusted, "contract-model §3 rule 6 (and rule 5)"},
	} {
		e := Derive(with(variant(tc.p, tc.val, false), PublicCard, tc.a), unusable)
		if e.Changed != tc.want || e.Rule != tc.rule || !e.Unusable {
			t.Errorf("%s %s %s: %+v, want %s by %s", tc.p, tc.val, tc.a, e, tc.want, tc.rule)
		}
		if again := tc.want == RefuseVersion || tc.want == RefuseUntrusted; e.RefusedAgain != again {
			t.Errorf("%s %s %s: refused again %t, want %t", tc.p, tc.val, tc.a, e.RefusedAgain, again)
		}
	}
}

// The authority family's positive controls change no rule: the card moved
// within its origin, listing another origin's interface first, serving
// A2A under a path of its own or renewing its certificate under an
// intermediate CA, is the card on its own origin; a retired key's signature beside a valid one is
// the signed card. Taking the signed binding is judged at MUST too where
// the fixed twin judges it so: a retired key's signature beside the valid
// one, and the extended card signed; not the public card signed alone.
func TestDeriveAuthorityControls(t *testing.T) {
	for _, p := range Points() {
		for _, contract := range []bool{false, true} {
			plain := derive(variant(p, ETag, false), contract, false)
			for _, kind := range []string{ForeignFirst, Redirect, PathPrefixed, RenewedIntermediate} {
				if e := derive(with(variant(p, ETag, false), PublicCard, Authority{SameOrigin, kind}), contract, false); e != plain {
					t.Errorf("%s at %s, contract %t: %+v, on its own origin %+v", kind, p, contract, e, plain)
				}
			}
			signed := derive(variant(p, ETag, true), contract, false)
			retired := derive(with(variant(p, ETag, true), PublicCard, Authority{Signed, RetiredKey}), contract, false)
			if signed.SignedAtMust || !retired.SignedAtMust {
				t.Errorf("%s, contract %t: signed at MUST %t, a retired key beside %t", p, contract, signed.SignedAtMust, retired.SignedAtMust)
			}
			retired.SignedAtMust = false
			if retired != signed {
				t.Errorf("%s, contract %t: a retired key beside %+v, signed %+v", p, contract, retired, signed)
			}
		}
	}
	if e := derive(with(variant(BetweenTasks, ETag, true), ExtendedCard, Authority{Class: Signed}), true, false); !e.SignedAtMust {
		t.Errorf("the extended card signed: %+v, want signed at MUST", e)
	}
}

// The shape of the security requirements changes no rule: which
// alternative's credentials go out is the peer's to admit and XPL-009's to
// judge, never a reason to stop.
func TestDeriveIgnoresSecurityShape(t *testing.T) {
	for _, p := range Points() {
		for _, a := range []Authority{{Class: SameOrigin}, {Class: Signed}, {Lookalike, "userinfo"}, {Forged, "alg-none"}} {
			for _, contract := range []bool{false, true} {
				v := with(variant(p, ETag, false), PublicCard, a)
				plain := derive(v, contract, false)
				for _, sec := range SecurityShapes() {
					v.Security = sec
					if e := derive(v, contract, false); e != plain {
						t.Errorf("%s at %s, %s, contract %t: %+v, with a single scheme %+v", a, p, sec, contract, e, plain)
					}
				}
			}
		}
	}
}
