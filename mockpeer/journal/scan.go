package journal

import (
	"slices"
	"strings"
	"sync"
)

// The scan is how the farm finds its secrets: in what a client sent, to
// say which credentials reached a peer (AuthSeen.Presented), and in every
// field it journals, to redact them. Both use this one function over the
// same text, so whatever is seen is also redacted, and what is redacted
// was seen.
//
// A secret is found as sent, in any letter case, and in every form a
// server decodes with a standard decoder: a body's content coding (gzip,
// or zlib, wherever its magic appears, whatever the headers say; raw
// deflate where Content-Encoding says deflate), base64 in either alphabet,
// padded or not, anywhere (any header, the path, the query, the body) and
// at any alignment inside a longer run, percent escapes, and JSON's \u and
// \/ escapes; and these nested, up to scanDepth decodings.
//
// scanDepth is 4: a server decodes a content coding, then the field of the
// body holding the credential (its JSON or URL escapes), then the
// credential itself (base64, as Basic is): three layers; a fourth covers
// what is escaped twice (a URL in a JSON string, a JSON document in a
// form field). No standard server decodes deeper without code written for
// it, and every layer costs a decoding of what the one above produced.
const scanDepth = 4

// Bounds of one scan: what a zip bomb, or a text built to be decoded over
// and over, can cost the farm. A decoding stopped by one leaves the scan
// unexamined, which fails closed (ScanResult.unexamined).
const (
	// maxInflated bounds what one compressed stream may expand to: the
	// peer reads no body past MaxBodyBytes (1 MiB), nor what one inflates to.
	maxInflated = 1 << 20
	// maxStreamTries bounds the magics of compressed streams tried in one
	// scan: random bytes hold a zlib magic every 16 KiB or so, a text built
	// of nothing else one every two bytes.
	maxStreamTries = 1024
	// scanBudget + scanBudgetPerByte*len(text) bounds the bytes all the
	// decodings of one scan may produce.
	scanBudget        = 2 * maxInflated
	scanBudgetPerByte = 16
)

// decoding names one layer the scan looked through.
type decoding uint8

const (
	viaBase64 decoding = iota + 1
	viaPercent
	viaJSON
	viaGzip
	viaZlib
	viaDeflate
)

var decodingNames = [...]string{viaBase64: "base64", viaPercent: "percent-encoding", viaJSON: "JSON escapes",
	viaGzip: "gzip", viaZlib: "zlib", viaDeflate: "deflate"}

// A finding is one secret a scan found, and how it was spelled there.
type finding struct {
	name string // CredBearer, ...
	// form is "plain", or the decodings that revealed the secret from the
	// outside in: "base64 of gzip of percent-encoding".
	form string
}

// ScanResult is what one scan found. found is nil when nothing was: the
// common text costs no allocation.
type ScanResult struct {
	found []finding
	// unexamined: a bound (maxInflated, maxStreamTries, the budget) stopped a
	// decoding, and what lay past it is unknown: detection names
	// CredUnexamined, redaction withholds the whole text.
	unexamined bool
	// openStream: a compressed stream ran to the end of the text
	// unfinished. When the text is a capture the journal cut, its last
	// inflated bytes may be part of a secret no scan can recognise.
	openStream bool
}

// plain reports whether a secret was found as sent, which redaction can
// cut out; an encoded one cannot be.
func (r ScanResult) plain() bool {
	return slices.ContainsFunc(r.found, func(f finding) bool { return f.form == formPlain })
}

// Names lists the secrets found, with CredUnexamined when the scan was
// stopped short, unsorted.
func (r ScanResult) Names() []string {
	var names []string
	for _, f := range r.found {
		names = append(names, f.name)
	}
	if r.unexamined {
		names = append(names, CredUnexamined)
	}
	return names
}

// Any: the scan found a secret, or could not tell.
func (r ScanResult) Any() bool { return len(r.found) > 0 || r.unexamined }

const formPlain = "plain"

// scanner is the state of one scan; pooled, with the arena its decodings
// write to, so that a text that only looks encoded (an ETag, a trace id)
// is decoded without an allocation.
type scanner struct {
	ix      *SecretIndex
	budget  int // bytes the decodings may still produce
	streams int // compressed streams that may still be tried
	path    [scanDepth]decoding
	arena   []byte // decoded layers, used as a stack
	res     ScanResult
	inflaters
	// top is the text scanned, whose base64 runs repeat (scanRepeat).
	top string
	// runs is what each base64 run of top scanned so far cost, by its
	// text: a run seen again in this scan is skipped, its cost spent
	// (scanRepeat), when repeats is set. Cleared after every scan, kept
	// with the scanner.
	runs    map[string]runCost
	repeats bool
}

// runCost is what scanning a run's decodings spent of a scan's bounds.
type runCost struct{ budget, streams int }

var scanners = sync.Pool{New: func() any { return new(scanner) }}

// Scan looks for every secret of ix in t, as sent and in every form the
// scan decodes. deflated says t is a body whose Content-Encoding is
// deflate, which may be raw deflate (no magic to find it by).
func (ix *SecretIndex) Scan(t string, deflated bool) ScanResult {
	return ix.scanText(t, deflated, false)
}

