package scenarios

import (
	"fmt"
	"net"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Origin look-alikes (google/adk-python#6800): interface urls whose text
// resembles the card's origin. An origin is the RFC 6454 triple of the
// parsed url, so the look-alikes are refused however much text they share,
// and the same origin in another spelling is used, so that a client cannot
// pass by refusing every url it does not string-match.
//
// One session plays every spelling, the card repointed between tasks:
// same-origin spellings and look-alikes alternate, so that a client that
// gives up after its first refusal fails a control. Several look-alikes
// land on A's own socket (http on its TLS port, localhost, the IPv4-mapped
// address): the only request a look-alike task may make is for the card.
// Nothing listens on [::1] at A's port (A listens on 127.0.0.1).
var _ = register(&Scenario{
	ID:    "origin-lookalike",
	Title: "the card's interfaces are on an origin that only looks like its own",
	Description: "The card is served on origin A, `https://127.0.0.1:<port>`. Each task of the session runs " +
		"under another version of the card, which lists the three bindings in one spelling. Same origin, " +
		"other spelling (the positive controls, which the client must use and complete): an upper-case " +
		"scheme; dot segments in the paths, and the gRPC url as an https url with a trailing slash; the port " +
		"with a leading zero, and the gRPC target as `dns:///`. Look-alikes (another origin, which the client " +
		"must refuse, sending nothing but card requests): A's origin as userinfo in front of B " +
		"(`https://127.0.0.1:<A port>@127.0.0.1:<B port>`); B, on the same host at another port; `http` for " +
		"`https` on A's port; `localhost`, `[::1]` and `[::ffff:127.0.0.1]` for `127.0.0.1`, on A's port. " +
		"B is a working A2A peer that would complete the task, and so is A on every look-alike its socket serves.",
	Grants:       mockpeer.Grants{Bearer: true},
	CardPeer:     "A",
	Tasks:        lookalikeTasks(lookalikeSpellings),
	Requirements: lookalikeRequirements(lookalikeSpellings, [2]string{"ORIGIN-001", "ORIGIN-002"}),
	Peers: []mockpeer.PeerSpec{{
		Name:    "A",
		Cards:   lookalikeCards(lookalikeSpellings),
		Respell: respellAs(lookalikeSpellings),
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}, workingPeer("B", "127.0.0.1", bearerCard)},
})

// lookalikeRef is the reference of every requirement of origin-lookalike.
const lookalikeRef = "contract-model §3 rule 6, §6; RFC 6454 §4, §5; https://github.com/google/adk-python/pull/6800"

// spelling is one version of origin-lookalike's card: the urls of its
// JSON-RPC, HTTP+JSON and gRPC interfaces, made from A's and B's host:port.
type spelling struct {
	id   string // the requirement judging its task
	name string
	same bool // the card's own origin, spelt otherwise
	urls func(a, b hostAndPort) [3]string
}

type hostAndPort struct{ host, port string }

func (h hostAndPort) String() string { return net.JoinHostPort(h.host, h.port) }

// httpURLs are the JSON-RPC and HTTP+JSON urls on origin, and grpc.
func httpURLs(origin, grpc string) [3]string {
	return [3]string{mockpeer.JSONRPCURL(origin), mockpeer.RESTURL(origin), grpc}
}

// lookalikeSpellings are the session's cards, in task order.
var lookalikeSpellings = []spelling{
	{"ORIGIN-003", "an upper-case scheme", true, func(a, _ hostAndPort) [3]string {
		return httpURLs("HTTPS://"+a.String(), "HTTPS://"+a.String())
	}},
	{"ORIGIN-004", "A's origin as userinfo in front of B", false, func(a, b hostAndPort) [3]string {
		return httpURLs("https://"+a.String()+"@"+b.String(), "https://"+a.String()+"@"+b.String())
	}},
	{"ORIGIN-005", "B: the same host, another port", false, func(_, b hostAndPort) [3]string {
		return httpURLs("https://"+b.String(), b.String())
	}},
	{"ORIGIN-006", "dot segments in the paths, the gRPC url an https url with a trailing slash", true, func(a, _ hostAndPort) [3]string {
		o := "https://" + a.String()
		return [3]string{o + "/a2a/./x/../jsonrpc", o + "/x/.." + mockpeer.RESTPath, o + "/"}
	}},
	{"ORIGIN-007", "http for https, on A's port", false, func(a, _ hostAndPort) [3]string {
		return httpURLs("http://"+a.String(), "http://"+a.String())
	}},
	{"ORIGIN-008", "localhost for 127.0.0.1, on A's port", false, func(a, _ hostAndPort) [3]string {
		return onHost("localhost", a.port)
	}},
	{"ORIGIN-009", "the port with a leading zero, the gRPC target as dns:///", true, func(a, _ hostAndPort) [3]string {
		padded := hostAndPort{a.host, "0" + a.port}
		return httpURLs("https://"+padded.String(), "dns:///"+padded.String())
	}},
	{"ORIGIN-010", "[::1] for 127.0.0.1, on A's port", false, func(a, _ hostAndPort) [3]string {
		return onHost("::1", a.port)
	}},
	{"ORIGIN-011", "the IPv4-mapped [::ffff:127.0.0.1] for 127.0.0.1, on A's port", false, func(a, _ hostAndPort) [3]string {
		return onHost("::ffff:127.0.0.1", a.port)
	}},
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

// lookalikeTasks: task n runs under card version n-1.
func lookalikeTasks(spellings []spelling) []Task {
	tasks := make([]Task, len(spellings))
	for i := 1; i < len(tasks); i++ {
		tasks[i].Before = RotateTo("A", i)
	}
	return tasks
}

// lookalikeRequirements: ids name the requirements of every look-alike
// task, no request but for the card and no credential; each spelling's
// task has its own.
func lookalikeRequirements(spellings []spelling, ids [2]string) []Requirement {
	var refused []int
	for i, s := range spellings {
		if !s.same {
			refused = append(refused, i+1)
		}
	}
	reqs := []Requirement{
		{ID: ids[0], Level: Must, Profile: ProfileCore, Ref: lookalikeRef,
			Text: "The client MUST NOT send anything but card requests while the card's interfaces are on an origin " +
				"that only looks like the card's (RFC 6454: scheme, host and port of the parsed url), whichever socket serves it.",
			Check: onlyCardRequests("A", refused)},
		{ID: ids[1], Level: Must, Profile: ProfileCore, Ref: lookalikeRef,
			Text:  "The client MUST NOT send any credential to an origin that only looks like the card's.",
			Check: noCredentialBesideCard("A", refused)},
	}
	for i, s := range spellings {
		r := Requirement{ID: s.id, Level: Must, Profile: ProfileCore, Ref: lookalikeRef}
		if s.same {
			r.Text = "The client MUST use and complete the task at interfaces on the card's own origin spelt otherwise (" +
				s.name + "): the same RFC 6454 origin (a positive control)."
			r.Check, r.Control = completedAt("A"), true
		} else {
			r.Text = "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on " +
				"another origin that looks like its own (" + s.name + ")."
			r.Ref += "; docs/driver-contract.md"
			r.Check = outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
		}
		reqs = append(reqs, atTask(i+1, r))
	}
	return reqs
}

// inTasks judges check in the view of each of tasks (numbered from 1): the
// first failure, named by its task, fails the whole.
func inTasks(ev *Evidence, tasks []int, check func(*Evidence) Judgement) Judgement {
	for _, n := range tasks {
		view := ev.Task(n)
		if view == nil {
			return failed(fmt.Sprintf("task %d of the session", n), "the session has no such task")
		}
		if j := check(view); j.Verdict != Pass {
			j.Got = fmt.Sprintf("task %d: %s", n, j.Got)
			return j
		}
	}
	return passed()
}

// onlyCardRequests: in each of tasks, every request any peer saw is a card
// request at cardPeer. A look-alike of the card's origin may be served by
// the card peer's own socket, so what that received counts too.
func onlyCardRequests(cardPeer string, tasks []int) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		return inTasks(ev, tasks, func(view *Evidence) Judgement {
			return onlyCardRequestsWith(view, cardPeer, func(ex mockpeer.Exchange) bool { return cardRequestAt(cardPeer, ex) })
		})
	}
}

// onlyCardRequestsWith judges one task's view: every request is a look at
// cardPeer's card (look).
func onlyCardRequestsWith(view *Evidence, cardPeer string, look func(mockpeer.Exchange) bool) Judgement {
	bad := view.Select(func(ex mockpeer.Exchange) bool { return clientRequest(cardPeer, ex) && !look(ex) })
	if len(bad) > 0 {
		return failed("nothing but card requests to peer "+cardPeer+" ("+view.Origins[cardPeer]+")",
			fmt.Sprintf("%d other request(s), first %s at peer %s", len(bad), requestLine(bad[0]), bad[0].Peer), seqs(bad)...)
	}
	return passed()
}

// noCredentialBesideCard: in each of tasks, no request other than a card
// request at cardPeer carried a credential, and no connection either, its
// handshake included, but for the credentials those card requests carried
// on connections to cardPeer; nor could a connection not be scanned whole
// (whatever it carried reached the peer).
func noCredentialBesideCard(cardPeer string, tasks []int) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		return inTasks(ev, tasks, func(view *Evidence) Judgement {
			return noCredentialBesideCardWith(view, cardPeer, func(ex mockpeer.Exchange) bool { return cardRequestAt(cardPeer, ex) })
		})
	}
}

