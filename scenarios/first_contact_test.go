package scenarios

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// firstContactOf maps each first-contact scenario to the published one it
// turns around, whose ID it is named after ("-first-contact" appended).
// Every scenario of the first-contact family is one, and no other is.
func firstContactOf(t *testing.T) map[string]string {
	t.Helper()
	twins := map[string]string{}
	for _, sc := range Catalog() {
		sibling, twin := strings.CutSuffix(sc.ID, "-first-contact")
		if twin != (sc.Family == FamilyFirstContact) {
			t.Errorf("%s is of family %s: a first-contact scenario is named after its sibling, -first-contact appended", sc.ID, sc.Family)
		}
		if twin {
			twins[sc.ID] = sibling
		}
	}
	if len(twins) == 0 {
		t.Fatal("no first-contact scenario in the catalog")
	}
	return twins
}

func lookup(t *testing.T, id string) *Scenario {
	t.Helper()
	sc, err := Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// cardJSON renders every card version of a peer on the test farm.
func cardJSON(t *testing.T, p mockpeer.PeerSpec) []string {
	t.Helper()
	origins := func(peer string) string { return testOrigins[peer] }
	var out []string
	for _, build := range p.Cards {
		raw, err := json.Marshal(build(origins))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(raw))
	}
	return out
}

