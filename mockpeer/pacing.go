package mockpeer

import (
	"context"
	"time"
)

// pacer times the steps of one blocking send or stream
// (TaskScript.StepInterval). Unpaced, every step is due at once and the
// lock is never released: a blocking send plays its whole script
// atomically, as it did before pacing existed.
type pacer struct {
	p        *Peer
	ctx      context.Context
	interval time.Duration
	due      <-chan time.Time // the running interval; nil when none
	stop     func()
}

func (p *Peer) newPacer(ctx context.Context) *pacer {
	return &pacer{p: p, ctx: ctx, interval: p.spec.Task.StepInterval}
}

// close stops a running interval timer.
func (pc *pacer) close() {
	if pc.stop != nil {
		pc.stop()
	}
}

// waitLocked waits, with p.mu released, for the next step to be due, for
// t to change under someone else's hand (a poll, a cancel, a card fetch),
// or for the client to go. due reports the first. An interval cut short
// by a change keeps running, so outside changes do not slow the script.
func (pc *pacer) waitLocked(t *task) (due bool, err error) {
	if pc.interval <= 0 {
		return true, nil
	}
	if pc.due == nil {
		pc.due, pc.stop = pc.p.farm.timer(pc.interval)
	}
	changed := t.watchLocked()
	pc.p.mu.Unlock()
	defer pc.p.mu.Lock()
	select {
	case <-pc.ctx.Done():
		return false, pc.ctx.Err()
	case <-changed:
		return false, nil
	case <-pc.due:
		pc.due, pc.stop = nil, nil
		return true, nil
	}
}

// nextLocked brings the next change of t since revision rev: someone
// else's, or the script's next step once it is due. false means nothing
// more will happen to t here: it is settled, dropped or at its last step,
// or the client is gone.
func (p *Peer) nextLocked(pc *pacer, t *task, rev int) bool {
	for t.rev == rev {
		if t.settled() || !p.canAdvanceLocked(t) {
			return false
		}
		due, err := pc.waitLocked(t)
		if err != nil {
			return false
		}
		if due && t.rev == rev {
			p.advanceLocked(t)
		}
	}
	return true
}

// timer starts a pacing interval on the farm's timer source and returns
// its channel and a stop function.
func (f *Farm) timer(d time.Duration) (<-chan time.Time, func()) {
	if f.spec.After != nil {
		return f.spec.After(d), func() {}
	}
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}