// noCredentialBesideCardWith judges one task's view: credentials only on
// looks at cardPeer's card (look), and on connections to cardPeer only
// those the looks carried.
func noCredentialBesideCardWith(view *Evidence, cardPeer string, look func(mockpeer.Exchange) bool) Judgement {
	var onCards []string
	for _, ex := range view.Select(look) {
		onCards = append(onCards, ex.Auth.Presented...)
	}
	bad := view.Select(func(ex mockpeer.Exchange) bool {
		switch {
		case ex.Route == mockpeer.RouteAdmin || look(ex):
			return false
		case ex.Route == mockpeer.RouteConnection && ex.Peer == cardPeer:
			handled := handledLater(view, cardPeer, ex.Seq)
			return unscanned(ex) || slices.ContainsFunc(ex.Auth.Presented, func(n string) bool {
				return !slices.Contains(onCards, n) && !slices.Contains(handled, n)
			})
		}
		return len(ex.Auth.Presented) > 0 || unscanned(ex)
	})
	if len(bad) == 0 {
		return passed()
	}
	got := fmt.Sprintf("%s presented at #%d (%s, peer %s)", strings.Join(bad[0].Auth.Presented, ", "), bad[0].Seq, requestLine(bad[0]), bad[0].Peer)
	if len(bad[0].Auth.Presented) == 0 {
		got = fmt.Sprintf("credentials unknown at #%d (%s, peer %s): %s, whatever it carried reached the peer",
			bad[0].Seq, requestLine(bad[0]), bad[0].Peer, bad[0].Conn.Unscanned)
	}
	return failed("no credential outside card requests to peer "+cardPeer+" ("+view.Origins[cardPeer]+")", got, seqs(bad)...)
}

