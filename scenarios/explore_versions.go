package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The version family (which interface a client picks, contract model §3
// rule 5) as building blocks of the generated catalog: the interface lists
// of older-version-listed-first and version-skew-minor, made of any card,
// and the check of duplicate-binding-order and older-version-listed-first
// over the tasks of a session.

// legacyVersion is what older-version-listed-first's earlier interfaces
// declare, skewedMinor what version-skew-minor's do, patchVersion what
// patch-version-declared's do.
const (
	legacyVersion = "0.3"
	skewedMinor   = "1.1"
	patchVersion  = "1.0.1"
)

// LegacyFirst lists, before card's interfaces, a copy of its first one
// declaring protocol version 0.3 under tenant "legacy": an agent that
// still serves 0.3 on the same url lists it first (older-version-listed-
// first). A 1.0 request under its tenant is refused by the peer.
func LegacyFirst(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
		legacy := c.SupportedInterfaces[0]
		legacy.Tenant, legacy.ProtocolVersion = tenantLegacy, legacyVersion
		c.SupportedInterfaces = append([]wire.AgentInterface{legacy}, c.SupportedInterfaces...)
	})
}

// SpeakingMinor makes every interface of card declare protocol version
// 1.1 (version-skew-minor): none is one a 1.0 client can use.
func SpeakingMinor(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
		for i := range c.SupportedInterfaces {
			c.SupportedInterfaces[i].ProtocolVersion = skewedMinor
		}
	})
}

// DeclaringPatch makes every interface of card that declares 1.0 declare
// 1.0.1 (patch-version-declared): the same version, a patch number
// ignored. An interface of another version keeps it.
func DeclaringPatch(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
		for i := range c.SupportedInterfaces {
			if c.SupportedInterfaces[i].ProtocolVersion == wire.ProtocolVersion {
				c.SupportedInterfaces[i].ProtocolVersion = patchVersion
			}
		}
	})
}

// FirstUsable is the interface of binding a 1.0 client must use on card,
// built with stand-in origins: the first in card order that declares 1.0
// (a patch number ignored) and is on none of the origins of the advisory
// peers (rule 6: an interface the card is not authoritative for is none
// the client can use), or false when there is none.
func FirstUsable(card wire.AgentCard, binding string, advisory ...string) (wire.AgentInterface, bool) {
	for _, i := range card.SupportedInterfaces {
		if strings.EqualFold(i.ProtocolBinding, binding) && speaks10(i.ProtocolVersion) && !onPeers(i, advisory) {
			return i, true
		}
	}
	return wire.AgentInterface{}, false
}

// onPeers: the interface's url is on the stand-in origin of one of peers
// (its host and port, whatever the binding's url form).
func onPeers(i wire.AgentInterface, peers []string) bool {
	hostPort := i.URL
	if _, rest, ok := strings.Cut(hostPort, "://"); ok {
		hostPort = rest
	}
	hostPort, _, _ = strings.Cut(hostPort, "/")
	for _, p := range peers {
		if hostPort == mockpeer.GRPCTarget(standInOrigins(p)) {
			return true
		}
	}
	return false
}

func speaks10(v string) bool {
	return v == wire.ProtocolVersion || strings.HasPrefix(v, wire.ProtocolVersion+".")
}

// TaskPlan is the card a task of a session is planned on, and, when that
// card is an extended card, the public card its GetExtendedAgentCard goes
// over (nil otherwise).
type TaskPlan struct {
	Card, Public mockpeer.CardFunc
	// Advisory are the peers on whose origins Card lists interfaces it is
	// not authoritative for (none is one the client can use).
	Advisory []string
}

// PickedFirstUsable: in each task of plans, every A2A request names the
// tenant of the first interface of its binding that declares 1.0 on the
// card the task is planned on, of those it is authoritative for (on the public card, for the extended card's
// fetch) and is labelled A2A-Version 1.0; a request to a path no interface
// has, or over a binding of which the card has no 1.0 interface, fails.
// A task that sent nothing passes; a session that sent no A2A request at
// all is not applicable.
func PickedFirstUsable(plans map[int]TaskPlan) func(*Evidence) verdict.Judgement {
	tasks := make([]int, 0, len(plans))
	for n := range plans {
		tasks = append(tasks, n)
	}
	slices.Sort(tasks)
	return func(ev *Evidence) verdict.Judgement {
		if len(ev.Select(isA2ACall)) == 0 {
			return notApplicable("the client sent no A2A request")
		}
		for _, n := range tasks {
			view := ev.Task(n)
			if view == nil {
				return failed(fmt.Sprintf("task %d of the session", n), "the session has no such task")
			}
			if j := pickedFirstIn(view, plans[n]); j.Verdict != verdict.Pass {
				j.Got = fmt.Sprintf("task %d: %s", n, j.Got)
				return j
			}
		}
		return passed()
	}
}

