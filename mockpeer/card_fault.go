package mockpeer

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
)

// CardFault is a scripted failure of the card URL: what a peer answers a
// card request with instead of its card, as a real agent's card URL does
// when its server is down, overloaded, half-deployed or misconfigured.
// Each names one way for a client's revalidation to fail: a client that
// cannot ask whether its contract still holds has not learnt that it
// does (contract-model §3 rule 2).
type CardFault string

// Card faults.
const (
	// CardUnavailable answers 503 Service Unavailable with Retry-After: 1.
	CardUnavailable CardFault = "unavailable"
	// CardHangUp gives no response at all: the connection (HTTP/1.1) or
	// the stream (HTTP/2) is cut before a status line. The exchange is
	// journaled with status 0.
	CardHangUp CardFault = "hang-up"
	// CardMalformed answers 200 application/json with the first half of
	// the card in force: a body that is not JSON.
	CardMalformed CardFault = "malformed"
	// CardNotACard answers 200 application/json with a JSON object that is
	// no agent card (a maintenance notice).
	CardNotACard CardFault = "not-a-card"
	// CardRedirectLoop answers 307 with the card URL itself as Location:
	// a redirect that never ends in a card.
	CardRedirectLoop CardFault = "redirect-loop"
	// CardUnauthorized answers 401 with a Bearer challenge, as a card URL
	// put behind the agent's own authentication does.
	CardUnauthorized CardFault = "unauthorized"
	// CardForbidden answers 403 Forbidden.
	CardForbidden CardFault = "forbidden"
	// CardNotFound answers 404 Not Found, as a half-deployed agent does.
	CardNotFound CardFault = "not-found"
	// CardGone answers 410 Gone, as an agent withdrawn for good does.
	CardGone CardFault = "gone"
)

// CardErrorFaults are the faults that answer a client error status (4xx):
// the card URL's server telling the client no, rather than failing.
func CardErrorFaults() []CardFault {
	return []CardFault{CardUnauthorized, CardForbidden, CardNotFound, CardGone}
}

// cardErrorStatus is the status each of CardErrorFaults answers.
var cardErrorStatus = map[CardFault]int{
	CardUnauthorized: http.StatusUnauthorized, CardForbidden: http.StatusForbidden,
	CardNotFound: http.StatusNotFound, CardGone: http.StatusGone,
}

// CardFaults lists every card fault, in the order of the constants.
func CardFaults() []CardFault {
	return append(CardServerFaults(), CardErrorFaults()...)
}

// CardServerFaults are the faults of a card URL whose server fails: it is
// down, cuts the answer, or answers with something that is not the card.
func CardServerFaults() []CardFault {
	return []CardFault{CardUnavailable, CardHangUp, CardMalformed, CardNotACard, CardRedirectLoop}
}

// ErrUnknownCardFault is wrapped by ArmCardFault's error for a fault not
// in CardFaults.
var ErrUnknownCardFault = errors.New("no such card fault")

// ArmCardFault puts fault on the harness's schedule: right after the
// peer's next card response (200 or 304, which still carries the card),
// every request to the card URL is answered with fault until
// ClearCardFault, Reset or another ArmCardFault. So it meets a client
// between its look at the card and its revalidation right before the
// send, and a client that asks again meets it again. A faulted answer is
// no card response: it fires no rotation, counts toward no trigger, and
// serves no version (the journal names the fault, Exchange.CardFault).
func (p *Peer) ArmCardFault(fault CardFault) error {
	if !slices.Contains(CardFaults(), fault) {
		return fmt.Errorf("mockpeer: peer %q: %w: %q", p.spec.Name, ErrUnknownCardFault, fault)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state.faultArmed, p.state.fault = fault, ""
	return nil
}

// ClearCardFault ends a card fault, armed or in force: the card URL serves
// the card again.
func (p *Peer) ClearCardFault() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state.faultArmed, p.state.fault = "", ""
}

// fireCardFaultLocked puts the armed card fault, if any, in force.
func (p *Peer) fireCardFaultLocked() {
	if p.state.faultArmed != "" {
		p.state.fault, p.state.faultArmed = p.state.faultArmed, ""
	}
}

// serveCardFault answers a card request with fault. A hang-up writes
// nothing: the router journals the exchange, then aborts the handler
// (http.ErrAbortHandler), which cuts the connection or the stream.
func (p *Peer) serveCardFault(w http.ResponseWriter, fault CardFault, d *draft, v *cardVersion) {
	d.cardFault = fault
	switch fault {
	case CardUnavailable:
		w.Header().Set("Retry-After", "1")
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{
			"error": "unavailable", "message": "mock peer " + p.spec.Name + " is down for maintenance",
		})
	case CardMalformed:
		body := v.raw[:len(v.raw)/2]
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body)
	case CardNotACard:
		writeJSON(w, http.StatusOK, map[string]string{
			"status": "maintenance", "message": "the agent card is being republished",
		})
	case CardRedirectLoop:
		w.Header().Set("Location", p.CardURL())
		w.WriteHeader(http.StatusTemporaryRedirect)
	case CardUnauthorized, CardForbidden, CardNotFound, CardGone:
		if fault == CardUnauthorized {
			w.Header().Set("WWW-Authenticate", `Bearer realm="agent card"`)
		}
		status := cardErrorStatus[fault]
		writeJSON(w, status, map[string]string{"error": string(fault), "message": http.StatusText(status)})
	}
}
