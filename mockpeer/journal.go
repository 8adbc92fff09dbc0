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
// the requests that overtook it. It is bounded by JournalLimits: past its
// limits exchanges are kept compact, then only counted (Counts). It is safe
// for concurrent use.
type Journal struct {
	mu      sync.Mutex
	limits  JournalLimits
	nextSeq int64
	// entries holds pointers so that growing the slice copies 8 bytes per
	// exchange, not the whole record; sorted by Seq. A stored exchange is
	// never changed again.
	entries []*Exchange
	counts  JournalCounts
	// onExchange, if non-nil, is called after every append, outside mu and
	// one call at a time (hookMu), so a hook that prints needs no lock.
	onExchange func(Exchange)
	hookMu     sync.Mutex
}

// JournalCounts say how much of what the peers saw the journal still holds.
type JournalCounts struct {
	Seen    int64 `json:"seen"`    // exchanges journaled, kept or not
	Whole   int64 `json:"whole"`   // kept whole
	Compact int64 `json:"compact"` // kept in compact form
	Dropped int64 `json:"dropped"` // not kept: past the limits, or evicted from the ring
}

// newJournal makes a journal bounded by l (zero fields: defaults).
func newJournal(l JournalLimits, onExchange func(Exchange)) *Journal {
	return &Journal{limits: l.withDefaults(), onExchange: onExchange}
}

// reserve hands out the next sequence number.
func (j *Journal) reserve() int64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.nextSeq++
	return j.nextSeq
}

// append stores e (already sealed) in Seq order, whole, compact or not at
// all as the limits say; the hook sees what was kept, or the compact form
// of what was dropped.
func (j *Journal) append(e Exchange) {
	j.mu.Lock()
	if j.limits.Ring && j.counts.Whole >= int64(j.limits.Exchanges) && len(j.entries) > 0 {
		j.entries[0] = nil // let the evicted exchange be collected
		j.entries = j.entries[1:]
		j.counts.Whole--
		j.counts.Dropped++
	}
	j.counts.Seen++
	keep := true
	switch {
	case j.counts.Whole < int64(j.limits.Exchanges):
		j.counts.Whole++
	case j.counts.Compact < int64(j.limits.Compact):
		compact(&e)
		j.counts.Compact++
	default:
		compact(&e)
		j.counts.Dropped++
		keep = false
	}
	if keep {
		i := sort.Search(len(j.entries), func(i int) bool { return j.entries[i].Seq > e.Seq })
		j.entries = slices.Insert(j.entries, i, &e)
	}
	hook := j.onExchange
	j.mu.Unlock()
	if hook != nil {
		j.hookMu.Lock()
		defer j.hookMu.Unlock()
		hook(copyExchange(e))
	}
}

// All returns a copy of every exchange kept, in Seq order.
func (j *Journal) All() []Exchange {
	return j.Select(nil)
}

// Len is the number of exchanges kept.
func (j *Journal) Len() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.entries)
}

// Counts says how many exchanges were journaled, kept and dropped.
func (j *Journal) Counts() JournalCounts {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.counts
}

// Limits are the journal's limits, defaults filled in.
func (j *Journal) Limits() JournalLimits { return j.limits }

// Select returns copies of the exchanges keep accepts, in Seq order; a nil
// keep accepts all.
func (j *Journal) Select(keep func(Exchange) bool) []Exchange {
	out := []Exchange{}
	for _, e := range j.snapshot() {
		if keep == nil || keep(*e) {
			out = append(out, copyExchange(*e))
		}
	}
	return out
}

// snapshot is the kept exchanges as they are now; the records themselves
// are never changed once stored, so they are shared, not copied.
func (j *Journal) snapshot() []*Exchange {
	j.mu.Lock()
	defer j.mu.Unlock()
	return slices.Clone(j.entries)
}

// WriteJSONLines writes one JSON object per exchange kept, in Seq order.
func (j *Journal) WriteJSONLines(w io.Writer) error {
	return j.writeJSONLines(w, 0, "")
}

// writeJSONLines writes the exchanges after seq, of peer only unless peer
// is "", one at a time, so that reading a large journal costs one record
// of memory, not a copy of all.
func (j *Journal) writeJSONLines(w io.Writer, after int64, peer string) error {
	enc := json.NewEncoder(w)
	for _, e := range j.snapshot() {
		if e.Seq <= after || (peer != "" && e.Peer != peer) {
			continue
		}
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
	e.Truncated = slices.Clone(e.Truncated)
	if e.RequestMetadata != nil {
		e.RequestMetadata = maps.Clone(e.RequestMetadata)
	}
	return e
}
