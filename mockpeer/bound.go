package mockpeer

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounding runs after redaction (see seal): a cut can only ever split a
// redaction mark, never a secret.

// Names in Exchange.Truncated: the JSON names of the fields cut.
const (
	truncHeader     = "header"
	truncPath       = "path"
	truncQuery      = "query"
	truncBody       = "body"
	truncResponse   = "response"
	truncOp         = "op"
	truncTaskID     = "taskId"
	truncVersion    = "a2aVersion"
	truncMalformed  = "malformed"
	truncExtensions = "extensions"
	truncMetadata   = "requestMetadata"
	truncCompact    = "compact"
	truncMethod     = "method"
	truncConnection = "connection"
)

// bound cuts e to the limits l, naming in e.Truncated what was cut. The
// body or response was already cut by its capture when bodyCut or
// responseCut is set.
func bound(e *Exchange, l JournalLimits, bodyCut, responseCut bool) {
	var c bool
	e.Header, c = boundHeader(e.Header, l.HeaderBytes, l.HeaderCount)
	markCut(e, truncHeader, c)
	cutStrings(e, l.PathBytes, l.QueryBytes, l.FieldBytes)
	e.Body, c = boundBody(e.Body, l.BodyBytes, bodyCut)
	markCut(e, truncBody, c)
	e.Response, c = boundBody(e.Response, l.BodyBytes, responseCut)
	markCut(e, truncResponse, c)
	if e.RequestMetadata != nil {
		if raw, err := json.Marshal(e.RequestMetadata); err != nil || len(raw) > l.BodyBytes/4 {
			e.RequestMetadata = nil
			markCut(e, truncMetadata, true)
		}
	}
}

// compact reduces a bounded exchange to what a check of a flood needs:
// no headers, bodies or metadata, every string the client controls cut to
// compactFieldBytes: about 1 KB at most.
func compact(e *Exchange) {
	markCut(e, truncHeader, len(e.Header) > 0)
	markCut(e, truncBody, e.Body != "")
	markCut(e, truncResponse, e.Response != "")
	markCut(e, truncMetadata, e.RequestMetadata != nil)
	e.Header, e.Body, e.Response, e.RequestMetadata = nil, "", "", nil
	cutStrings(e, compactFieldBytes, compactFieldBytes, compactFieldBytes)
	markCut(e, truncCompact, true)
}

// markCut adds name to e.Truncated when cut is set. A plain function, not
// a closure over e, so that an Exchange being journaled stays off the heap.
func markCut(e *Exchange, name string, cut bool) {
	if cut && !slices.Contains(e.Truncated, name) {
		e.Truncated = append(e.Truncated, name)
	}
}

// cutStrings cuts path, query and every other string the client controls.
// Field by field, not over a table of pointers into e: escape analysis
// would move a journaled Exchange to the heap for the table.
func cutStrings(e *Exchange, path, query, field int) {
	cutField(e, &e.Path, truncPath, path)
	cutField(e, &e.Query, truncQuery, query)
	cutField(e, &e.Method, truncMethod, field)
	cutField(e, &e.Op, truncOp, field)
	cutField(e, &e.TaskID, truncTaskID, field)
	cutField(e, &e.A2AVersion, truncVersion, field)
	cutField(e, &e.Malformed, truncMalformed, field)
	var c bool
	e.Extensions, c = boundList(e.Extensions, field)
	markCut(e, truncExtensions, c)
	if e.Conn != nil {
		boundConnection(e, field)
	}
}

// cutField cuts one of e's strings to limit, marking it as name if cut.
func cutField(e *Exchange, s *string, name string, limit int) {
	var c bool
	*s, c = cutString(*s, limit)
	markCut(e, name, c)
}

// cutString cuts s to at most limit bytes on a rune boundary.
func cutString(s string, limit int) (string, bool) {
	if len(s) <= limit {
		return s, false
	}
	return s[:runeCut(s, limit)], true
}

// runeCut is the largest cut at or before limit that does not split a rune.
func runeCut(s string, limit int) int {
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

// boundHeader keeps at most count values and limit bytes of names and
// values: key headers first, then the others smallest first, so that one
// huge header cannot push the small ones out. A value too long for the
// room left is cut.
func boundHeader(h http.Header, limit, count int) (http.Header, bool) {
	size := func(k string) int {
		n := 0
		for _, v := range h[k] {
			n += len(k) + len(v)
		}
		return n
	}
	total, values := 0, 0
	for k := range h {
		total += size(k)
		values += len(h[k])
	}
	if total <= limit && values <= count {
		return h, false
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
				return out, true
			}
			v, _ = cutString(v, room-len(k))
			out[k] = append(out[k], v)
			room -= len(k) + len(v)
			left--
		}
	}
	return out, true
}
