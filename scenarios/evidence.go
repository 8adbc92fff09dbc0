package scenarios

import (
	"fmt"
	"slices"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// CardVersion is one version of a peer's card as the farm served it.
type CardVersion struct {
	Bytes        []byte
	ETag         string // as the peer sends it, quotes included
	LastModified string // the Last-Modified header value
	ContractHash string // for the scenario's skill
	// ExtendedHash is the contract hash, for the scenario's skill, of the
	// extended card the peer answered GetExtendedAgentCard with while this
	// version was in force; "" when it scripts none (mockpeer.ExtendedCard).
	ExtendedHash string
	// Extended is the extended card the peer answered GetExtendedAgentCard
	// with while this version was in force, as served; nil when it scripts
	// none.
	Extended []byte
}

// Evidence is everything one play of a scenario produced, as plain data:
// the journal of every peer, what the client reported for each task of the
// session and how it ended, and the cards the farm served. Checks judge it
// and nothing else.
type Evidence struct {
	Journal []journal.Exchange
	// Client is the task in view: the last task of the session, or the one
	// task of a view made by Task.
	Client ClientRun
	// Tasks are every task of the session, in order; empty means Client is
	// the only one (hand-built evidence).
	Tasks []ClientRun
	// Mode is how the client took the session's tasks.
	Mode driver.Mode
	// Seen is how many exchanges the farm journaled, kept whole, compact or
	// only counted (journal.Journal.Counts); Kept is how many it keeps
	// whole. 0 means unknown (hand-built evidence).
	Seen, Kept int64
	// Dropped is how many exchanges the farm only counted: past its
	// compact limit, a flood leaves no trace to judge.
	Dropped int64
	// Origins and Cards per peer name.
	Origins map[string]string
	Cards   map[string][]CardVersion
	// Offered are the bindings the run narrowed the peers to (run
	// --bindings); nil: all three, as the cards list them (see
	// NoOfferedBinding).
	Offered []string

	// whole is the session's journal when Journal is one task's (Task):
	// what the peers gave the client in earlier tasks still counts.
	whole []journal.Exchange
}

// ClientRun is what the client under test reported for one task and how
// its run ended.
type ClientRun struct {
	// Task is the task's number in the session, from 1 (0: the only one).
	Task int
	// CardPeer is the peer whose card URL the task was given ("":
	// unknown, as in hand-built evidence).
	CardPeer string
	// FirstSeq and LastSeq bound the journal's sequence numbers of the
	// exchanges that arrived while the task was the client's; a task without
	// exchanges has LastSeq < FirstSeq. Both 0: unbounded (hand-built
	// evidence of one task).
	FirstSeq, LastSeq int64
	// TaskEnd is how the task ended (outcome, outcome problem, timed out,
	// crashed), as the runner saw it.
	driver.TaskEnd
	// ExitCode of the client process, informational (-1: killed or in-process).
	ExitCode int
	// Deadline is the time the client was given.
	Deadline time.Duration
	// Ran is how long the task was the client's, measured by the runner
	// (0: not measured, as in hand-built evidence).
	Ran time.Duration
}

// overran says how long a task that outlived its deadline ran, against
// the bound: "ran 30.2s, deadline 30s", or the bound alone ("30s") when
// the time was not measured.
func (r ClientRun) overran() string {
	if r.Ran <= 0 {
		return r.Deadline.String()
	}
	return fmt.Sprintf("ran %s, deadline %s", r.Ran.Round(time.Millisecond), r.Deadline)
}

// Runs are the session's tasks (Client alone for hand-built evidence).
func (ev *Evidence) Runs() []ClientRun {
	if len(ev.Tasks) == 0 {
		return []ClientRun{ev.Client}
	}
	return ev.Tasks
}

// Task is the view of task n (from 1): its exchanges and its run only, so
// that a check written for one task judges it. Nil when there is no such
// task.
func (ev *Evidence) Task(n int) *Evidence {
	runs := ev.Runs()
	if n < 1 || n > len(runs) {
		return nil
	}
	run := runs[n-1]
	view := *ev
	view.Client, view.Tasks, view.whole = run, []ClientRun{run}, ev.session()
	view.Journal = ev.Select(func(ex journal.Exchange) bool {
		return run.FirstSeq == 0 && run.LastSeq == 0 || ex.Seq >= run.FirstSeq && ex.Seq <= run.LastSeq
	})
	view.Journal = withoutAccounted(view.Journal, view.whole)
	return &view
}

// session is the whole session's journal, also in the view of one task.
func (ev *Evidence) session() []journal.Exchange {
	if ev.whole != nil {
		return ev.whole
	}
	return ev.Journal
}

// Select returns the exchanges for which keep is true, in journal order.
func (ev *Evidence) Select(keep func(journal.Exchange) bool) []journal.Exchange {
	var out []journal.Exchange
	for _, ex := range ev.Journal {
		if keep(ex) {
			out = append(out, ex)
		}
	}
	return out
}

// A2A returns every A2A call, at any peer.
func (ev *Evidence) A2A() []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool { return ex.Route == journal.RouteA2A })
}

