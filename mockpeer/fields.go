package mockpeer

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// fieldCounts counts, over the whole request, the values of the fields a
// server takes one value of (journal.FieldCounts): every A2A-Version
// header line (HTTP/1.1, HTTP/2 and gRPC metadata alike: net/http and the
// gRPC handler read them all into r.Header) and A2A-Version query
// parameter, and the Authorization and Content-Type lines. The journal
// keeps a bounded copy of the headers and the first version only; the
// checks read these counts.
func fieldCounts(r *http.Request) *journal.FieldCounts {
	fc := &journal.FieldCounts{
		Authorization: len(r.Header[authorizationKey]),
		ContentType:   len(r.Header[contentTypeKey]),
	}
	for _, line := range r.Header[versionHeaderKey] {
		countVersions(fc, line)
	}
	if r.URL.RawQuery != "" {
		for seg := range strings.SplitSeq(r.URL.RawQuery, "&") {
			k, v, _ := strings.Cut(seg, "=")
			if name, err := url.QueryUnescape(k); err != nil || !strings.EqualFold(name, wire.HeaderVersion) {
				continue
			}
			if u, err := url.QueryUnescape(v); err == nil {
				v = u
			}
			countVersions(fc, v)
		}
	}
	return fc
}

// countVersions counts the members of one A2A-Version value, a list
// (RFC 9110 §5.6.1): empty members are none, a value with no member is
// one empty version.
func countVersions(fc *journal.FieldCounts, value string) {
	n := 0
	for m := range strings.SplitSeq(value, ",") {
		if m = strings.TrimSpace(m); m == "" {
			continue
		}
		n++
		if m != wire.ProtocolVersion {
			fc.OtherVersions++
		}
	}
	if n == 0 {
		n = 1
		fc.OtherVersions++
	}
	fc.Versions += n
}

var (
	authorizationKey = http.CanonicalHeaderKey("Authorization")
	contentTypeKey   = http.CanonicalHeaderKey("Content-Type")
)
