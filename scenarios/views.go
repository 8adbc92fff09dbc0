package scenarios

import (
	"fmt"
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// inTask judges check on task n of the session alone (its exchanges and
// its outcome).
func inTask(n int, check func(*Evidence) Judgement) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		view := ev.Task(n)
		if view == nil {
			return notApplicable(fmt.Sprintf("the session has no task %d", n))
		}
		return check(view)
	}
}

// controlTask is the positive control of a session: task n, under a
// contract the client holds credentials for, MUST complete. A client that
// aborts whatever happens fails it.
func controlTask(id string, profile Profile, n int, text, ref string) Requirement {
	r := atTask(n, mustComplete(id, text, ref))
	r.Profile = profile
	return r
}

// midTask judges what a client did while its tasks ran. Whatever the
// client sent, and however it sent it, what the requirement forbids fails
// it: a cancel, a card fetch. A pass, though, needs a task the client could
// watch, one the peer did not hold to its end (returnImmediately, a
// stream): a client whose every accepted send was blocking saw its tasks
// only at their end, so a change while they ran was unobservable, and the
// requirement does not apply to it — it is never a pass. One blocking send
// among watched ones excuses nothing: the watched tasks are judged. The
// mode of a send is the peer's reading of it (mockpeer.Exchange.Blocking),
// not a parse of the journaled body.
func midTask(check func(*Evidence) Judgement) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		j := check(ev)
		if j.Verdict != Pass {
			return j
		}
		sends := ev.AcceptedSends()
		if len(sends) == 0 || slices.ContainsFunc(sends, func(ex mockpeer.Exchange) bool { return !ex.Blocking }) {
			return j
		}
		first := sends[0]
		return notApplicable(fmt.Sprintf("the client sent every task with a blocking %s (first #%d), which answers only at the task's end: "+
			"a change while the task ran was unobservable in that mode, and the client did nothing this requirement forbids", first.Op, first.Seq))
	}
}
