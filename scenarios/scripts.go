package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// completingSteps works once, at 50 %, and completes.
func completingSteps() []mockpeer.TaskStep { return workThenComplete(0, 50) }

// workThenComplete holds a task SUBMITTED for that many advance events,
// then WORKING at each progress point, then COMPLETED at 100 %: a task
// long enough for a scenario to change the card while it runs.
func workThenComplete(submitted int, progress ...int) []mockpeer.TaskStep {
	steps := make([]mockpeer.TaskStep, 0, submitted+len(progress)+1)
	for range submitted {
		steps = append(steps, mockpeer.TaskStep{State: wire.TaskStateSubmitted})
	}
	for _, p := range progress {
		steps = append(steps, mockpeer.TaskStep{State: wire.TaskStateWorking, Progress: p})
	}
	return append(steps, mockpeer.TaskStep{State: wire.TaskStateCompleted, Progress: 100})
}

// rotateToV2 switches a peer to its second card version (index 1) once
// the trigger fires: the one change most scenarios make.
func rotateToV2(kind mockpeer.TriggerKind, n int) []mockpeer.Rotation {
	return []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: kind, N: n}, To: 1}}
}

// workingPeer is the peer on another origin that the routing scenarios
// point at: it serves card (built for itself) and would complete the task,
// so only the client's judgement keeps requests away from it.
func workingPeer(name, host string, card func(peer string) mockpeer.CardBuilder) mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		Name: name, Host: host,
		Cards: []mockpeer.CardFunc{card(name).Build},
		Task:  mockpeer.TaskScript{Steps: completingSteps()},
	}
}

// freshPeer is the spec of a peer serving cards (version 0, then 1, ...)
// fresh for five minutes and completing every task: the plain card origin
// of the scenarios whose fault lies elsewhere (in its certificate, its card
// URL's answers, its interfaces' protocol versions).
func freshPeer(cards ...mockpeer.CardFunc) mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		Cards:   cards,
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}
}

// with is p as edit changes it: a peer of this file with a field of its
// own.
func with(p mockpeer.PeerSpec, edit func(*mockpeer.PeerSpec)) mockpeer.PeerSpec {
	edit(&p)
	return p
}

// routing completes a scenario of the routing family: the client is handed
// the card of peer A (on 127.0.0.1) and asked for skill summarize twice.
// The first task runs under A's card version 0, whose endpoints are on A
// (the positive control); then A's version 1 is put in force, which sends
// the client to one of others, working peers on other origins. a is A's
// spec less what the family fixes (name, host, skill, task script).
func routing(s Scenario, a mockpeer.PeerSpec, others ...mockpeer.PeerSpec) *Scenario {
	a.Name, a.Host = "A", "127.0.0.1"
	a.Task = mockpeer.TaskScript{Steps: completingSteps()}
	s.CardPeer = "A"
	s.Tasks = controlThen(RotateTo("A", 1))
	s.Peers = append([]mockpeer.PeerSpec{a}, others...)
	return &s
}

// beforeSend completes a scenario of the rotation-during-send shape: the
// client holds OAuth credentials and is asked to summarize the attached
// document twice. The first task runs under A's OAuth card (the positive
// control); then A arms version 1, which meets the client between its
// look at the card and its send (ArmRotation). a is A's spec less what
// the shape fixes (name, skill, caching, the cards: version 0, then v1).
func beforeSend(s Scenario, v1 mockpeer.CardFunc, a mockpeer.PeerSpec) *Scenario {
	a.Name = "A"
	a.Cards = []mockpeer.CardFunc{oauthCard("A").Build, v1}
	a.Caching = mockpeer.Caching{CacheControl: "max-age=300"}

	s.Grants = mockpeer.Grants{OAuth: true}
	s.Tasks = controlThen(ArmRotation("A", 1))
	s.Peers = []mockpeer.PeerSpec{a}
	return &s
}

// bearerPeer completes a scenario of one peer, A, to which the client is
// granted a bearer token: the shape of most of the catalog. a is A's spec
// less its name.
func bearerPeer(s Scenario, a mockpeer.PeerSpec) *Scenario {
	a.Name = "A"
	s.Grants = mockpeer.Grants{Bearer: true}
	s.Peers = []mockpeer.PeerSpec{a}
	return &s
}

// withPeer adds p to s's farm.
func withPeer(s *Scenario, p mockpeer.PeerSpec) *Scenario {
	s.Peers = append(s.Peers, p)
	return s
}
