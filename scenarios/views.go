package scenarios

import (
	"fmt"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// inTask judges check on task n of the session alone (its exchanges and
// its outcome).
func inTask(n int, check func(*Evidence) verdict.Judgement) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
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
func controlTask(id string, profile verdict.Profile, n int, text, ref string) Requirement {
	return inProfile(profile, atTask(n, mustComplete(id, text, ref)))
}

// midTask judges what a client did while its tasks ran. Whatever the
// client sent, and however it sent it, what the requirement forbids fails
// it: a cancel, a card fetch. A pass, though, needs a task the client
// watched across the change (watchedAcross): one it asked about while it
// ran under the changed card, and was answered at once. A client whose
// every accepted send was blocking saw its tasks only at their end; one
// whose watched tasks all started after the change (or ended before it),
// or that asked only in ways the peer held to the task's end (a blocking
// follow-up SendMessage), never faced it. The requirement does not apply
// to either: it is never a pass. One blocking send among watched ones
// excuses nothing: the watched tasks are judged. The mode of a send, and
// what each answer showed, are the peer's record of them
// (journal.Exchange.Blocking, RunningShown), not a parse of the journaled
// bodies.
func midTask(check func(*Evidence) verdict.Judgement) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		j := check(ev)
		if j.Verdict != verdict.Pass {
			return j
		}
		sends := ev.AcceptedSends()
		blocking, watched := splitBlocking(sends)
		if slices.ContainsFunc(watched, ev.watchedAcross) {
			return j
		}
		switch {
		case len(sends) == 0:
			return notApplicable("the client had no task accepted: no task ran for a change of the card to meet, " +
				"and the client did nothing this requirement forbids")
		case len(watched) == 0:
			first := blocking[0]
			return notApplicable(fmt.Sprintf("the client sent every task with a blocking %s (first #%d), which answers only at the task's end: "+
				"a change while the task ran was unobservable in that mode, and the client did nothing this requirement forbids", first.Op, first.Seq))
		}
		first := watched[0]
		reason := fmt.Sprintf("no task the client watched ran across the card's change: it was never shown a task it sent without blocking "+
			"(first #%d, a %s under card version %d) running while another card version was in force, "+
			"by a poll answered at once or a stream event", first.Seq, first.Op, first.CardVersion)
		if len(blocking) > 0 {
			reason += fmt.Sprintf(", and its blocking %s (first #%d) answers only at the task's end", blocking[0].Op, blocking[0].Seq)
		}
		return notApplicable(reason + ": the client never faced the change in a mode that could observe it, and did nothing this requirement forbids")
	}
}

// splitBlocking parts sends into those the peer held to the task's end
// and the others, each in journal order.
func splitBlocking(sends []journal.Exchange) (blocking, watched []journal.Exchange) {
	for _, s := range sends {
		if s.Blocking {
			blocking = append(blocking, s)
		} else {
			watched = append(watched, s)
		}
	}
	return blocking, watched
}

// watchedAcross: after send, the client asked the peer about its task in
// a way the peer answers at once, a poll (GetTask) or a stream
// (SendStreamingMessage, SubscribeToTask, whose events go out as they
// happen), and the answer showed the task running while another card
// version was in force than the send arrived under
// (journal.Exchange.RunningShown): the client looked at the task while it
// ran under the changed card. Nothing else counts: an answer the
// peer held to the task's end (a blocking SendMessage, a follow-up on the
// task included) shows the task only once it is over, a stream opened
// before the change whose only later event is the terminal one never
// showed it running under the new card, and a SendMessage on the task,
// held or not, is no way of watching it. A task sent after the change, or
// over before it, has no such answer.
func (ev *Evidence) watchedAcross(send journal.Exchange) bool {
	return slices.ContainsFunc(ev.Journal, func(ex journal.Exchange) bool {
		return ex.Seq >= send.Seq && ex.Peer == send.Peer && ex.Route == journal.RouteA2A && ex.TaskID == send.TaskID &&
			watchingOps[ex.Op] && !ex.Blocking &&
			slices.ContainsFunc(ex.RunningShown, func(v int) bool { return v != send.CardVersion })
	})
}

// watchingOps are the operations that ask how a task is doing and are
// answered as things happen.
var watchingOps = map[string]bool{
	wire.MethodGetTask: true, wire.MethodSendStreamingMessage: true, wire.MethodSubscribeToTask: true,
}
