package mockpeer

import (
	"bytes"
	"net"
	"net/http"
	"strconv"
)

// Admin API paths, under AdminPrefix on every peer.
const (
	AdminJournalPath = AdminPrefix + "journal"
	AdminCardPath    = AdminPrefix + "card"
	AdminRotatePath  = AdminPrefix + "rotate"
	AdminResetPath   = AdminPrefix + "reset"
)

// CardVersionHeader carries the version number of /_conform/card answers.
const CardVersionHeader = "X-Card-Version"

// serveAdmin is the WireMock-style control surface: loopback callers only.
func (p *Peer) serveAdmin(w http.ResponseWriter, r *http.Request) {
	if !loopbackCaller(r.RemoteAddr) {
		writeJSON(w, http.StatusForbidden, map[string]string{
			"error": "forbidden", "message": "the admin API answers loopback callers only",
		})
		return
	}
	route := map[string]struct {
		method string
		serve  func(http.ResponseWriter, *http.Request)
	}{
		AdminJournalPath: {http.MethodGet, p.adminJournal},
		AdminCardPath:    {http.MethodGet, p.adminCard},
		AdminRotatePath:  {http.MethodPost, p.adminRotate},
		AdminResetPath:   {http.MethodPost, p.adminReset},
	}[r.URL.Path]
	switch {
	case route.serve == nil:
		writeJSON(w, http.StatusNotFound, map[string]string{
			"error": "not_found", "message": "no admin endpoint " + r.URL.Path,
		})
	case r.Method != route.method:
		w.Header().Set("Allow", route.method)
		writeJSON(w, http.StatusMethodNotAllowed, map[string]string{
			"error": "method_not_allowed", "message": r.URL.Path + " answers " + route.method,
		})
	default:
		route.serve(w, r)
	}
}

// adminJournal answers the farm's journal as JSON lines.
func (p *Peer) adminJournal(w http.ResponseWriter, _ *http.Request) {
	var buf bytes.Buffer
	if err := p.farm.journal.WriteJSONLines(&buf); err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal", "message": err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	_, _ = w.Write(buf.Bytes())
}

// adminCard answers the bytes of the card in force.
func (p *Peer) adminCard(w http.ResponseWriter, _ *http.Request) {
	v := p.inForce()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set(CardVersionHeader, strconv.Itoa(v.n))
	w.Header().Set("Content-Length", strconv.Itoa(len(v.raw)))
	_, _ = w.Write(v.raw)
}

// adminRotate puts ?to=N in force, or fires the next OnAdmin rotation.
func (p *Peer) adminRotate(w http.ResponseWriter, r *http.Request) {
	to := r.URL.Query().Get("to")
	if to == "" {
		p.mu.Lock()
		n, ok := p.fireAdminLocked()
		p.mu.Unlock()
		if !ok {
			writeJSON(w, http.StatusConflict, map[string]string{
				"error": "no_rotation", "message": "no armed OnAdmin rotation; pass ?to=N",
			})
			return
		}
		writeJSON(w, http.StatusOK, map[string]int{"version": n})
		return
	}
	n, err := strconv.Atoi(to)
	if err == nil {
		err = p.Rotate(n)
	}
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_version", "message": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"version": n})
}

func (p *Peer) adminReset(w http.ResponseWriter, _ *http.Request) {
	p.Reset()
	writeJSON(w, http.StatusOK, map[string]int{"version": 0})
}

// loopbackCaller reports whether remoteAddr is on 127.0.0.0/8 or ::1.
func loopbackCaller(remoteAddr string) bool {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
