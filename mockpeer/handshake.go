package mockpeer

import (
	"net/http"
	"strings"
)

// RouteTLSHandshake journals a TLS handshake that failed: a client that
// does not trust the farm's CA, or presents a certificate the farm did not
// issue, otherwise leaves no trace at all.
const RouteTLSHandshake = "tls-handshake"

// handshakeLog receives net/http's server error log. net/http reports a
// failed handshake only there, as "http: TLS handshake error from ADDR:
// CAUSE"; that line is journaled, and so is a refused HTTP/2 preface
// (RouteUnparsed); every other line is dropped.
type handshakeLog struct{ p *Peer }

const handshakeErrorPrefix = "http: TLS handshake error from "

func (h handshakeLog) Write(line []byte) (int, error) {
	text := strings.TrimSpace(string(line))
	if rest, ok := strings.CutPrefix(text, http2Preface); ok {
		// HTTP/2 negotiated, then bytes that are no preface: the rest of
		// the line quotes them, and is never kept.
		addr, _, _ := strings.Cut(rest, ": ")
		h.p.journalUnparsed(addr, unparsedGreet)
		return len(line), nil
	}
	rest, ok := strings.CutPrefix(text, handshakeErrorPrefix)
	if !ok {
		return len(line), nil
	}
	addr, cause, _ := strings.Cut(rest, ": ")
	switch {
	case cause == plainOnTLSPort:
		// A request in the clear: contact, though no handler ran.
		h.p.journalUnparsed(addr, unparsedPlain)
	case !strings.Contains(cause, remoteAlert) && h.p.conns.impostorHello(addr):
		// It saw the impostor's certificate and left without an alert.
		h.p.journalHandshake(addr, hungUpDuring+" ("+cause+")")
	case strings.HasSuffix(cause, "EOF"):
		// A connection closed before a handshake began: no client spoke.
	default:
		h.p.journalHandshake(addr, "TLS handshake failed: "+cause)
	}
	return len(line), nil
}

// journalHandshake journals a handshake with the client at addr that came
// to nothing, saying why.
func (p *Peer) journalHandshake(addr, why string) { p.journalConn(addr, RouteTLSHandshake, why) }

// journalConn journals what the client at addr did on a connection that
// reached no handler: the route says what, why says how.
func (p *Peer) journalConn(addr, route, why string) {
	f := p.farm
	if !f.enter() {
		return
	}
	defer f.leave()
	seq, at := f.journal.reserve(), f.now()
	e := Exchange{
		Seq: seq, Time: at, Peer: p.spec.Name, Origin: p.origin, Route: route,
		Header: http.Header{"X-Remote-Addr": {addr}}, Malformed: why,
		CardVersion: p.Version(),
	}
	e.ContractHash = p.versions[e.CardVersion].hash
	f.seal(&e, false, false)
	f.journal.append(&e)
}
