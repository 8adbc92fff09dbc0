package journal

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounding runs after redaction (the farm's seal): a cut can only ever split a
// redaction mark, never a secret.

// Names in Exchange.Truncated: the JSON names of the fields cut.
const (
	TruncHeader     = "header"
	TruncPath       = "path"
	TruncQuery      = "query"
	TruncBody       = "body"
	TruncResponse   = "response"
	TruncOp         = "op"
	TruncTaskID     = "taskId"
	TruncVersion    = "a2aVersion"
	TruncTenant     = "tenant"
	TruncMalformed  = "malformed"
	TruncExtensions = "extensions"
	TruncMetadata   = "requestMetadata"
	TruncCompact    = "compact"
	TruncMethod     = "method"
	TruncConnection = "connection"
	// CutHeaderValues is the Cut of a header cut by its count of values.
	CutHeaderValues = "headerValues"
)

// Bound cuts e to the limits l, naming in e.Truncated what was cut. The
// body or response was already cut by its capture when bodyCut or
// responseCut is set.
func Bound(e *Exchange, l JournalLimits, bodyCut, responseCut bool) {
	header, bytes, values := boundHeader(e.Header, l.HeaderBytes, l.HeaderCount)
	if bytes > l.HeaderBytes || values > l.HeaderCount {
		e.Header = header
		markCut(e, TruncHeader, true)
		if bytes > l.HeaderBytes {
			addCut(e, Cut{Field: TruncHeader, Limit: l.HeaderBytes, Seen: bytes})
		}
		if values > l.HeaderCount {
			addCut(e, Cut{Field: CutHeaderValues, Limit: l.HeaderCount, Seen: values})
		}
	}
	cutStrings(e, l.PathBytes, l.QueryBytes, l.FieldBytes)
	cutBody(e, &e.Body, TruncBody, l.BodyBytes, bodyCut)
	cutBody(e, &e.Response, TruncResponse, l.BodyBytes, responseCut)
	if e.RequestMetadata != nil {
		if raw, err := json.Marshal(e.RequestMetadata); err != nil || len(raw) > l.BodyBytes/4 {
			e.RequestMetadata = nil
			markCut(e, TruncMetadata, true)
			addCut(e, Cut{Field: TruncMetadata, Limit: l.BodyBytes / 4, Seen: len(raw)})
		}
	}
}

// compact reduces a bounded exchange to what a check of a flood needs:
// no headers, bodies or metadata, every string the client controls cut to
// compactFieldBytes: about 1 KB at most.
// What the checks read of an exchange (Validators, RunningShown, ...) is
// kept whole: it is small by construction.
func compact(e *Exchange) {
	if len(e.Header) > 0 {
		bytes, _ := headerSize(e.Header)
		dropped(e, TruncHeader, bytes)
	}
	if e.Body != "" {
		dropped(e, TruncBody, len(e.Body))
	}
	if e.Response != "" {
		dropped(e, TruncResponse, len(e.Response))
	}
	if e.RequestMetadata != nil {
		dropped(e, TruncMetadata, 0)
	}
	e.Header, e.Body, e.Response, e.RequestMetadata = nil, "", "", nil
	cutStrings(e, compactFieldBytes, compactFieldBytes, compactFieldBytes)
	markCut(e, TruncCompact, true)
}

// dropped marks a field a compact exchange drops, of seen bytes.
func dropped(e *Exchange, name string, seen int) {
	markCut(e, name, true)
	addCut(e, Cut{Field: name, Seen: seen})
}

// markCut adds name to e.Truncated when cut is set. A plain function, not
// a closure over e, so that an Exchange being journaled stays off the heap.
func markCut(e *Exchange, name string, cut bool) {
	if cut && !slices.Contains(e.Truncated, name) {
		e.Truncated = append(e.Truncated, name)
	}
}

// addCut records c in e.Cuts, or tightens the cut of the same field
// already there (a compact exchange is cut after it was bounded): the
// smaller limit, the larger size seen.
func addCut(e *Exchange, c Cut) {
	for i := range e.Cuts {
		if old := &e.Cuts[i]; old.Field == c.Field {
			old.Limit, old.Seen, old.AtLeast = min(old.Limit, c.Limit), max(old.Seen, c.Seen), old.AtLeast || c.AtLeast
			return
		}
	}
	e.Cuts = append(e.Cuts, c)
}

// cutStrings cuts path, query and every other string the client controls.
// Field by field, not over a table of pointers into e: escape analysis
// would move a journaled Exchange to the heap for the table.
func cutStrings(e *Exchange, path, query, field int) {
	cutField(e, &e.Path, TruncPath, path)
	cutField(e, &e.Query, TruncQuery, query)
	cutField(e, &e.Method, TruncMethod, field)
	cutField(e, &e.Op, TruncOp, field)
	cutField(e, &e.TaskID, TruncTaskID, field)
	cutField(e, &e.A2AVersion, TruncVersion, field)
	cutField(e, &e.Tenant, TruncTenant, field)
	cutField(e, &e.Malformed, TruncMalformed, field)
	var c bool
	total := 0
	for _, x := range e.Extensions {
		total += len(x)
	}
	if e.Extensions, c = boundList(e.Extensions, field); c {
		markCut(e, TruncExtensions, true)
		addCut(e, Cut{Field: TruncExtensions, Limit: field, Seen: total})
	}
	if e.Conn != nil {
		boundConnection(e, field)
	}
}

// cutField cuts one of e's strings to limit, marking it as name if cut.
func cutField(e *Exchange, s *string, name string, limit int) {
	seen := len(*s)
	var c bool
	if *s, c = cutString(*s, limit); c {
		markCut(e, name, true)
		addCut(e, Cut{Field: name, Limit: limit, Seen: seen})
	}
}

// cutBody bounds one of e's bodies (boundBody), marking it as name if cut;
// wasCut means its capture was already short, so its size is a floor.
func cutBody(e *Exchange, s *string, name string, limit int, wasCut bool) {
	seen := len(*s)
	var c bool
	if *s, c = boundBody(*s, limit, wasCut); c {
		markCut(e, name, true)
		addCut(e, Cut{Field: name, Limit: limit, Seen: seen, AtLeast: wasCut})
	}
}

// cutString cuts s to at most limit bytes on a rune boundary.
func cutString(s string, limit int) (string, bool) {
	if len(s) <= limit {
		return s, false
	}
	return s[:RuneCut(s, limit)], true
}

// RuneCut is the largest cut at or before limit that does not split a rune.
func RuneCut(s string, limit int) int {
	cut := min(limit, len(s))
	for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return cut
}

// boundBody cuts a captured body to limit bytes and says so in the text
// too, as bodies always have; wasCut means the capture was already short.
func boundBody(s string, limit int, wasCut bool) (string, bool) {
	if len(s) <= limit && !wasCut {
		return s, false
	}
	s, _ = cutString(s, limit)
	return s + "…[truncated at " + strconv.Itoa(limit) + " bytes]", true
}

// boundList keeps the items of list, cut, while their total stays within limit.
func boundList(list []string, limit int) ([]string, bool) {
	total := 0
	for i, item := range list {
		if total+len(item) > limit {
			out := slices.Clone(list[:i])
			if rest, _ := cutString(item, limit-total); rest != "" {
				out = append(out, rest)
			}
			return out, true
		}
		total += len(item)
	}
	return list, false
}

// keyHeaders are kept before any other header: what the checks read.
var keyHeaders = []string{
	"Host", "A2a-Version", "A2a-Extensions", "Authorization", "Content-Type", "Content-Length",
	"Accept", "If-None-Match", "If-Modified-Since", "User-Agent", "X-Api-Key", "Cookie",
}

// headerSize is the bytes of the names and values of h, and its values.
func headerSize(h http.Header) (bytes, values int) {
	for k, vs := range h {
		for _, v := range vs {
			bytes += len(k) + len(v)
		}
		values += len(vs)
	}
	return bytes, values
}

// boundHeader keeps at most count values and limit bytes of names and
// values: key headers first, then the others smallest first, so that one
// huge header cannot push the small ones out. A value too long for the
// room left is cut. It returns what it kept, and the bytes and values h
// had; h itself when it is within both bounds.
func boundHeader(h http.Header, limit, count int) (kept http.Header, bytes, values int) {
	size := func(k string) int {
		n := 0
		for _, v := range h[k] {
			n += len(k) + len(v)
		}
		return n
	}
	if bytes, values = headerSize(h); bytes <= limit && values <= count {
		return h, bytes, values
	}
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		ia, ib := slices.Index(keyHeaders, a), slices.Index(keyHeaders, b)
		switch {
		case ia >= 0 && ib >= 0:
			return ia - ib
		case ia >= 0:
			return -1
		case ib >= 0:
			return 1
		case size(a) != size(b):
			return size(a) - size(b)
		}
		return strings.Compare(a, b)
	})
	out := http.Header{}
	room, left := limit, count
	for _, k := range keys {
		for _, v := range h[k] {
			if left == 0 || room <= len(k) {
				return out, bytes, values
			}
			v, _ = cutString(v, room-len(k))
			out[k] = append(out[k], v)
			room -= len(k) + len(v)
			left--
		}
	}
	return out, bytes, values
}
