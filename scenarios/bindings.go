package scenarios

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// NoOfferedBinding reports whether the client speaks none of the bindings
// the run offered, with the reason every requirement of the scenario is
// then not applicable. It takes all of these, so that a client doing
// nothing cannot claim it:
//   - the run narrowed the bindings (run --bindings), leaving out at least
//     one of A2A's three: with every binding offered, explicitly or by
//     default (no --bindings, every card lists all three but where its
//     scenario narrows on purpose), a client has no excuse;
//   - the client fetched a card, so it saw what was offered;
//   - every task ended aborted/binding-unsupported;
//   - no request reached an A2A interface of any peer (a request to a
//     binding the run did not offer has no route there, and does not count).
//
// A run whose every played scenario is so exits as a configuration error
// (report.Finish), never as a pass.
func (ev *Evidence) NoOfferedBinding() (string, bool) {
	if ev.Offered == nil || len(ev.Offered) >= len(mockpeer.AllBindings) {
		return "", false
	}
	if len(ev.CardFetches("")) == 0 || len(ev.A2A()) > 0 {
		return "", false
	}
	for _, run := range ev.Runs() {
		o := run.Outcome
		if o == nil || o.Outcome != driver.OutcomeAborted || o.Reason != driver.ReasonBindingUnsupported {
			return "", false
		}
	}
	return "the client speaks none of the bindings offered (" + strings.Join(ev.Offered, ", ") +
		"): it fetched the card, sent nothing to an A2A interface and aborted with binding-unsupported", true
}

// BindingsUsed are the bindings of the A2A calls that reached a peer,
// sorted.
func (ev *Evidence) BindingsUsed() []string {
	var used []string
	for _, ex := range ev.A2A() {
		if ex.Binding != "" && !slices.Contains(used, ex.Binding) {
			used = append(used, ex.Binding)
		}
	}
	slices.Sort(used)
	return used
}
