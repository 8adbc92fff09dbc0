package scenarios

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// credentialsInTheirPlace (CRED-019, every scenario): every credential a
// request carried was where its scheme puts it, on the card the request
// was planned on (contract-model §8 rule 1): the API key under the name
// and in the location of an apiKeySecurityScheme of that card, a bearer or
// access token in Authorization: Bearer, the OAuth client secret in
// Authorization: Basic or a body (a token request's: which requests may
// carry it at all is CRED-012's question). The peer records where the scan
// found each credential (journal.Place), over the whole request; a copy
// in any other header, parameter, cookie, the path or the body, two
// Authorization lines (which one a server takes is its choice), a field
// the scan could not examine, or a credential the peer found in no field
// it places, fails. Which credentials may go to which peer is for the
// other CRED checks.
func credentialsInTheirPlace(ev *Evidence) verdict.Judgement {
	var bad []journal.Exchange
	var first string
	for _, ex := range ev.Journal {
		if ex.Route == journal.RouteAdmin || ex.Route == journal.RouteConnection {
			continue
		}
		if why := misplaced(ev, ex); why != "" {
			if len(bad) == 0 {
				first = why
			}
			bad = append(bad, ex)
		}
	}
	if len(bad) == 0 {
		return passed()
	}
	got := fmt.Sprintf("%s at #%d (%s, peer %s)", first, bad[0].Seq, requestLine(bad[0]), bad[0].Peer)
	if len(bad) > 1 {
		got += fmt.Sprintf(", and %d more", len(bad)-1)
	}
	return failed("each credential only where its scheme puts it on the card the request was planned on", got, seqs(bad)...)
}

// misplaced says what of ex's credentials was out of place, "" if none.
func misplaced(ev *Evidence, ex journal.Exchange) string {
	if f := ex.Fields; f != nil && f.Authorization > 1 {
		return fmt.Sprintf("%d Authorization lines", f.Authorization)
	}
	if ex.Auth.MorePlaces > 0 {
		return fmt.Sprintf("credentials in %d fields", len(ex.Auth.Places)+ex.Auth.MorePlaces)
	}
	for _, cred := range ex.Auth.Presented {
		switch cred {
		case journal.CredClientCert, journal.CredAdminSecret, journal.CredAdminSession:
			continue
		case journal.CredUnexamined:
			return "a field the scan could not examine whole (it held more encoded content than the scan decodes)"
		}
		// A peer that places credentials counts fields too: a record
		// without them (hand-built evidence) has no places to miss.
		if ex.Fields != nil && !slices.ContainsFunc(ex.Auth.Places, func(p journal.Place) bool { return p.Cred == cred }) {
			return cred + " presented outside any field the peer places"
		}
	}
	var apiKeyPlaces []string
	for _, p := range ex.Auth.Places {
		ok := true
		switch p.Cred {
		case journal.CredBearer, journal.CredOAuthToken:
			ok = p.Where == journal.PlaceAuthorization+":bearer"
		case journal.CredOAuthClientSecret:
			ok = p.Where == journal.PlaceAuthorization+":basic" || p.Where == journal.PlaceBody
		case journal.CredAPIKey:
			if apiKeyPlaces == nil {
				apiKeyPlaces = ev.declaredAPIKeyPlaces(ex)
			}
			ok = slices.ContainsFunc(apiKeyPlaces, func(d string) bool { return samePlace(p.Where, d) })
		case journal.CredUnexamined:
			ok = false
		}
		if !ok {
			return fmt.Sprintf("%s in %s%s", p.Cred, p.Where, placeNote(p, apiKeyPlaces))
		}
	}
	return ""
}

// placeNote says where the credential of p belonged.
func placeNote(p journal.Place, apiKeyPlaces []string) string {
	switch p.Cred {
	case journal.CredBearer, journal.CredOAuthToken:
		return " (its place is Authorization: Bearer)"
	case journal.CredOAuthClientSecret:
		return " (its place is Authorization: Basic or the token request's body)"
	case journal.CredAPIKey:
		if len(apiKeyPlaces) == 0 || apiKeyPlaces[0] == "" {
			return " (no card the request could be planned on declares an API key)"
		}
		return " (the card it was planned on declares " + strings.Join(apiKeyPlaces, ", ") + ")"
	}
	return ""
}

// samePlace compares a place with a declared one: a header's name in any
// letter case, a query parameter's or a cookie's exactly.
func samePlace(where, declared string) bool {
	if strings.HasPrefix(declared, journal.PlaceHeader) {
		return strings.EqualFold(where, declared)
	}
	return where == declared
}

// declaredAPIKeyPlaces are the places the apiKeySecuritySchemes declare on
// the cards ex could be planned on: per peer, the public card and the
// extended card it showed the client last before ex, in ex's task (in the
// session, when the task showed none). Never nil: [""] when none declares
// one.
func (ev *Evidence) declaredAPIKeyPlaces(ex journal.Exchange) []string {
	shown := ev.cardsShownBefore(ex, true)
	if len(shown) == 0 {
		shown = ev.cardsShownBefore(ex, false)
	}
	var out []string
	for _, raw := range shown {
		var card wire.AgentCard
		if json.Unmarshal(raw, &card) != nil {
			continue
		}
		for _, s := range card.SecuritySchemes {
			if s.APIKey == nil {
				continue
			}
			var p string
			switch strings.ToLower(s.APIKey.Location) {
			case "header":
				p = journal.PlaceHeader + http.CanonicalHeaderKey(s.APIKey.Name)
			case "query":
				p = journal.PlaceQuery + s.APIKey.Name
			case "cookie":
				p = journal.PlaceCookie + s.APIKey.Name
			default:
				continue
			}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return []string{""}
	}
	slices.Sort(out)
	return out
}

// cardsShownBefore are the cards ex could be planned on: for each peer, the
// public card of its last card response before ex (200, or a 304 that
// revalidated the card in force), and the extended card of its last
// GetExtendedAgentCard answer (its public card, when it scripts no
// extended card); in ex's task only when inTask is set.
func (ev *Evidence) cardsShownBefore(ex journal.Exchange, inTask bool) [][]byte {
	from := int64(0)
	if inTask {
		for _, r := range ev.Runs() {
			if r.FirstSeq <= ex.Seq && ex.Seq <= r.LastSeq {
				from = r.FirstSeq
			}
		}
	}
	type key struct {
		peer     string
		extended bool
	}
	last := map[key]int{}
	var order []key
	for _, e := range ev.session() {
		if e.Seq >= ex.Seq {
			break
		}
		if e.Seq < from {
			continue
		}
		var k key
		switch {
		case e.Route == journal.RouteCard && e.CardFault == "" && (e.Status == http.StatusOK || e.Status == http.StatusNotModified):
			k = key{e.Peer, false}
		case e.Route == journal.RouteA2A && e.Op == wire.MethodGetExtendedAgentCard && e.Status < 300 && e.ErrorCode == 0:
			k = key{e.Peer, true}
		default:
			continue
		}
		if _, seen := last[k]; !seen {
			order = append(order, k)
		}
		last[k] = e.CardVersion
	}
	var out [][]byte
	for _, k := range order {
		cards := ev.Cards[k.peer]
		v := last[k]
		if v < 0 || v >= len(cards) {
			continue
		}
		if k.extended && cards[v].Extended != nil {
			out = append(out, cards[v].Extended)
		} else { // a peer that scripts no extended card answers with its public card
			out = append(out, cards[v].Bytes)
		}
	}
	return out
}
