package runner

import (
	"context"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// oneShot is a session in which every task runs on its own: a fresh
// process (Command) or a fresh client value (InProcessClient).
type oneShot struct {
	base driver.Assignment
	run  func(context.Context, driver.Assignment) (Result, error)
}

func (s *oneShot) Mode() driver.Mode { return driver.ModeOneShot }

func (s *oneShot) Do(ctx context.Context, a driver.Assignment) (Result, error) {
	return s.run(ctx, sessionTask(s.base, a))
}

func (s *oneShot) Close() Result { return Result{ExitCode: 0} }
