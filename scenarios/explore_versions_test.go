package scenarios

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The interface a 1.0 client must use: the first of its binding that
// declares 1.0, skipping a 0.3 one listed first; none on a 1.1 card.
func TestFirstUsable(t *testing.T) {
	card := FieldCard("A", "A", wire.BindingJSONRPC)
	for _, tc := range []struct {
		name   string
		card   mockpeer.CardBuilder
		tenant string
		ok     bool
	}{
		{"the binding twice: the first", card, "", true},
		{"a 0.3 interface listed first: skipped", LegacyFirst(card), "", true},
		{"the first entry another version: the secondary", card.InterfaceProtocolVersion(0, "2.0"), secondaryTenant, true},
		{"every interface 1.1: none", SpeakingMinor(LegacyFirst(card)), "", false},
		{"every interface 1.0.1: the first", DeclaringPatch(card), "", true},
		{"another origin's interface listed first: skipped", ForeignFirst(card.InterfaceTenant(0, "blue"), "F", wire.BindingJSONRPC), "blue", true},
	} {
		got, ok := FirstUsable(tc.card.Build(standInOrigins), wire.BindingJSONRPC, "F")
		if ok != tc.ok || ok && got.Tenant != tc.tenant {
			t.Errorf("%s: %+v %t, want tenant %q %t", tc.name, got, ok, tc.tenant, tc.ok)
		}
	}
	if _, ok := FirstUsable(card.Build(standInOrigins), wire.BindingGRPC); ok {
		t.Error("a binding the card does not list has a usable interface")
	}
}

// DeclaringPatch adds a patch number to 1.0 only: an interface of another
// version keeps its own.
func TestDeclaringPatch(t *testing.T) {
	card := DeclaringPatch(FieldCard("A", "A", wire.BindingJSONRPC).InterfaceProtocolVersion(0, "2.0")).Build(standInOrigins)
	if got := []string{card.SupportedInterfaces[0].ProtocolVersion, card.SupportedInterfaces[1].ProtocolVersion}; got[0] != "2.0" ||
		got[1] != patchVersion {
		t.Errorf("versions %v, want 2.0 kept and 1.0 as %s", got, patchVersion)
	}
}

// PickedFirstUsable judges each task against the card it is planned on,
// the extended card's fetch against the public card.
func TestPickedFirstUsable(t *testing.T) {
	legacy := LegacyFirst(FieldCard("A", "A", wire.BindingJSONRPC)).Build
	plans := map[int]TaskPlan{1: {Card: legacy}}
	check := PickedFirstUsable(plans)
	for _, tc := range []struct {
		name string
		ev   *Evidence
		want verdict.Verdict
	}{
		{"the first 1.0 interface, labelled", journalOf(fetch("A"), send("A"), call("A", wire.MethodGetTask)), verdict.Pass},
		{"the 0.3 interface's tenant", journalOf(fetch("A"), send("A", underTenant(tenantLegacy))), verdict.Fail},
		{"the later entry of the binding", journalOf(fetch("A"), send("A", underTenant(secondaryTenant))), verdict.Fail},
		{"unlabelled: a 0.3 request", journalOf(fetch("A"), send("A", a2aVersion(""))), verdict.Fail},
		{"nothing sent", journalOf(fetch("A")), verdict.NotApplicable},
	} {
		if got := check(tc.ev); got.Verdict != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, describe(got), tc.want)
		}
	}
	foreign := PickedFirstUsable(map[int]TaskPlan{1: {Card: ForeignFirst(FieldCard("A", "A", wire.BindingJSONRPC), "F",
		wire.BindingJSONRPC).Build, Advisory: []string{"F"}}})
	if got := foreign(journalOf(fetch("A"), send("A"))); got.Verdict != verdict.Pass {
		t.Errorf("the card's own interface, another origin's listed first: %s", describe(got))
	}
	if got := foreign(journalOf(fetch("A"), send("F"))); got.Verdict != verdict.Fail {
		t.Errorf("a send to the other origin's interface listed first, its tenant the same: %s", describe(got))
	}
	extended := PickedFirstUsable(map[int]TaskPlan{1: {Card: SpeakingMinor(FieldCard("A", "A", wire.BindingJSONRPC)).Build,
		Public: FieldCard("A", "A", wire.BindingJSONRPC).Build}})
	if got := extended(journalOf(fetch("A"), call("A", wire.MethodGetExtendedAgentCard))); got.Verdict != verdict.Pass {
		t.Errorf("the extended card's fetch over the public card: %s", describe(got))
	}
	if got := extended(journalOf(fetch("A"), call("A", wire.MethodGetExtendedAgentCard), send("A"))); got.Verdict != verdict.Fail {
		t.Errorf("a send to an extended card that speaks only 1.1: %s", describe(got))
	}
}

// A refused 1.1 card gets no A2A request but the extended card's fetch.
func TestRefusedVersion(t *testing.T) {
	check := RefusedVersion(Change{Peer: "A", From: 0, To: 1}, driver.ReasonVersionUnsupported)
	refused := func(exs ...journal.Exchange) *Evidence {
		return reporting(driver.OutcomeAborted, driver.ReasonVersionUnsupported, append([]journal.Exchange{fetch("A", underVersion(1))}, exs...)...)
	}
	for _, tc := range []struct {
		name string
		ev   *Evidence
		want verdict.Verdict
	}{
		{"refused unsent", refused(), verdict.Pass},
		{"the extended card fetched, then refused", refused(call("A", wire.MethodGetExtendedAgentCard)), verdict.Pass},
		{"a poll labelled 1.0 to the 1.1 card", refused(call("A", wire.MethodGetTask, underVersion(1))), verdict.Fail},
	} {
		if got := check(tc.ev); got.Verdict != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, describe(got), tc.want)
		}
	}
}

// Past the TTL: a client that sent B anything before must show the
// attestation made again; one that never trusted B refuses it again.
func TestExpiryRefused(t *testing.T) {
	principal := Expiries()[0]
	session := func(earlier []journal.Exchange, task ...journal.Exchange) *Evidence {
		ev := reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, append(earlier, task...)...)
		first := ClientRun{FirstSeq: 1, LastSeq: int64(len(earlier))}
		last := ev.Client
		last.FirstSeq, last.LastSeq = int64(len(earlier)+1), int64(len(earlier)+len(task))
		ev.Tasks = []ClientRun{first, last}
		return ev.Task(2)
	}
	trusted := []journal.Exchange{fetch("A"), send("B")}
	for _, tc := range []struct {
		name string
		ev   *Evidence
		want verdict.Verdict
	}{
		{"trusted before, attested again", session(trusted, fetch("A"), connection("B", journal.HandshakeComplete, 0)), verdict.Pass},
		{"trusted before, refused from memory", session(trusted, fetch("A")), verdict.Fail},
		{"never trusted, refused again", session([]journal.Exchange{fetch("A")}, fetch("A")), verdict.Pass},
		{"the task sent to B", session(trusted, fetch("A"), send("B")), verdict.Fail},
	} {
		if got := principal.Refused("A", "B")(tc.ev); got.Verdict != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, describe(got), tc.want)
		}
	}
}
