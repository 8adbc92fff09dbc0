package engine

import (
	"context"
	"sync"

	"github.com/a2a-conform/a2a-conform/scenarios"
)

// Schedule is the run's selected scenarios being played, at most
// Options.Parallel at a time, started in catalog order. Plays share
// nothing but the report, which the engine fills under its lock: each
// scenario has its own farm, report record and journal, and its own client
// session (its own processes for a command). The verdicts are therefore
// those of a run one after the other, and the progress lines still come
// out in catalog order.
type Schedule struct {
	e     *Engine
	plays []*scheduled
	byID  map[string]*scheduled
	all   sync.WaitGroup

	mu      sync.Mutex
	printed int // plays[:printed] have had their progress line
}

// scheduled is one scenario of a schedule; done closes once it was played
// or passed over.
type scheduled struct {
	sc   *scenarios.Scenario
	done chan struct{}
	play *Play // nil when ctx ended before it started
}

// Schedule starts playing every scenario of Scenarios. When ctx ends, the
// plays under way are stopped (their clients killed) and the rest are not
// started; Finish then marks the run interrupted.
func (e *Engine) Schedule(ctx context.Context) *Schedule {
	s := &Schedule{e: e, byID: map[string]*scheduled{}}
	queue := make(chan *scheduled, len(e.Scenarios()))
	for _, sc := range e.Scenarios() {
		p := &scheduled{sc: sc, done: make(chan struct{})}
		s.plays = append(s.plays, p)
		s.byID[sc.ID] = p
		queue <- p
	}
	close(queue)
	for range min(max(e.o.Parallel, 1), len(s.plays)) {
		s.all.Add(1)
		go func() {
			defer s.all.Done()
			for p := range queue {
				if ctx.Err() == nil {
					p.play = e.play(ctx, p.sc)
				}
				close(p.done)
				s.printReady()
			}
		}()
	}
	return s
}

// printReady prints the progress lines of the plays that ended, up to the
// first one still under way: catalog order, whatever order they end in.
func (s *Schedule) printReady() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for ; s.printed < len(s.plays); s.printed++ {
		p := s.plays[s.printed]
		select {
		case <-p.done:
		default:
			return
		}
		if p.play != nil {
			s.e.printProgress(p.play.Record)
		}
	}
}

// Await waits for the play of sc and returns it; nil when sc is not
// scheduled or the run ended before sc was started.
func (s *Schedule) Await(sc *scenarios.Scenario) *Play {
	p := s.byID[sc.ID]
	if p == nil {
		return nil
	}
	<-p.done
	return p.play
}

// Wait waits until every scenario was played or passed over.
func (s *Schedule) Wait() { s.all.Wait() }
