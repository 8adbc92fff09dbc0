package mockpeer

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"sync"
)

// Journal is the record of every exchange of one farm, all peers together,
// under one sequence. Sequence numbers are taken when a request arrives,
// so Seq order is arrival order even when a long stream is journaled after
// the requests that overtook it. It is safe for concurrent use.
type Journal struct {
	mu      sync.Mutex
	nextSeq int64
	// entries holds pointers so that growing the slice copies 8 bytes per
	// exchange, not the whole record; sorted by Seq.
	entries []*Exchange
	// onExchange, if non-nil, is called after every append, outside mu and
	// one call at a time (hookMu), so a hook that prints needs no lock.
	onExchange func(Exchange)
	hookMu     sync.Mutex
}

// reserve hands out the next sequence number.
func (j *Journal) reserve() int64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.nextSeq++
	return j.nextSeq
}

// append stores e (already redacted) in Seq order.
func (j *Journal) append(e Exchange) {
	j.mu.Lock()
	i := sort.Search(len(j.entries), func(i int) bool { return j.entries[i].Seq > e.Seq })
	j.entries = slices.Insert(j.entries, i, &e)
	hook := j.onExchange
	j.mu.Unlock()
	if hook != nil {
		j.hookMu.Lock()
		defer j.hookMu.Unlock()
		hook(copyExchange(e))
	}
}

// All returns a copy of every exchange in Seq order.
func (j *Journal) All() []Exchange {
	return j.Select(nil)
}

// Len is the number of exchanges journaled so far.
func (j *Journal) Len() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.entries)
}

// Select returns copies of the exchanges keep accepts, in Seq order; a nil
// keep accepts all.
func (j *Journal) Select(keep func(Exchange) bool) []Exchange {
	j.mu.Lock()
	entries := slices.Clone(j.entries)
	j.mu.Unlock()
	out := make([]Exchange, 0, len(entries))
	for _, e := range entries {
		if keep == nil || keep(*e) {
			out = append(out, copyExchange(*e))
		}
	}
	return out
}

// WriteJSONLines writes one JSON object per exchange, in Seq order.
func (j *Journal) WriteJSONLines(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, e := range j.All() {
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("mockpeer: write journal: %w", err)
		}
	}
	return nil
}

// copyExchange detaches the maps and slices of e from the journal's copy.
func copyExchange(e Exchange) Exchange {
	e.Header = e.Header.Clone()
	e.Extensions = slices.Clone(e.Extensions)
	e.Auth.Presented = slices.Clone(e.Auth.Presented)
	if e.RequestMetadata != nil {
		e.RequestMetadata = maps.Clone(e.RequestMetadata)
	}
	return e
}