// ScanOnce is Scan for a text that will not be seen again (a connection's
// stream, chunk by chunk): it is not remembered (scan_memo.go).
func (ix *SecretIndex) ScanOnce(t string) ScanResult {
	return ix.scanTextAs(t, false, false, false)
}

// scanText is scan; cut says t is a capture the journal cut, whose end
// may be a compressed stream broken off however short it is
// (ScanResult.openStream).
func (ix *SecretIndex) scanText(t string, deflated, cut bool) ScanResult {
	return ix.scanTextAs(t, deflated, cut, true)
}

// scanTextAs is scanText, remembering its result only when remember is set.
func (ix *SecretIndex) scanTextAs(t string, deflated, cut, remember bool) ScanResult {
	if len(t) < ix.minForm && !cut {
		return ScanResult{} // shorter than any form of any secret
	}
	// A long text is looked up before its survey, which reads every byte:
	// the lookup is a hash and a comparison. A short one only when the
	// survey says it is worth a scan.
	memo, early := remember && len(t) <= memoMaxLen, len(t) >= memoEarlyLen
	var hash uint64
	if memo && early {
		var res ScanResult
		var seen bool
		if res, hash, seen = ix.memo.lookup(t, deflated, cut); seen {
			return res
		}
	}
	s := surveyOf(t)
	if !s.worthScanning(ix) && !deflated {
		if memo && early {
			ix.memo.store(t, hash, deflated, cut, ScanResult{})
		}
		return ScanResult{}
	}
	if memo && !early {
		var res ScanResult
		var seen bool
		if res, hash, seen = ix.memo.lookup(t, deflated, cut); seen {
			return res
		}
	}
	res := ix.scanSurveyedText(t, s, deflated, true)
	if memo {
		ix.memo.store(t, hash, deflated, cut, res)
	}
	return res
}

// scanSurveyedText runs the scan of t, surveyed as s. repeats: a base64
// run of t seen before in the scan is skipped (scanRepeat); a test turns
// it off to compare.
func (ix *SecretIndex) scanSurveyedText(t string, s survey, deflated, repeats bool) ScanResult {
	sc := scanners.Get().(*scanner)
	sc.ix, sc.budget, sc.streams, sc.res = ix, scanBudget+scanBudgetPerByte*len(t), maxStreamTries, ScanResult{}
	sc.top, sc.repeats = t, repeats
	scanSurveyed(sc, t, s, 0)
	if deflated {
		inflateAt(sc, t, 0, viaDeflate, 0)
	}
	res := sc.res
	sc.ix, sc.res, sc.top = nil, ScanResult{}, ""
	clear(sc.runs) // its keys are substrings of t
	sc.src.Reset(nil)
	sc.ssrc.Reset("")
	if cap(sc.arena) > maxInflated { // a bomb's arena is not kept
		sc.arena = nil
	}
	scanners.Put(sc)
	return res
}

// scanLayer scans one layer of t, depth decodings deep.
func scanLayer[T text](sc *scanner, t T, depth int) {
	if len(t) < sc.ix.minForm {
		return
	}
	if s := surveyOf(t); s.worthScanning(sc.ix) {
		scanSurveyed(sc, t, s, depth)
	}
}

func scanSurveyed[T text](sc *scanner, t T, s survey, depth int) {
	if s.plainRun >= sc.ix.minLen {
		for from := 0; ; {
			start, end, name := nextPlain(sc.ix, t, from)
			if start < 0 {
				break
			}
			sc.record(name, depth)
			from = end
		}
	}
	if depth == scanDepth {
		return
	}
	if s.percent {
		descendUnescaped(sc, t, depth, viaPercent, appendPercentDecoded[T])
	}
	if s.json {
		descendUnescaped(sc, t, depth, viaJSON, appendJSONUnescaped[T])
	}
	if s.b64Run >= sc.ix.minBase64 {
		scanBase64Runs(sc, t, depth)
	}
	if s.streams {
		scanStreams(sc, t, depth)
	}
}

// descendUnescaped scans what unescape makes of t, one layer down.
func descendUnescaped[T text](sc *scanner, t T, depth int, via decoding, unescape func([]byte, T) []byte) {
	if !sc.spend(len(t)) {
		return
	}
	mark := len(sc.arena)
	sc.arena = unescape(sc.arena, t)
	sc.descend(sc.arena[mark:], depth, via)
	sc.arena = sc.arena[:mark]
}

// descend scans a decoded layer; its bytes are the arena's from the
// caller's mark, which the caller drops afterwards.
func (sc *scanner) descend(layer []byte, depth int, via decoding) {
	sc.path[depth] = via
	scanLayer(sc, layer, depth+1)
}

// spend takes n bytes of decoding from the budget, or marks the scan
// unexamined when they are not there.
func (sc *scanner) spend(n int) bool {
	if n > sc.budget {
		sc.res.unexamined = true
		return false
	}
	sc.budget -= n
	return true
}

// record notes a secret found depth decodings deep, once per secret.
func (sc *scanner) record(name string, depth int) {
	if slices.ContainsFunc(sc.res.found, func(f finding) bool { return f.name == name }) {
		return
	}
	form := formPlain
	if depth > 0 {
		names := make([]string, depth)
		for i, d := range sc.path[:depth] {
			names[i] = decodingNames[d]
		}
		form = strings.Join(names, " of ")
	}
	sc.res.found = append(sc.res.found, finding{name, form})
}
