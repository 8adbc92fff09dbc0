package refclient

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Continue sends text to the existing task with SendMessage (multi-turn:
// the message names the task and its context). With block, the request
// does not ask to return immediately, so the peer answers once the task is
// terminal or interrupted; otherwise it answers at once. The session's
// frozen contract travels along, as with Send.
func (s *Session) Continue(ctx context.Context, task *wire.Task, text string, block bool) (*wire.Task, error) {
	req := s.request(text)
	req.Message.TaskID, req.Message.ContextID = task.ID, task.ContextID
	if !block {
		req.Configuration = &wire.SendMessageConfiguration{ReturnImmediately: true}
	}
	resp, err := s.binding.sendMessage(ctx, req)
	if err != nil {
		return nil, err
	}
	if resp.Task == nil {
		return nil, fmt.Errorf("%w: SendMessage on task %s answered without a task", ErrPeer, task.ID)
	}
	return resp.Task, nil
}
