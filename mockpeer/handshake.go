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
// CAUSE"; that line is journaled, every other line is dropped as before.
type handshakeLog struct{ p *Peer }

const handshakeErrorPrefix = "http: TLS handshake error from "

func (h handshakeLog) Write(line []byte) (int, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(string(line)), handshakeErrorPrefix)
	if !ok {
		return len(line), nil
	}
	addr, cause, _ := strings.Cut(rest, ": ")
	if strings.HasSuffix(cause, "EOF") {
		return len(line), nil // a connection closed before a handshake began: no client spoke
	}
	f := h.p.farm
	if !f.enter() {
		return len(line), nil
	}
	defer f.leave()
	seq, at := f.journal.reserve(), f.now()
	e := Exchange{
		Seq: seq, Time: at, Peer: h.p.spec.Name, Origin: h.p.origin, Route: RouteTLSHandshake,
		Header: http.Header{"X-Remote-Addr": {addr}}, Malformed: "TLS handshake failed: " + cause,
		CardVersion: h.p.Version(),
	}
	e.ContractHash = h.p.versions[e.CardVersion].hash
	f.seal(&e, false, false)
	f.journal.append(&e)
	return len(line), nil
}
