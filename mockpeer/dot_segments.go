package mockpeer

import (
	"net/http"
	"net/url"
	"strings"
)

// withoutDotSegments is r with the "." and ".." segments of its path
// removed (RFC 3986 §5.2.4), as servers resolve them, so that a card url
// spelt with dot segments reaches the route it names: the suite judges a
// client's origin decision, not whether it normalises paths before sending.
// The journal keeps the path as the client sent it.
func withoutDotSegments(r *http.Request) *http.Request {
	if !hasDotSegment(r.URL.Path) {
		return r
	}
	clean := new(url.URL).ResolveReference(&url.URL{Path: r.URL.Path, RawPath: r.URL.RawPath})
	r2 := new(http.Request)
	*r2 = *r
	u := *r.URL
	u.Path, u.RawPath = clean.Path, clean.RawPath
	r2.URL = &u
	return r2
}

// hasDotSegment reports a "." or ".." segment, without allocating: it runs
// on every request.
func hasDotSegment(path string) bool {
	for rest := path; rest != ""; {
		var seg string
		seg, rest, _ = strings.Cut(rest, "/")
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}
