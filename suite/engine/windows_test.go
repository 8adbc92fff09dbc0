package engine

import (
	"context"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Every exchange belongs to a task: what arrives after an outcome was
// read is the finished task's until the next begins, and the last task's
// until the journal ends.
func TestCloseWindowsLeavesNoExchangeOutside(t *testing.T) {
	tasks := []scenarios.ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 3}, {Task: 2, FirstSeq: 6, LastSeq: 5}, {Task: 3, FirstSeq: 6, LastSeq: 7}}
	closeWindows(tasks, 10)
	want := [][2]int64{{1, 5}, {6, 5}, {6, 10}}
	for i, w := range want {
		if got := [2]int64{tasks[i].FirstSeq, tasks[i].LastSeq}; got != w {
			t.Errorf("task %d: window %v, want %v", i+1, got, w)
		}
	}
}

// lateSender is the reference for every task of a session; once the last
// outcome was read, as the session closes, it delegates the last task once
// more with a client that ignores protocol versions. It said what the
// scenario wanted to hear, then did what it said it would not.
type lateSender struct{ t *testing.T }

func (lateSender) Describe() string { return "late-sender" }

func (c lateSender) Open(ctx context.Context, base driver.Assignment) (runner.Session, error) {
	ref, err := builtin.LookupMode(builtin.Reference, driver.ModeSession)
	if err != nil {
		return nil, err
	}
	s, err := ref.Open(ctx, base)
	return &lateSession{Session: s, t: c.t, base: base}, err
}

type lateSession struct {
	runner.Session
	t          *testing.T
	base, last driver.Assignment
}

func (s *lateSession) Do(ctx context.Context, a driver.Assignment) (runner.Result, error) {
	s.last = a
	return s.Session.Do(ctx, a)
}

func (s *lateSession) Close() runner.Result {
	res := s.Session.Close()
	late, err := builtin.LookupMode(builtin.IgnoreProtocolVersion, driver.ModeOneShot)
	if err != nil {
		s.t.Error(err)
		return res
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ls, err := late.Open(ctx, s.base)
	if err != nil {
		s.t.Error(err)
		return res
	}
	// The peer refuses a 1.0 request to its 2.0 interface, so the late
	// delegation fails there: what matters is that it was sent.
	if r, err := ls.Do(ctx, s.last); err != nil || r.Outcome == nil || r.Outcome.Reason != driver.ReasonPeerError {
		s.t.Errorf("the late delegation was not refused by the 2.0 interface: %+v, %v", r.Outcome, err)
	}
	ls.Close()
	return res
}

// A send made after the session's last outcome was read is judged with
// the last task: reporting version-unsupported, then sending A2A 1.0 to
// the 2.0 interface, fails SKEW-001.
func TestASendAfterTheLastOutcomeIsJudged(t *testing.T) {
	ev, _ := playWith(t, "version-skew", lateSender{t}, roomyDeadline)
	if o := ev.Client.Outcome; o == nil || o.Reason != driver.ReasonVersionUnsupported {
		t.Fatalf("last outcome %+v, want aborted/version-unsupported", o)
	}
	if j := judgedIn(t, ev, "version-skew", "SKEW-001"); j.Verdict != verdict.Fail {
		t.Errorf("SKEW-001: %s %s, want fail: the late send went to the 2.0 interface", j.Verdict, j.Got)
	}
}

// replayer is the reference for a session's first task; for every later
// one it sends nothing, asks the peer about the first task and reports
// that as its own, completed.
func replayer() runner.Client {
	var (
		rc    *refclient.Client
		first string
	)
	return &runner.InProcessClient{Name: "replayer", Session: func() func(context.Context, driver.Assignment) driver.Outcome {
		return func(ctx context.Context, a driver.Assignment) driver.Outcome {
			if rc == nil {
				var err error
				if rc, err = refclient.New(refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials}); err != nil {
					return refclient.OutcomeOf(refclient.Result{}, err)
				}
			}
			if first == "" {
				out := rc.Do(ctx, a)
				first = out.TaskID
				return out
			}
			card, err := rc.FetchCard(ctx)
			if err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
			s, err := rc.Open(ctx, card)
			if err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
			task, err := s.GetTask(ctx, first)
			return refclient.OutcomeOf(refclient.Result{Task: task}, err)
		}
	}}
}

// A completed outcome must name a task this delegation created: the first
// task's id, replayed in the second with a GetTask, does not complete it.
func TestAReplayedTaskDoesNotComplete(t *testing.T) {
	ev, _ := playWith(t, "mirrored-stale-cache", replayer(), roomyDeadline)
	if o := ev.Client.Outcome; o == nil || o.Outcome != driver.OutcomeCompleted || o.TaskID != ev.Task(1).Client.Outcome.TaskID {
		t.Fatalf("last outcome %+v, want the first task's, completed", o)
	}
	if j := judgedIn(t, ev, "mirrored-stale-cache", "STALE-004"); j.Verdict != verdict.Fail {
		t.Errorf("STALE-004: %s %s, want fail: no send created the task reported", j.Verdict, j.Got)
	}
}

// judgedIn is requirement id of the scenario, judged over ev.
func judgedIn(t *testing.T, ev *scenarios.Evidence, scenario, id string) verdict.Judgement {
	t.Helper()
	for _, r := range lookup(t, scenario).AllRequirements() {
		if r.ID == id {
			return judgeOne(ev, r)
		}
	}
	t.Fatalf("no requirement %s in %s", id, scenario)
	return verdict.Judgement{}
}
