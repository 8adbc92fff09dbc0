package journal

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
)

// A scan is a pure function of the index and the text: the same text
// scanned again, by the same index, finds the same secrets. A peer sees
// the same texts over and over (its own card and answers, the validator
// a client sends back, a polled task's request and answer), so each
// index remembers its latest results and a text seen again costs a hash
// and a comparison instead of a scan. Nothing is skipped: every text is
// still scanned, once per index, and redacted from the result.
const (
	memoSlots  = 64       // results remembered per index, one per hash slot
	memoMaxLen = 16 << 10 // longer texts are scanned each time: rare, and big to keep
	// memoEarlyLen: a text this long is looked up before its survey, and
	// remembered even when the survey finds it not worth a scan.
	memoEarlyLen = 128
)

var memoSeed = maphash.MakeSeed()

// scanMemo holds an index's latest results; entries are immutable and
// replaced whole, so readers need no lock.
type scanMemo struct {
	slots [memoSlots]atomic.Pointer[memoEntry]
}

type memoEntry struct {
	hash          uint64
	text          string // a copy: never the backing of a larger string
	deflated, cut bool
	res           ScanResult
	out           string // what Clean made of text (the cleaned memo only)
}

// lookup is the remembered result of scanning t so, if any; hash is t's,
// for the store that follows a miss.
func (m *scanMemo) lookup(t string, deflated, cut bool) (res ScanResult, hash uint64, ok bool) {
	hash = maphash.String(memoSeed, t)
	e := m.slots[hash%memoSlots].Load()
	if e != nil && e.hash == hash && e.deflated == deflated && e.cut == cut && e.text == t {
		return e.res, hash, true
	}
	return ScanResult{}, hash, false
}

func (m *scanMemo) store(t string, hash uint64, deflated, cut bool, res ScanResult) {
	m.slots[hash%memoSlots].Store(&memoEntry{hash: hash, text: strings.Clone(t), deflated: deflated, cut: cut, res: res})
}

// entry is lookup for the cleaned memo: the whole entry, nil if none.
func (m *scanMemo) entry(t string, deflated, cut bool) (*memoEntry, uint64) {
	hash := maphash.String(memoSeed, t)
	e := m.slots[hash%memoSlots].Load()
	if e != nil && e.hash == hash && e.deflated == deflated && e.cut == cut && e.text == t {
		return e, hash
	}
	return nil, hash
}

// keep remembers what Clean made of t: out is t's copy when unchanged.
func (m *scanMemo) keep(t string, hash uint64, deflated, cut bool, res ScanResult, out string) {
	e := &memoEntry{hash: hash, text: strings.Clone(t), deflated: deflated, cut: cut, res: res, out: out}
	if out == t {
		e.out = e.text
	}
	m.slots[hash%memoSlots].Store(e)
}

// credentialMemo is one credential header value and its redaction: the
// value kept only as its scheme and mark, and the secrets it held.
type credentialMemo struct {
	value, redacted string
	names           []string // shared: only ever copied from
}