// Op returns the A2A calls of one operation.
func (ev *Evidence) Op(op string) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool { return ex.Route == journal.RouteA2A && ex.Op == op })
}

// Sends returns every task-creating request.
func (ev *Evidence) Sends() []journal.Exchange {
	return ev.Select(journal.Exchange.TaskCreating)
}

// AcceptedSends returns the task-creating requests that the peer accepted
// with a task (2xx and no error).
func (ev *Evidence) AcceptedSends() []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool {
		return ex.TaskCreating() && ex.ErrorCode == 0 && ex.Status < 300 && ex.TaskID != ""
	})
}

// FirstSend returns the first task-creating request that the peer accepted
// with a task (2xx and no error), and whether there was one.
func (ev *Evidence) FirstSend() (journal.Exchange, bool) {
	if sends := ev.AcceptedSends(); len(sends) > 0 {
		return sends[0], true
	}
	return journal.Exchange{}, false
}

// CardFetches returns the card requests made to a peer ("" means any).
func (ev *Evidence) CardFetches(peer string) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool {
		return ex.Route == journal.RouteCard && (peer == "" || ex.Peer == peer)
	})
}

// AtPeer returns every request a peer saw: every exchange but the
// harness's admin calls, and every connection on which the client sent
// anything past the handshake, or anything that is not TLS, whether or
// not it parsed (journal.Connection.Request). A bare handshake, a failed
// one and a connect and close are contact (ContactsAt), not requests.
func (ev *Evidence) AtPeer(peer string) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool {
		return ex.Peer == peer && ex.Route != journal.RouteAdmin &&
			(ex.Route != journal.RouteConnection || ex.Conn.Request())
	})
}

// ContactsAt returns every contact with a peer: its requests, and every
// connection the client opened to it, whatever came of it (the peer
// journals each, RouteConnection).
func (ev *Evidence) ContactsAt(peer string) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool {
		return ex.Peer == peer && ex.Route != journal.RouteAdmin
	})
}

// Outcome is the client's outcome, or nil if it wrote none we could read.
func (ev *Evidence) Outcome() *driver.Outcome { return ev.Client.Outcome }

// InitialHash is the contract hash of a peer's first card version.
func (ev *Evidence) InitialHash(peer string) string {
	if v := ev.Cards[peer]; len(v) > 0 {
		return v[0].ContractHash
	}
	return ""
}

// ExtendedHash is the contract hash of the extended card a peer served
// with card version v, "" when there is none.
func (ev *Evidence) ExtendedHash(peer string, v int) string {
	if cards := ev.Cards[peer]; v >= 0 && v < len(cards) {
		return cards[v].ExtendedHash
	}
	return ""
}

// ExtendedCardsServed returns the GetExtendedAgentCard calls a peer ("" any)
// answered with the extended card.
func (ev *Evidence) ExtendedCardsServed(peer string) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool {
		return ex.Route == journal.RouteA2A && ex.Op == wire.MethodGetExtendedAgentCard && (peer == "" || ex.Peer == peer) &&
			ex.Status < 300 && ex.ErrorCode == 0
	})
}

// seqs lists the sequence numbers of exchanges, for judgements.
func seqs(exs []journal.Exchange) []int64 {
	out := make([]int64, 0, len(exs))
	for _, ex := range exs {
		out = append(out, ex.Seq)
	}
	return slices.Compact(out)
}

// Exchanges returns the exchanges with the given sequence numbers.
func (ev *Evidence) Exchanges(seq []int64) []journal.Exchange {
	return ev.Select(func(ex journal.Exchange) bool { return slices.Contains(seq, ex.Seq) })
}
