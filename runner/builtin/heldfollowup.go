package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// heldFollowUp is adversarial (gallery.go): the reference polling, except
// that instead of its first poll it sends the task a follow-up message
// with a blocking SendMessage, which the peer holds to the task's end. The
// send asked to return immediately, so the play looks watched, and the
// held answer shows the task in the state it ended in, entered after
// whatever changed while it ran; but the client never asked how the task
// was doing while it ran. A judge that counted any answer about the task
// as watching would pass the mid-task requirements on it.
func heldFollowUp(cfg *refclient.Config) {
	cfg.SendMode = refclient.Poll
	cfg.UnsafeDecisions.Watcher = holdToTheEnd{}
}

// followUpText is what heldFollowUp sends the running task.
const followUpText = "Please go on."

type holdToTheEnd struct{}

func (holdToTheEnd) BeforePoll(ctx context.Context, s *refclient.Session, task *wire.Task) (*wire.Task, error) {
	return s.Continue(ctx, task, followUpText, true)
}
