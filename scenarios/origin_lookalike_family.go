package scenarios

import (
	"fmt"
	"net"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// spelling is one version of origin-lookalike's card: the urls of its
// JSON-RPC, HTTP+JSON and gRPC interfaces, made from A's and B's host:port.
type spelling struct {
	id   string // the requirement judging its task
	text string // its text
	same bool   // the card's own origin, spelt otherwise
	urls func(a, b hostAndPort) [3]string
}

type hostAndPort struct{ host, port string }

func (h hostAndPort) String() string { return net.JoinHostPort(h.host, h.port) }

// httpURLs are the JSON-RPC and HTTP+JSON urls on origin, and grpc.
func httpURLs(origin, grpc string) [3]string {
	return [3]string{mockpeer.JSONRPCURL(origin), mockpeer.RESTURL(origin), grpc}
}

// onHost is the farm's own interface urls of host and port.
func onHost(host, port string) [3]string {
	hp := hostAndPort{host, port}
	return httpURLs("https://"+hp.String(), hp.String())
}

// lookalikeCards are A's card versions, one per spelling: the farm's own
// interfaces on A, respelt by respellAs once a run's bindings are offered.
func lookalikeCards(spellings []spelling) []mockpeer.CardFunc {
	cards := make([]mockpeer.CardFunc, 0, len(spellings))
	for i := range spellings {
		cards = append(cards, bearerCard("A").Version(fmt.Sprintf("1.%d.0", i)).Build)
	}
	return cards
}

// respellAs lists iface of card version v in spellings[v]'s spelling.
func respellAs(spellings []spelling) func(v int, o mockpeer.Origins, iface wire.AgentInterface) string {
	return func(v int, o mockpeer.Origins, iface wire.AgentInterface) string {
		urls := spellings[v].urls(hostPortOf(o("A")), hostPortOf(o("B")))
		return urls[slices.Index(mockpeer.AllBindings, iface.ProtocolBinding)]
	}
}

// hostPortOf splits a farm origin ("https://localhost:40123").
func hostPortOf(origin string) hostAndPort {
	host, port, _ := net.SplitHostPort(mockpeer.GRPCTarget(origin))
	return hostAndPort{host, port}
}

// lookalikeCardPeer is A of the family: one card version per spelling,
// each respelt, fresh for five minutes, served from host ("" for the
// farm's own).
func lookalikeCardPeer(host string, spellings []spelling) mockpeer.PeerSpec {
	a := freshPeer(lookalikeCards(spellings)...)
	a.Name, a.Host = "A", host
	a.Respell = respellAs(spellings)
	return a
}

// lookalike completes a scenario of the family: the client holds a bearer
// token and is given A's card URL; A, served from host ("" for the farm's
// own), has one card version per spelling, and task n runs under card
// version n-1. others are the farm's other peers.
func lookalike(s Scenario, host string, spellings []spelling, others ...mockpeer.PeerSpec) *Scenario {
	s.Grants = mockpeer.Grants{Bearer: true}
	s.CardPeer = "A"
	s.Tasks = lookalikeTasks(spellings)
	s.Peers = append([]mockpeer.PeerSpec{lookalikeCardPeer(host, spellings)}, others...)
	return &s
}

// lookalikeTasks: task n runs under card version n-1.
func lookalikeTasks(spellings []spelling) []Task {
	tasks := make([]Task, len(spellings))
	for i := 1; i < len(tasks); i++ {
		tasks[i].Before = RotateTo("A", i)
	}
	return tasks
}

// lookalikeRequirements: r are the requirements of every look-alike task,
// no request but for the card and no credential; each spelling's task has
// its own, a positive control of the same origin or an abort reported.
func lookalikeRequirements(spellings []spelling, r [2]said) []Requirement {
	var refused []int
	for i, s := range spellings {
		if !s.same {
			refused = append(refused, i+1)
		}
	}
	reqs := []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[0].text, Ref: lookalikeRef, Check: onlyCardRequests("A", refused)},
		{ID: r[1].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[1].text, Ref: lookalikeRef, Check: noCredentialBesideCard("A", refused)},
	}
	for i, s := range spellings {
		r := Requirement{ID: s.id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: s.text, Ref: lookalikeRef}
		if s.same {
			r.Check, r.Control = completedAt("A"), true
		} else {
			r.Ref += "; docs/driver-contract.md"
			r.Check = outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
		}
		reqs = append(reqs, atTask(i+1, r))
	}
	return reqs
}
