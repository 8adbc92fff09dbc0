package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// deadlineMargin: the adapter stops this long before the runner's
// deadline, so that its outcome is written before it is killed.
const deadlineMargin = 500 * time.Millisecond

// task is one delegation as the runner describes it.
type task struct {
	number           int
	cardURL, message string
	stopAt           time.Time
}

// taskOf is the task of a, handed out at started.
func taskOf(a driver.Assignment, started time.Time) (task, error) {
	if a.Deadline <= 0 {
		return task{}, errors.New("a2a-go-adapter: the task has no positive deadline")
	}
	t := task{number: max(a.Task, 1), cardURL: a.CardURL, message: a.Message,
		stopAt: started.Add(max(a.Deadline-deadlineMargin, a.Deadline/2))}
	for name, v := range map[string]string{"card URL": t.cardURL, "message": t.message} {
		if v == "" {
			return task{}, fmt.Errorf("a2a-go-adapter: task %d has no %s", t.number, name)
		}
	}
	return t, nil
}
