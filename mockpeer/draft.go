package mockpeer

import (
	"context"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// draft collects, while a request is served, the facts only the serving
// code knows; the router turns it into the Exchange afterwards.
type draft struct {
	cardVersion     int // version a card response was made from; -1 if none
	arrivalVersion  int // version in force when the request arrived, or that an armed rotation it fired put in force
	taskID          string
	stateBefore     wire.TaskState
	stateAfter      wire.TaskState
	stateVersion    int  // card version in force when the task entered stateAfter
	blocking        bool // a SendMessage the handler held to the task's end
	auth            AuthSeen
	requestMetadata map[string]any
}

func (d *draft) before(t *task) {
	d.taskID = t.id
	d.stateBefore = t.status.State
}

func (d *draft) after(t *task) {
	d.taskID = t.id
	d.stateAfter, d.stateVersion = t.status.State, t.statusVersion
}

type draftKey struct{}

func withDraft(ctx context.Context, d *draft) context.Context {
	return context.WithValue(ctx, draftKey{}, d)
}

func draftFrom(ctx context.Context) *draft {
	d, _ := ctx.Value(draftKey{}).(*draft)
	return d
}

// draftOf returns r's draft, or a throwaway one when r did not come through
// the router (a handler called directly).
func draftOf(r *http.Request) *draft {
	if d := draftFrom(r.Context()); d != nil {
		return d
	}
	return &draft{cardVersion: -1}
}
