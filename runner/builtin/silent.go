package builtin

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// silentClient is adversarial (gallery.go): it sends nothing at all, not
// even a card request, and reports outcome/reason for every task, the
// verdict a scenario expects when a correct client gives up before the
// send. A check that reads only the outcome cannot tell it from the
// reference.
func silentClient(name string, outcome driver.OutcomeKind, reason driver.Reason) client {
	said := driver.Outcome{Outcome: outcome, Reason: reason,
		Detail: fmt.Sprintf("builtin: %s: adversarial: nothing was sent", name)}
	return client{name: name, own: func() task {
		return func(context.Context, driver.Assignment) driver.Outcome { return said }
	}}
}
