package builtin

import (
	"context"
	"strconv"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// silentComplete is adversarial (gallery.go): it sends nothing and reports
// every task completed, under the id a mock peer gives its n-th task
// ("task-1", "task-2", ...) when the task is the session's n-th. The id has
// the right shape; only the journal can show that no such task was ever
// created for this client.
func silentComplete() task {
	return func(_ context.Context, a driver.Assignment) driver.Outcome {
		return driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-" + strconv.Itoa(max(a.Task, 1)),
			Detail: "builtin: " + SilentComplete + ": adversarial: nothing was sent"}
	}
}
