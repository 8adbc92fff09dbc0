package scenarios

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// rejectedOf maps each rejected-card scenario to the one whose bad card it
// serves twice.
var rejectedOf = map[string]string{
	"rejected-card-not-cached":               "repointed-endpoint",
	"rejected-card-not-cached-bad-signature": "repointed-endpoint-bad-signature",
	"rejected-card-not-cached-version-skew":  "version-skew",
}

// A rejected-card session serves its sibling's bad card for the first two
// tasks, unchanged between them (so a conditional request is answered 304)
// and fresh for longer than any session, then its sibling's honest card:
// only the third task has a change before it, and nothing else differs.
func TestRejectedCardIsServedTwiceThenTheHonestOne(t *testing.T) {
	for id, sibling := range rejectedOf {
		sc, sib := lookup(t, id), lookup(t, sibling)
		if sc.Grants != sib.Grants || len(sc.Peers) != len(sib.Peers) {
			t.Fatalf("%s: grants %+v, %d peers; %s: %+v, %d", id, sc.Grants, len(sc.Peers), sibling, sib.Grants, len(sib.Peers))
		}
		a, sa := sc.Peers[sc.CardPeerIndex()], sib.Peers[sib.CardPeerIndex()]
		if a.Caching != (mockpeer.Caching{CacheControl: longMaxAge}) {
			t.Errorf("%s: caching %+v, want only Cache-Control: %s", id, a.Caching, longMaxAge)
		}
		got, want := cardJSON(t, a), cardJSON(t, sa)
		slices.Reverse(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: cards are not %s's, bad one first", id, sibling)
		}
		if (a.Signing == nil) != (sa.Signing == nil) {
			t.Errorf("%s: signed %t, %s signed %t", id, a.Signing != nil, sibling, sa.Signing != nil)
		}
		tasks := sc.SessionTasks()
		if len(tasks) != 3 || tasks[0].Before != nil || tasks[1].Before != nil || tasks[2].Before == nil {
			t.Errorf("%s: %d tasks, want three, a change before the third alone", id, len(tasks))
		}
		for i := 1; i < len(sc.Peers); i++ {
			if !slices.Equal(cardJSON(t, sc.Peers[i]), cardJSON(t, sib.Peers[i])) || sc.Peers[i].Host != sib.Peers[i].Host {
				t.Errorf("%s: peer %s differs from %s's", id, sc.Peers[i].Name, sibling)
			}
		}
	}
}

// Every rejected-card session ends with a positive control on task 3, at
// the card's own origin.
func TestRejectedCardHasItsControl(t *testing.T) {
	for id := range rejectedOf {
		sc := lookup(t, id)
		var controls []int
		for _, r := range sc.Requirements {
			if r.Control {
				controls = append(controls, r.Task)
			}
		}
		if !slices.Equal(controls, []int{3}) {
			t.Errorf("%s: positive controls on tasks %v, want task 3 alone", id, controls)
		}
	}
}
