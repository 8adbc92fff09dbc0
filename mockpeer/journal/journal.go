package journal

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
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
	// records[head:] are the kept exchanges, encoded (journal_codec.go),
	// sorted by Seq. A stored record is never changed again. A ring evicts
	// by moving head, and moves the live records down once half are dead,
	// so that its slice is reused instead of reallocated.
	records []record
	head    int
	counts  JournalCounts
	// wholeFull: no more exchanges are kept whole (set under mu, read
	// without it), so append no longer encodes one whole first.
	wholeFull atomic.Bool
	// onExchange, if non-nil, is called after every append, outside mu and
	// one call at a time (hookMu), so a hook that prints needs no lock.
	onExchange func(Exchange)
	hookMu     sync.Mutex
	// watchers are the channels of Watch, signalled under mu.
	watchers map[chan struct{}]struct{}
}

// JournalCounts say how much of what the peers saw the journal still holds.
type JournalCounts struct {
	Seen    int64 `json:"seen"`    // exchanges journaled, kept or not
	Whole   int64 `json:"whole"`   // kept whole
	Compact int64 `json:"compact"` // kept in compact form
	Dropped int64 `json:"dropped"` // not kept: past the limits, or evicted from the ring
}

// record is one kept exchange: its sequence number, to search by, and
// its encoded form.
type record struct {
	seq  int64
	data []byte
}

// New makes a journal bounded by l (zero fields: defaults); onExchange,
// if non-nil, sees every exchange appended.
func New(l JournalLimits, onExchange func(Exchange)) *Journal {
	return &Journal{limits: l.WithDefaults(), onExchange: onExchange}
}

// Reserve hands out the next sequence number, when a request arrives.
func (j *Journal) Reserve() int64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.nextSeq++
	return j.nextSeq
}

// Append stores e (already sealed: redacted, then Bound) in Seq order, whole, compact or not at
// all as the limits say; the hook sees what was kept, or the compact form
// of what was dropped.
func (j *Journal) Append(e *Exchange) {
	// Encoded before the lock, so that concurrent requests encode in
	// parallel, while exchanges are still kept whole. The compact form,
	// when the limits call for it, is small enough to encode under the lock.
	var data []byte
	if !j.wholeFull.Load() {
		data = encodeExchange(e)
	}
	j.mu.Lock()
	if j.limits.Ring && j.counts.Whole >= int64(j.limits.Exchanges) && len(j.records) > j.head {
		j.evictLocked()
		j.counts.Whole--
		j.counts.Dropped++
	}
	j.counts.Seen++
	keep := true
	switch {
	case j.counts.Whole < int64(j.limits.Exchanges):
		j.counts.Whole++
		if data == nil { // cannot happen: wholeFull is set only past this
			data = encodeExchange(e)
		}
		if !j.limits.Ring && j.counts.Whole == int64(j.limits.Exchanges) {
			j.wholeFull.Store(true) // a ring evicts, so it keeps whole forever
		}
	case j.counts.Compact < int64(j.limits.Compact):
		compact(e)
		data = encodeExchange(e)
		j.counts.Compact++
	default:
		compact(e)
		j.counts.Dropped++
		keep = false
	}
	if keep {
		live := j.records[j.head:]
		i := sort.Search(len(live), func(i int) bool { return live[i].seq > e.Seq })
		j.records = slices.Insert(j.records, j.head+i, record{e.Seq, data})
	}
	j.signalLocked()
	j.mu.Unlock()
	hook := j.onExchange
	if hook != nil {
		j.hookMu.Lock()
		defer j.hookMu.Unlock()
		hook(*e) // e is this call's own: the journal kept its encoded form
	}
}

// evictLocked drops the oldest kept record.
func (j *Journal) evictLocked() {
	j.records[j.head] = record{} // let the evicted record be collected
	j.head++
	if j.head >= len(j.records)/2 {
		n := copy(j.records, j.records[j.head:])
		clear(j.records[n:])
		j.records, j.head = j.records[:n], 0
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
	return len(j.records) - j.head
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
	j.each(0, func(e Exchange) error {
		if keep == nil || keep(e) {
			out = append(out, e)
		}
		return nil
	})
	return out
}

// each decodes the exchanges after seq one at a time, in Seq order, and
// calls fn with each until it returns an error. Records never change once
// stored, so they are read outside the lock.
func (j *Journal) each(after int64, fn func(Exchange) error) error {
	j.mu.Lock()
	live := j.records[j.head:]
	i := sort.Search(len(live), func(i int) bool { return live[i].seq > after })
	records := slices.Clone(live[i:])
	j.mu.Unlock()
	for _, r := range records {
		e, err := decodeExchange(r.data)
		if err != nil {
			return err // the journal wrote it: a bug, reported rather than skipped
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// WriteJSONLines writes one JSON object per exchange kept, in Seq order.
func (j *Journal) WriteJSONLines(w io.Writer) error {
	return j.WriteJSONLinesAfter(w, 0, "")
}

// WriteJSONLinesAfter writes the exchanges after seq, of peer only unless peer
// is "", one at a time, so that reading a large journal costs one record
// of memory, not a copy of all.
func (j *Journal) WriteJSONLinesAfter(w io.Writer, after int64, peer string) error {
	enc := json.NewEncoder(w)
	return j.each(after, func(e Exchange) error {
		if peer != "" && e.Peer != peer {
			return nil
		}
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("journal: write: %w", err)
		}
		return nil
	})
}
