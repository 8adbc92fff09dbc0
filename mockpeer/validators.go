package mockpeer

import (
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// CardValidators are the validators a peer sends with each of its card
// versions, by version: the ETag and the Last-Modified value, "" where the
// peer sends none.
type CardValidators struct {
	ETags, Dates []string
}

// ReadValidators reads every validator of a card request's header h
// against the peer's card validators; served says whether the peer had
// answered a GET with a version, 200 and the card, before. It is the
// peer's own reading (what Exchange.Validators records), exported so that
// hand-built evidence is read the same way. Nil when h has none.
func ReadValidators(h http.Header, cards CardValidators, served func(version int) bool) *journal.Validators {
	return readValidators(parseEntityTags(h), h.Values("If-Modified-Since"), cards, served)
}

// readValidators is ReadValidators of the If-None-Match members tags and
// the If-Modified-Since values dates.
func readValidators(tags []entityTag, dates []string, cards CardValidators, served func(version int) bool) *journal.Validators {
	if len(tags) == 0 && len(dates) == 0 {
		return nil
	}
	v := &journal.Validators{TagCount: len(tags), DateCount: len(dates)}
	for _, t := range tags {
		val := journal.Validator{Version: versionOf(cards.ETags, t.opaque), Weak: t.weak, Star: t.star}
		v.Star = v.Star || t.star
		v.Tags = v.Add(v.Tags, val, served)
	}
	for _, d := range dates {
		v.Dates = v.Add(v.Dates, journal.Validator{Version: versionOf(cards.Dates, d)}, served)
	}
	return v
}

// versionOf is the index of value in sent, -1 if it is not there (or is
// empty: the peer sends no such validator).
func versionOf(sent []string, value string) int {
	if value == "" {
		return -1
	}
	for i, s := range sent {
		if s == value {
			return i
		}
	}
	return -1
}

// entityTag is one member of an If-None-Match list.
type entityTag struct {
	// opaque is the quoted opaque tag, quotes included; "" for "*" and for
	// a member that parses as no entity tag.
	opaque string
	weak   bool
	star   bool
}

// parseEntityTags reads every If-None-Match line of h as an RFC 9110
// §13.1.2 list: "*", or entity tags (§8.8.3), whose opaque part may hold
// commas. A member that is neither names nothing. Lines are read apart:
// no member spans two.
func parseEntityTags(h http.Header) []entityTag {
	var out []entityTag
	for _, line := range h.Values("If-None-Match") {
		for line != "" {
			var member string
			member, line = cutMember(line)
			if member = strings.TrimSpace(member); member != "" {
				out = append(out, parseMember(member))
			}
		}
	}
	return out
}

// cutMember splits s at its first comma outside a quoted opaque tag.
func cutMember(s string) (member, rest string) {
	quoted := false
	for i := range len(s) {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ',':
			if !quoted {
				return s[:i], s[i+1:]
			}
		}
	}
	return s, ""
}

// parseMember reads one member: "*", or [W/] DQUOTE *etagc DQUOTE.
func parseMember(m string) entityTag {
	if m == "*" {
		return entityTag{star: true}
	}
	t := entityTag{weak: strings.HasPrefix(m, "W/")}
	opaque := strings.TrimPrefix(m, "W/")
	if len(opaque) < 2 || opaque[0] != '"' || opaque[len(opaque)-1] != '"' {
		return entityTag{}
	}
	for i := 1; i < len(opaque)-1; i++ {
		if c := opaque[i]; c != 0x21 && (c < 0x23 || c > 0x7e) && c < 0x80 { // etagc
			return entityTag{}
		}
	}
	t.opaque = opaque
	return t
}

// matchesAny applies RFC 9110 §13.1.2 to the If-None-Match members tags:
// "*" matches any card, an entity tag the card in force's ETag, weakly
// compared (§8.8.3.2). current is "" when the peer sends no ETag.
func matchesAny(tags []entityTag, current string) bool {
	for _, t := range tags {
		if t.star || current != "" && t.opaque == current {
			return true
		}
	}
	return false
}