// A first-contact scenario is its sibling's farm with nothing added: the
// same peers, grants, signing and cards, only played the other way round
// (the card peer's versions reversed, the redirect ending instead of
// beginning, the impostor from the start). Its requirements are all new.
func TestFirstContactMirrorsItsSibling(t *testing.T) {
	for id, sibling := range firstContactOf(t) {
		fc, sib := lookup(t, id), lookup(t, sibling)
		if fc.Grants != sib.Grants || fc.CardPeerName() != sib.CardPeerName() || len(fc.Peers) != len(sib.Peers) {
			t.Fatalf("%s: grants %+v, card peer %s, %d peers; %s: %+v, %s, %d", id, fc.Grants, fc.CardPeerName(), len(fc.Peers),
				sibling, sib.Grants, sib.CardPeerName(), len(sib.Peers))
		}
		for i, p := range fc.Peers {
			q := sib.Peers[i]
			if p.Name != q.Name || p.Host != q.Host || p.Identity != q.Identity || (p.Signing == nil) != (q.Signing == nil) ||
				p.Signing != nil && !sameSigning(*p.Signing, *q.Signing) {
				t.Errorf("%s peer %s differs from %s's: %+v / %+v", id, p.Name, sibling, p, q)
			}
			want := cardJSON(t, q)
			if p.Name == fc.CardPeerName() && p.Redirect == nil {
				slices.Reverse(want)
			}
			if got := cardJSON(t, p); !slices.Equal(got, want) {
				t.Errorf("%s peer %s serves\n  %s\nwant\n  %s", id, p.Name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
		}
		for _, r := range fc.Requirements {
			if slices.ContainsFunc(sib.Requirements, func(s Requirement) bool { return s.ID == r.ID }) {
				t.Errorf("%s reuses %s of %s: a published requirement never changes", id, r.ID, sibling)
			}
			if !strings.HasPrefix(r.ID, "FIRST-") {
				t.Errorf("%s: requirement %s is not of the first-contact family", id, r.ID)
			}
		}
	}
}

func sameSigning(a, b mockpeer.Signing) bool {
	return slices.Equal(a.Algorithms, b.Algorithms) && a.JKU == b.JKU && a.Publisher == b.Publisher && a.Fault == b.Fault
}

// The session's first card is the bad one and the second the honest one:
// of the routing scenarios, v0 lists no interface on A's origin and v1
// only interfaces there; the redirect answers only under v0; the impostor
// is in place before the first task and gone before the second.
func TestFirstContactServesTheBadCardFirst(t *testing.T) {
	origins := func(peer string) string { return testOrigins[peer] }
	onA := func(url string) bool {
		hostPort := strings.TrimPrefix(testOrigins["A"], "https://")
		return strings.HasPrefix(url, testOrigins["A"]+"/") || url == hostPort
	}
	for id := range firstContactOf(t) {
		sc := lookup(t, id)
		a := sc.Peers[sc.CardPeerIndex()]
		tasks := sc.SessionTasks()
		if len(tasks) != 2 || tasks[1].Before == nil {
			t.Fatalf("%s: %d tasks; want two, the farm changed before the second", id, len(tasks))
		}
		switch {
		case id == "impostor-certificate-first-contact":
			if tasks[0].Before == nil {
				t.Errorf("%s: nothing changes the farm before the first task: the impostor is not in place", id)
			}
			continue
		case a.Redirect != nil:
			if rd := *a.Redirect; rd.FromVersion != 0 || rd.UntilVersion != 1 {
				t.Errorf("%s: redirect from v%d until v%d, want on v0 only", id, rd.FromVersion, rd.UntilVersion)
			}
			continue
		}
		for v, want := range []bool{false, true} {
			for _, iface := range a.Cards[v](origins).SupportedInterfaces {
				if onA(iface.URL) != want {
					t.Errorf("%s v%d lists %q: on A %v, want %v", id, v, iface.URL, !want, want)
				}
			}
		}
	}
}

// firstContactSession is a two-task session: task 1's exchanges, then
// task 2's, with the outcomes given.
func firstContactSession(task1 []journal.Exchange, out1 driver.Outcome, task2 []journal.Exchange, out2 driver.Outcome) *Evidence {
	ev := journalOf(slices.Concat(task1, task2)...)
	n := int64(len(task1))
	ev.Tasks = []ClientRun{
		{Task: 1, FirstSeq: 1, LastSeq: n, TaskEnd: driver.TaskEnd{Outcome: &out1}},
		{Task: 2, FirstSeq: n + 1, LastSeq: n + int64(len(task2)), TaskEnd: driver.TaskEnd{Outcome: &out2}},
	}
	ev.Client = ev.Tasks[1]
	return ev
}

// verdictsOf judges ev against every requirement of sc.
func verdictsOf(sc *Scenario, ev *Evidence) map[string]verdict.Verdict {
	out := map[string]verdict.Verdict{}
	for _, r := range sc.AllRequirements() {
		out[r.ID] = r.Judge(ev).Verdict
	}
	return out
}

var (
	untrustedOutcome = driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}
	completedTask2   = driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-2"}
)

// The first task is judged on its own card: refusing B there and
// completing at A after passes everything; trusting the first card (B
// gets the task and the token, and the honest card is then refused as a
// change) fails every requirement of the scenario; refusing both fails the
// positive control.
func TestFirstContactJudgesTheFirstCardOnItsOwn(t *testing.T) {
	sc := lookup(t, "repointed-endpoint-first-contact")
	honestTask2 := []journal.Exchange{fetch("A", underVersion(1)), fetch("A", underVersion(1)),
		send("A", underVersion(1), presenting(journal.CredBearer), after("TASK_STATE_COMPLETED"), taskID("task-2"))}
	refusing := verdictsOf(sc, firstContactSession([]journal.Exchange{fetch("A")}, untrustedOutcome, honestTask2, completedTask2))
	for id, v := range refusing {
		if v != verdict.Pass && v != verdict.NotApplicable {
			t.Errorf("a client judging each card on its own: %s is %s", id, v)
		}
	}
	for _, id := range []string{"FIRST-001", "FIRST-002", "FIRST-003", "FIRST-004"} {
		if refusing[id] != verdict.Pass {
			t.Errorf("a client judging each card on its own: %s is %s, want pass", id, refusing[id])
		}
	}

	trustingFirst := verdictsOf(sc, firstContactSession(
		[]journal.Exchange{fetch("A"), send("B", presenting(journal.CredBearer), after("TASK_STATE_COMPLETED"))},
		driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"},
		[]journal.Exchange{fetch("A", underVersion(1))}, untrustedOutcome))
	for _, id := range []string{"FIRST-001", "FIRST-002", "FIRST-003", "FIRST-004"} {
		if trustingFirst[id] != verdict.Fail {
			t.Errorf("a client trusting its first card: %s is %s, want fail", id, trustingFirst[id])
		}
	}

	refusingBoth := verdictsOf(sc, firstContactSession([]journal.Exchange{fetch("A")}, untrustedOutcome,
		[]journal.Exchange{fetch("A", underVersion(1))}, untrustedOutcome))
	if refusingBoth["FIRST-003"] != verdict.Pass || refusingBoth["FIRST-004"] != verdict.Fail {
		t.Errorf("a client refusing both cards: FIRST-003 %s, FIRST-004 %s; want pass, fail", refusingBoth["FIRST-003"], refusingBoth["FIRST-004"])
	}

	// The words alone: no card was served in the first task.
	silent := verdictsOf(sc, firstContactSession(nil, untrustedOutcome, honestTask2, completedTask2))
	if silent["FIRST-003"] != verdict.Fail {
		t.Errorf("an abort without a card served in the first task: FIRST-003 is %s, want fail", silent["FIRST-003"])
	}
}

// The impostor of the first task is judged in the first task: a refused
// handshake there and a completed task after pass; a client that pins the
// first certificate it meets talks to the impostor, then refuses the
// genuine peer, and fails all four.
func TestImpostorFirstContactJudgesTheFirstTask(t *testing.T) {
	sc := lookup(t, "impostor-certificate-first-contact")
	refusedThenDone := verdictsOf(sc, firstContactSession([]journal.Exchange{refusedHandshake("A")},
		driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTransportError},
		[]journal.Exchange{fetch("A"), fetch("A"), send("A", presenting(journal.CredBearer), after("TASK_STATE_COMPLETED"), taskID("task-2"))},
		completedTask2))
	for _, id := range []string{"FIRST-029", "FIRST-030", "FIRST-031", "FIRST-032"} {
		if refusedThenDone[id] != verdict.Pass {
			t.Errorf("a client refusing the impostor it met first: %s is %s, want pass", id, refusedThenDone[id])
		}
	}
	pinnedFirst := verdictsOf(sc, firstContactSession(
		[]journal.Exchange{fetch("A", presenting()), send("A", presenting(journal.CredBearer), after("TASK_STATE_COMPLETED"))},
		driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"},
		[]journal.Exchange{refusedHandshake("A")}, driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTransportError}))
	for _, id := range []string{"FIRST-029", "FIRST-030", "FIRST-031", "FIRST-032"} {
		if pinnedFirst[id] != verdict.Fail {
			t.Errorf("a client pinning the first certificate it met: %s is %s, want fail", id, pinnedFirst[id])
		}
	}
}
