package mockpeer

import (
	"encoding/base64"
	"slices"
	"strconv"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// task is one task of a peer. It is only touched with the peer's lock held.
type task struct {
	id, contextID string
	seq           int // creation order
	step          int // script step in force
	script        []TaskStep
	status        wire.TaskStatus
	statusAt      time.Time
	statusVersion int // card version in force when status was set
	rev           int // bumped on every status change; streams watch it
	// ver is bumped on every change a snapshot shows (status, history,
	// artifacts); answer is the latest snapshot with its JSON, made at
	// version answer.ver (answer.go).
	ver       int
	answer    *taskAnswer
	artifacts []wire.Artifact
	history   []wire.Message // the user messages
	// changed is closed on the next status change, waking the paced sends
	// and streams that follow the task; nil until one watches.
	changed chan struct{}
	dropped bool // Reset dropped the task: whoever follows it stops
}

// watchLocked returns a channel closed on t's next change.
func (t *task) watchLocked() <-chan struct{} {
	if t.changed == nil {
		t.changed = make(chan struct{})
	}
	return t.changed
}

// wakeLocked tells every watcher that t changed.
func (t *task) wakeLocked() {
	if t.changed != nil {
		close(t.changed)
		t.changed = nil
	}
}

func (t *task) settled() bool {
	return t.status.State.Terminal() || t.status.State.Interrupted()
}

// taskStore holds a peer's tasks. Ids keep counting across Reset.
type taskStore struct {
	byID     map[string]*task
	nextTask int
	nextCtx  int
}

func (s *taskStore) add(t *task) {
	if s.byID == nil {
		s.byID = map[string]*task{}
	}
	s.byID[t.id] = t
}

// drop forgets every task and stops whoever still follows one.
func (s *taskStore) drop() {
	for _, t := range s.byID {
		t.dropped = true
		t.wakeLocked()
	}
	s.byID = nil
}

func (s *taskStore) get(id string) *task { return s.byID[id] }

// snapshot is the wire form of t: history cut to historyLength (nil means
// all, 0 none), artifacts only when asked for.
func (t *task) snapshot(historyLength *int32, withArtifacts bool) wire.Task {
	out := wire.Task{ID: t.id, ContextID: t.contextID, Status: t.status}
	h := t.history
	if historyLength != nil && int(*historyLength) < len(h) {
		h = h[len(h)-max(int(*historyLength), 0):]
	}
	if len(h) > 0 {
		out.History = slices.Clone(h)
	}
	if withArtifacts && len(t.artifacts) > 0 {
		out.Artifacts = slices.Clone(t.artifacts)
	}
	return out
}

// list answers ListTasks: filtered, newest status first, paged by an
// opaque offset token.
func (s *taskStore) list(req *wire.ListTasksRequest) (*wire.ListTasksResponse, string) {
	size := 50
	if req.PageSize != nil && *req.PageSize != 0 {
		if *req.PageSize < 1 || *req.PageSize > 100 {
			return nil, "pageSize must be between 1 and 100"
		}
		size = int(*req.PageSize)
	}
	offset := 0
	if req.PageToken != "" {
		n, ok := decodePageToken(req.PageToken)
		if !ok {
			return nil, "pageToken was not issued by this peer"
		}
		offset = n
	}
	var after time.Time
	if req.StatusTimestampAfter != "" {
		t, err := time.Parse(time.RFC3339Nano, req.StatusTimestampAfter)
		if err != nil {
			return nil, "statusTimestampAfter is not an RFC 3339 timestamp"
		}
		after = t
	}
	var match []*task
	for _, t := range s.byID {
		if req.ContextID != "" && t.contextID != req.ContextID ||
			req.Status != "" && req.Status != wire.TaskStateUnspecified && t.status.State != req.Status ||
			!after.IsZero() && !t.statusAt.After(after) {
			continue
		}
		match = append(match, t)
	}
	slices.SortFunc(match, func(a, b *task) int {
		if c := b.statusAt.Compare(a.statusAt); c != 0 {
			return c
		}
		return b.seq - a.seq
	})
	resp := &wire.ListTasksResponse{Tasks: []wire.Task{}, PageSize: int32(size), TotalSize: int32(len(match))}
	if offset > len(match) {
		offset = len(match)
	}
	end := min(offset+size, len(match))
	for _, t := range match[offset:end] {
		resp.Tasks = append(resp.Tasks, t.snapshot(req.HistoryLength, req.IncludeArtifacts))
	}
	if end < len(match) {
		resp.NextPageToken = encodePageToken(end)
	}
	return resp, ""
}

func encodePageToken(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("offset:" + strconv.Itoa(offset)))
}

func decodePageToken(tok string) (int, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil || len(raw) < len("offset:") || string(raw[:7]) != "offset:" {
		return 0, false
	}
	n, err := strconv.Atoi(string(raw[7:]))
	return n, err == nil && n >= 0
}
