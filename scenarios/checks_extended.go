package scenarios

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The checks of the extended card (contract model §7): the card a client
// gets from GetExtendedAgentCard is a card like any other, fetched only
// with what the public card names.

// noSendAfterExtendedChange: no task-creating request reached a peer while
// the extended card it serves had another contract than its first one:
// the projection of the two extended cards decides, as for the public card
// (noSendAfterContractChange).
func noSendAfterExtendedChange(ev *Evidence) verdict.Judgement {
	var bad []journal.Exchange
	for _, ex := range ev.Sends() {
		if h := ev.ExtendedHash(ex.Peer, ex.CardVersion); h != "" && h != ev.ExtendedHash(ex.Peer, 0) {
			bad = append(bad, ex)
		}
	}
	if len(bad) > 0 {
		return failed("abort before send: no task-creating request once the extended card's contract changed",
			fmt.Sprintf("%s at #%d under card version %d, whose extended card's contract differs from version 0's",
				bad[0].Op, bad[0].Seq, bad[0].CardVersion), seqs(bad)...)
	}
	return passed()
}

// extendedFetchedWithNamedSchemes: every GetExtendedAgentCard request to
// peer presented only credentials of the schemes the public card in force
// names card-wide (spec §13.3), and none whose kind the scan could not
// tell. A client that holds more credentials than the card names keeps
// the others to itself.
func extendedFetchedWithNamedSchemes(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		for _, ex := range ev.Select(func(ex journal.Exchange) bool {
			return ex.Peer == peer && ex.Route == journal.RouteA2A && ex.Op == wire.MethodGetExtendedAgentCard
		}) {
			named, err := ev.publicCredentials(peer, ex.CardVersion)
			if err != nil {
				return harnessLost(err.Error(), ex.Seq)
			}
			if extra := unnamed(ex.Auth.Presented, named); len(extra) > 0 {
				return failed(fmt.Sprintf("GetExtendedAgentCard with the credentials of the schemes the public card names (%s) and no other",
					strings.Join(named, ", ")),
					fmt.Sprintf("#%d presented %s", ex.Seq, strings.Join(extra, ", ")), ex.Seq)
			}
		}
		return passed()
	}
}

// noUnnamedCredentialBeforeExtended: no request reached peer with a
// credential the public card does not name before the peer had answered
// the client with its extended card: a client learns that the skill wants
// another scheme from the extended card, never by trying every credential
// it holds.
func noUnnamedCredentialBeforeExtended(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		served := ev.ExtendedCardsServed(peer)
		requests := ev.Select(func(ex journal.Exchange) bool {
			return ex.Peer == peer && ex.Route != journal.RouteAdmin && ex.Route != journal.RouteConnection
		})
		for _, ex := range requests {
			if len(served) > 0 && ex.Seq > served[0].Seq {
				break
			}
			named, err := ev.publicCredentials(peer, ex.CardVersion)
			if err != nil {
				return harnessLost(err.Error(), ex.Seq)
			}
			if extra := unnamed(ex.Auth.Presented, named); len(extra) > 0 {
				return failed("no credential the public card does not name before the extended card was fetched",
					fmt.Sprintf("#%d (%s) presented %s, and no extended card had been served before it", ex.Seq, requestLine(ex),
						strings.Join(extra, ", ")), ex.Seq)
			}
		}
		return passed()
	}
}

// unnamed are the credentials of presented that named does not hold.
func unnamed(presented, named []string) []string {
	var out []string
	for _, p := range presented {
		if !slices.Contains(named, p) {
			out = append(out, p)
		}
	}
	return out
}

// publicCredentials are the farm credentials that satisfy a scheme of the
// card-wide securityRequirements of card version v of peer: what the
// public card names for the agent as a whole.
func (ev *Evidence) publicCredentials(peer string, v int) ([]string, error) {
	cards := ev.Cards[peer]
	if v < 0 || v >= len(cards) {
		return nil, fmt.Errorf("scenarios: peer %s has no card version %d in the evidence", peer, v)
	}
	var card wire.AgentCard
	if err := json.Unmarshal(cards[v].Bytes, &card); err != nil {
		return nil, fmt.Errorf("scenarios: peer %s card version %d: %w", peer, v, err)
	}
	var out []string
	for _, alt := range card.SecurityRequirements {
		for name := range alt.Schemes {
			for _, cred := range credentialsOf(card.SecuritySchemes[name]) {
				if !slices.Contains(out, cred) {
					out = append(out, cred)
				}
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// credentialsOf names the farm credentials a scheme takes: an OAuth
// scheme its token, and the client secret that obtains it.
func credentialsOf(s wire.SecurityScheme) []string {
	switch s.Kind() {
	case "http":
		if strings.EqualFold(s.HTTPAuth.Scheme, "bearer") {
			return []string{journal.CredBearer}
		}
	case "oauth2", "openIdConnect":
		return []string{journal.CredOAuthToken, journal.CredOAuthClientSecret}
	case "apiKey":
		return []string{journal.CredAPIKey}
	case "mtls":
		return []string{journal.CredClientCert}
	}
	return nil
}
