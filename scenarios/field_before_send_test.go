package scenarios

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/contract"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// sameContract makes A's version 1 share version 0's contract, as a
// capability change does.
func sameContract(ev *Evidence) *Evidence {
	ev.Cards["A"][1].ContractHash = ev.Cards["A"][0].ContractHash
	return ev
}

func fieldBeforeSendCases() []checkCase {
	servedChanged := fetch("A", underVersion(1))
	sentUnderChange := journalOf(fetch("A"), send("A", underVersion(1)))
	return []checkCase{
		{"contract changed: aborted before the send, having seen the change",
			reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"), servedChanged), passed()},
		{"contract changed: sent under the changed card",
			withClient(sentUnderChange, func(c *ClientRun) {
				c.Outcome, c.OutcomeProblem = &driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonContractChanged}, ""
			}),
			failed("abort before send: no task-creating request once the contract changed",
				"SendMessage at #2 under card version 1, whose contract differs from version 0", 2)},
		{"contract changed: canceled after all",
			reporting(driver.OutcomeAborted, driver.ReasonContractChanged, servedChanged, call("A", wire.MethodCancelTask)),
			failed("no CancelTask request", "1 CancelTask request(s), first at #2", 2)},
		{"contract changed: aborted without having seen the change",
			reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A")),
			failed("an outcome the journal supports: aborted/contract-changed",
				"no card with a changed contract was served to the client before it gave up", 1)},
		{"contract changed, by the derivation, but the cards served share a contract",
			sameContract(reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"), servedChanged)),
			verdict.Judgement{Verdict: verdict.Error, Reason: "the scenario derived that card versions 0 and 1 of peer A differ in contract: true, " +
				"but the cards served say false: the derivation does not hold for this play"}},
	}
}

// A capability change: the same check, derived the other way, wants the
// task sent and completed.
func TestFieldBeforeSendWantsCompletionWhenTheHashesAgree(t *testing.T) {
	proceed := fieldBeforeSend("A", 1, false)
	completedRun := []journal.Exchange{fetch("A"), send("A"), call("A", wire.MethodGetTask, after(wire.TaskStateCompleted))}
	cases := []checkCase{
		{"sent and completed", sameContract(reporting(driver.OutcomeCompleted, "", completedRun...)), passed()},
		{"canceled", sameContract(reporting(driver.OutcomeCompleted, "", append(completedRun, call("A", wire.MethodCancelTask))...)),
			failed("no CancelTask request", "1 CancelTask request(s), first at #4", 4)},
		{"aborted", sameContract(reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"))),
			failed("completed", "aborted/contract-changed")},
		{"the cards served differ in contract", reporting(driver.OutcomeCompleted, "", completedRun...),
			verdict.Judgement{Verdict: verdict.Error, Reason: "the scenario derived that card versions 0 and 1 of peer A differ in contract: false, " +
				"but the cards served say true: the derivation does not hold for this play"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := proceed(c.ev); !sameJudgement(got, c.want) {
				t.Errorf("judgement\n got %s\nwant %s", describe(got), describe(c.want))
			}
		})
	}
	if j := fieldBeforeSend("A", 5, true)(journalOf()); j.Verdict != verdict.Error {
		t.Errorf("a version the farm did not record: %s, want an error", describe(j))
	}
}

// layouts are the interface layouts the field table is used with: the
// fixed catalog's (all three bindings) and each binding alone (explore).
var layouts = [][]string{
	{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC},
	{wire.BindingJSONRPC}, {wire.BindingHTTPJSON}, {wire.BindingGRPC},
}

// The table's kinds are the projection's: a contract field's change
// changes the contract hash, a capability field's does not, in every
// layout; and a contract field's change changes exactly one member of the
// projection.
func TestFieldTableAgreesWithTheProjection(t *testing.T) {
	for _, bindings := range layouts {
		base := FieldCard("A", "A", bindings...)
		for _, f := range Fields() {
			t.Run(fmt.Sprint(bindings, "/", f.ID), func(t *testing.T) {
				changed := f.Change(base, bindings)
				if got := ContractChanges(base.Build, changed.Build, skillSummarize); got != (f.Kind == ContractField) {
					t.Fatalf("kind %s, but the contract hashes differ: %t", f.Kind, got)
				}
				if f.Kind == ContractField {
					if diff := projectionDiff(t, base.Build, changed.Build); len(diff) != 1 {
						t.Errorf("the change alters projection members %v, want exactly one", diff)
					}
				}
			})
		}
	}
	ids := map[string]bool{}
	for _, f := range Fields() {
		if ids[f.ID] || f.What == "" || f.Change == nil {
			t.Errorf("field %q: duplicate, or no description or change", f.ID)
		}
		ids[f.ID] = true
	}
}

// projectionDiff names the members of the contract projection (an
// interface member as supportedInterfaces[i].member) that differ.
func projectionDiff(t *testing.T, a, b mockpeer.CardFunc) []string {
	t.Helper()
	project := func(card mockpeer.CardFunc) map[string]any {
		raw, _ := json.Marshal(card(standInOrigins))
		p, err := contract.Project(raw, skillSummarize)
		if err != nil {
			t.Fatal(err)
		}
		round, _ := json.Marshal(p)
		var out map[string]any
		_ = json.Unmarshal(round, &out)
		return out
	}
	pa, pb := project(a), project(b)
	var diff []string
	for k := range pa {
		if reflect.DeepEqual(pa[k], pb[k]) {
			continue
		}
		ia, oka := pa[k].([]any)
		ib, okb := pb[k].([]any)
		if k != "supportedInterfaces" || !oka || !okb || len(ia) != len(ib) {
			diff = append(diff, k)
			continue
		}
		if sameMembers(ia, ib) { // the same interfaces in another order: one change, the order
			diff = append(diff, k+" order")
			continue
		}
		for i := range ia {
			ma, mb := ia[i].(map[string]any), ib[i].(map[string]any)
			for m := range ma {
				if !reflect.DeepEqual(ma[m], mb[m]) {
					diff = append(diff, fmt.Sprintf("%s[%d].%s", k, i, m))
				}
			}
		}
	}
	slices.Sort(diff)
	return diff
}

// sameMembers: a and b hold the same values, in any order.
func sameMembers(a, b []any) bool {
	key := func(list []any) []string {
		var out []string
		for _, v := range list {
			raw, _ := json.Marshal(v)
			out = append(out, string(raw))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// Each field requirement's text says what its check judges: abort when the
// contract hashes of the field card and its change differ, send and
// complete when they agree. The text is written out beside its ID, and the
// hashes decide the check, so the two are held together here; an ID's
// number is its task's.
func TestFieldRequirementTextsSayTheirJudgement(t *testing.T) {
	for id, table := range map[string][]fieldRequirement{
		"contract-field-before-send": contractFieldRequirements, "capability-field-before-send": capabilityFieldRequirements,
		"unlisted-field-before-send": unlistedFieldRequirements,
	} {
		sc := lookup(t, id)
		cards := sc.Peers[0].Cards
		for k, r := range table {
			f, _ := LookupField(r.field)
			v, task := k+1, k+2
			if want := fieldBeforeSendText(f, task, ContractChanges(cards[0], cards[v], skillSummarize)); r.text != want {
				t.Errorf("%s %s (%s): text\n  %q\nwant\n  %q", id, r.id, r.field, r.text, want)
			}
			if !strings.HasSuffix(r.id, fmt.Sprintf("-%03d", task)) {
				t.Errorf("%s %s judges task %d: its number is not its task's", id, r.id, task)
			}
		}
	}
}

// fieldBeforeSendText is the text a field requirement of task says.
func fieldBeforeSendText(f Field, task int, differs bool) string {
	if differs {
		return fmt.Sprintf("The client MUST abort task %d before its send when %s changes between its look at the card and its send "+
			"(the contract hashes differ): no task-creating request under the changed card, no CancelTask, and aborted/contract-changed.",
			task, f.What)
	}
	return fmt.Sprintf("The client MUST send task %d and complete it, never canceling it, when only %s changes between its look "+
		"at the card and its send (the contract hashes are equal).", task, f.What)
}

// The fields in neither of contract-model §1's lists change the card as
// served, never its contract hash, on the field card of every layout and
// on the extended card of the generated catalog (which advertises itself
// already); and unlisted-field-before-send plays each of them, so that a
// client taking every field it does not know to be capability for
// contract (denylist-contract) has one to abort on.
func TestUnlistedFieldsChangeTheCardNotItsContract(t *testing.T) {
	unlisted := unlistedFields()
	if len(unlisted) < 5 {
		t.Fatalf("%d unlisted fields", len(unlisted))
	}
	for _, bindings := range layouts {
		for _, extended := range []bool{false, true} {
			base := FieldCard("A", "A", bindings...)
			if extended {
				base = AdvertisingExtended(base)
			}
			for _, f := range unlisted {
				t.Run(fmt.Sprint(bindings, "/extended=", extended, "/", f.ID), func(t *testing.T) {
					if f.Kind != CapabilityField {
						t.Fatalf("kind %s: a field outside the projection is capability (§1: everything else)", f.Kind)
					}
					was, _ := json.Marshal(base.Build(standInOrigins))
					changed, _ := json.Marshal(f.Change(base, bindings).Build(standInOrigins))
					if string(was) == string(changed) {
						t.Fatal("the change leaves the card as it was")
					}
					h0, err0 := contract.Hash(was, skillSummarize)
					h1, err1 := contract.Hash(changed, skillSummarize)
					if err0 != nil || err1 != nil || h0 != h1 {
						t.Errorf("contract hash %s → %s (%v, %v), want it unchanged", h0, h1, err0, err1)
					}
				})
			}
		}
	}
	var played []string
	for _, r := range unlistedFieldRequirements {
		played = append(played, r.field)
	}
	for _, f := range unlisted {
		if !slices.Contains(played, f.ID) {
			t.Errorf("unlisted-field-before-send does not play %s", f.ID)
		}
	}
}
