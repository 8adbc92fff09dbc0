package scenarios

import (
	"net/http"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// revalidates reports whether the card request ex revalidates a card the
// peer served the client before it, in any task of the session: an
// If-None-Match naming the ETag of a version served, or, without
// If-None-Match (which decides when present), an If-Modified-Since equal
// to the Last-Modified of a version served. Only then does a 304 say that
// the card held is the card in force. Anything else earns a 304 whatever
// card is in force, so it cannot see a change: "*" anywhere in the list
// (RFC 9110 §13.1.2: it matches any card), an invented date, or the date
// of a version not served yet (the peers' dates are a minute apart, so a
// client can guess the next one).
func (ev *Evidence) revalidates(ex mockpeer.Exchange) bool {
	if ex.Route != mockpeer.RouteCard || ex.Method != http.MethodGet {
		return false
	}
	given := ev.givenBefore(ex)
	if tags := entityTags(ex.Header); len(tags) > 0 {
		if slices.Contains(tags, "*") {
			return false
		}
		return slices.ContainsFunc(given, func(v CardVersion) bool { return v.ETag != "" && slices.Contains(tags, v.ETag) })
	}
	ims := ex.Header.Get("If-Modified-Since")
	return ims != "" && slices.ContainsFunc(given, func(v CardVersion) bool { return v.LastModified == ims })
}

// entityTags are the members of a request's If-None-Match lists, weak
// tags as their opaque tag (the peer compares weakly, §8.8.3.2).
func entityTags(h http.Header) []string {
	var tags []string
	for _, tag := range strings.Split(strings.Join(h.Values("If-None-Match"), ","), ",") {
		if tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/"); tag != "" {
			tags = append(tags, tag)
		}
	}
	return tags
}

// givenBefore are the card versions ex's peer served the client, body and
// validators, before ex: those of its GETs answered 200. A 304 or a HEAD
// carries the validators of the version in force without its body; a
// client that holds that version already learns nothing from them, and
// one that does not (its request could not see a change) must not make
// them its own.
func (ev *Evidence) givenBefore(ex mockpeer.Exchange) []CardVersion {
	var given []CardVersion
	versions := ev.Cards[ex.Peer]
	for _, e := range ev.session() {
		if e.Seq < ex.Seq && e.Peer == ex.Peer && e.Route == mockpeer.RouteCard && e.Method == http.MethodGet && e.Status == http.StatusOK &&
			e.CardVersion >= 0 && e.CardVersion < len(versions) {
			given = append(given, versions[e.CardVersion])
		}
	}
	return given
}

// servedCard: the client was given a card, or a redirect in its place: a
// GET answered 200 (with the body), a redirect, or a 304 to a validator of
// a card it had been served.
func (ev *Evidence) servedCard(ex mockpeer.Exchange) bool {
	if ex.Route != mockpeer.RouteCard || ex.Method != http.MethodGet {
		return false
	}
	switch {
	case ex.Status == http.StatusOK:
		return true
	case ex.Status == http.StatusNotModified:
		return ev.revalidates(ex)
	}
	return ex.Status >= 300 && ex.Status < 400
}
