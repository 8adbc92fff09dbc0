package scenarios

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

func TestNoOfferedBinding(t *testing.T) {
	card := journal.Exchange{Seq: 1, Route: journal.RouteCard, Method: "GET", Status: 200}
	call := journal.Exchange{Seq: 2, Route: journal.RouteA2A, Op: wire.MethodSendMessage, Binding: wire.BindingJSONRPC}
	unrouted := journal.Exchange{Seq: 2, Route: journal.RouteUnmatched, Path: mockpeer.JSONRPCPath}
	claim := &driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonBindingUnsupported}
	other := &driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}
	grpcOnly := []string{wire.BindingGRPC}
	tests := []struct {
		name    string
		offered []string
		journal []journal.Exchange
		outcome *driver.Outcome
		want    bool
	}{
		{"card seen, nothing sent, claimed", grpcOnly, []journal.Exchange{card}, claim, true},
		{"a call to a binding not offered has no route", grpcOnly, []journal.Exchange{card, unrouted}, claim, true},
		{"no --bindings: all three", nil, []journal.Exchange{card}, claim, false},
		{"every binding offered", mockpeer.AllBindings, []journal.Exchange{card}, claim, false},
		{"no card fetched", grpcOnly, nil, claim, false},
		{"an A2A call reached a peer", grpcOnly, []journal.Exchange{card, call}, claim, false},
		{"another reason", grpcOnly, []journal.Exchange{card}, other, false},
		{"no outcome", grpcOnly, []journal.Exchange{card}, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := &Evidence{Journal: tc.journal, Offered: tc.offered, Client: ClientRun{TaskEnd: driver.TaskEnd{Outcome: tc.outcome}}}
			_, got := ev.NoOfferedBinding()
			if got != tc.want {
				t.Fatalf("NoOfferedBinding = %v, want %v", got, tc.want)
			}
			j := Requirement{ID: "X-001", Check: func(*Evidence) verdict.Judgement { return failed("w", "g") }}.Judge(ev)
			if (j.Verdict == verdict.NotApplicable) != tc.want {
				t.Errorf("verdict %s", j.Verdict)
			}
		})
	}
}