// handledLater are the credentials requests to cardPeer that a handler
// served presented from seq on, in the whole session: a connection kept
// alive past the task it was opened in carries the later tasks' requests
// too, and each of those is journaled, and judged, itself (a request of
// the refusing task with a credential fails on its own). What no handled
// request presented was in bytes no handler saw.
func handledLater(view *Evidence, cardPeer string, seq int64) []string {
	var out []string
	for _, ex := range view.session() {
		if ex.Seq > seq && ex.Peer == cardPeer && ex.Route != mockpeer.RouteConnection && ex.Route != mockpeer.RouteAdmin {
			out = append(out, ex.Auth.Presented...)
		}
	}
	return out
}

// clientRequest: an exchange the client caused that is a request (not an
// admin call, not a connection that carried none: see Evidence.AtPeer). A
// connection to cardPeer is one only for bytes no handler saw (plain HTTP
// on its TLS port, a request net/http refused): the requests handled on it
// are journaled, and judged, themselves.
func clientRequest(cardPeer string, ex mockpeer.Exchange) bool {
	if ex.Route == mockpeer.RouteConnection {
		return ex.Conn.Request() && (ex.Peer != cardPeer || ex.Conn.Requests == 0)
	}
	return ex.Route != mockpeer.RouteAdmin
}

func cardRequestAt(peer string, ex mockpeer.Exchange) bool {
	return ex.Peer == peer && ex.Route == mockpeer.RouteCard
}