func isA2ACall(ex journal.Exchange) bool {
	return ex.Route == journal.RouteA2A || ex.Route == journal.RouteUnmatched
}

func pickedFirstIn(view *Evidence, plan TaskPlan) verdict.Judgement {
	card := plan.Card(standInOrigins)
	var public wire.AgentCard
	if plan.Public != nil {
		public = plan.Public(standInOrigins)
	}
	want := "every A2A request under the tenant of the first interface of its binding that declares " + wire.ProtocolVersion +
		", labelled A2A-Version " + wire.ProtocolVersion
	for _, ex := range view.Select(isA2ACall) {
		on, advisory := card, plan.Advisory
		if plan.Public != nil && ex.Op == wire.MethodGetExtendedAgentCard {
			on, advisory = public, nil
		}
		switch first, ok := FirstUsable(on, ex.Binding, advisory...); {
		case ex.Route == journal.RouteUnmatched:
			return failed(want, fmt.Sprintf("#%d %s %s: a path no interface of the card has", ex.Seq, ex.Method, ex.Path), ex.Seq)
		case ex.A2AVersion != wire.ProtocolVersion:
			return failed(want, fmt.Sprintf("%s at #%d carried A2A-Version %q%s", opOrPath(ex), ex.Seq, clip(ex.A2AVersion, 64),
				cutNote(ex, "a2aVersion")), ex.Seq)
		case slices.Contains(advisory, ex.Peer):
			return failed(want, fmt.Sprintf("%s at #%d to peer %s, whose interface the card is not authoritative for", opOrPath(ex), ex.Seq,
				ex.Peer), ex.Seq)
		case ex.Malformed != "":
			// Refused before the peer read which interface it named.
		case !ok:
			return failed(want, fmt.Sprintf("%s at #%d over %s, of which the card lists no %s interface", ex.Op, ex.Seq, ex.Binding,
				wire.ProtocolVersion), ex.Seq)
		case ex.Tenant != first.Tenant:
			return failed(want+fmt.Sprintf(" (tenant %q)", first.Tenant),
				fmt.Sprintf("%s at #%d named tenant %q%s", ex.Op, ex.Seq, clip(ex.Tenant, 64), cutNote(ex, "tenant")), ex.Seq)
		}
	}
	return passed()
}

// RefusedFor: the task planned on a card the rules refuse sent no task,
// canceled nothing, and reported aborted with one of reasons, grounded
// (the first reason is the one a failure names).
func RefusedFor(c Change, reasons ...driver.Reason) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j, ok := servedAsDerived(ev, c, true); !ok {
			return j
		}
		if sends := ev.Sends(); len(sends) > 0 {
			return failed("no task-creating request: the card was refused ("+string(reasons[0])+")",
				fmt.Sprintf("%s at #%d (peer %s)", sends[0].Op, sends[0].Seq, sends[0].Peer), seqs(sends)...)
		}
		reason := reasons[0]
		if o := ev.Outcome(); o != nil && slices.Contains(reasons, o.Reason) {
			reason = o.Reason
		}
		return allOf(ev, noCancel, outcomeIs(driver.OutcomeAborted, reason))
	}
}

// RefusedVersion is RefusedFor, and no A2A request in the task but the
// extended card's fetch (over the public card, which speaks 1.0): a card
// none of whose interfaces speaks 1.0 gets no request at all.
func RefusedVersion(c Change, reasons ...driver.Reason) func(*Evidence) verdict.Judgement {
	refused := RefusedFor(c, reasons...)
	return func(ev *Evidence) verdict.Judgement {
		if calls := ev.Select(func(ex journal.Exchange) bool {
			return isA2ACall(ex) && ex.Op != wire.MethodGetExtendedAgentCard
		}); len(calls) > 0 {
			return failed("no A2A request to a card none of whose interfaces speaks "+wire.ProtocolVersion,
				fmt.Sprintf("%d request(s), first #%d %s (A2A-Version %q)", len(calls), calls[0].Seq, opOrPath(calls[0]),
					clip(calls[0].A2AVersion, 64)), seqs(calls)...)
		}
		return refused(ev)
	}
}

// StandInOrigins are origins a card is built with to read what depends on
// no origin (its interfaces' bindings, versions and tenants), before any
// farm starts.
func StandInOrigins(peer string) string { return standInOrigins(peer) }
