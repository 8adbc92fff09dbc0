package scenarios

import (
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// revalidates reports whether the card request ex carries a validator the
// peer serves for one of its card versions: an If-None-Match naming such an
// ETag, or, without If-None-Match (which decides when present), an
// If-Modified-Since equal to such a Last-Modified. "*" and invented dates
// do not count: they earn a 304 without the client holding any card.
func (ev *Evidence) revalidates(ex mockpeer.Exchange) bool {
	if ex.Route != mockpeer.RouteCard || ex.Method != http.MethodGet {
		return false
	}
	if inm := strings.Join(ex.Header.Values("If-None-Match"), ","); strings.TrimSpace(inm) != "" {
		for _, tag := range strings.Split(inm, ",") {
			tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
			for _, v := range ev.Cards[ex.Peer] {
				if v.ETag != "" && tag == v.ETag {
					return true
				}
			}
		}
		return false
	}
	ims := ex.Header.Get("If-Modified-Since")
	for _, v := range ev.Cards[ex.Peer] {
		if ims != "" && ims == v.LastModified {
			return true
		}
	}
	return false
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
