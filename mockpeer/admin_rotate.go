package mockpeer

import (
	"net/http"
	"strconv"
)

// rotateNext is the ?to= value that cycles a peer to its next card
// version, back to 0 after the last.
const rotateNext = "next"

// rotate puts ?to=N (or the next version) in force on p, or on every peer
// with ?all; without ?to it fires p's next OnAdmin rotation.
func (a *adminServer) rotate(w http.ResponseWriter, r *http.Request, p *Peer) {
	q := r.URL.Query()
	switch {
	case q.Has("all") && q.Has("peer"):
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_peer", "message": "name a peer with ?peer= or rotate every peer with ?all, not both"})
	case q.Has("all"):
		a.rotateAll(w, q.Get("to"))
	case p == nil:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_peer",
			"message": "name a peer with ?peer= (this farm has " + strconv.Itoa(len(a.f.peers)) + "), or rotate every peer with ?all"})
	case q.Get("to") == "":
		a.fireAdmin(w, p)
	default:
		a.rotateTo(w, p, q.Get("to"))
	}
}

// fireAdmin fires p's next armed OnAdmin rotation.
func (a *adminServer) fireAdmin(w http.ResponseWriter, p *Peer) {
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
}

func (a *adminServer) rotateTo(w http.ResponseWriter, p *Peer, to string) {
	var n int
	var err error
	if to == rotateNext {
		n = p.RotateNext()
	} else if n, err = strconv.Atoi(to); err == nil {
		err = p.Rotate(n)
	}
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_version", "message": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"version": n})
}

// rotateAll rotates every peer to version to, or each to its next with
// "next". A version some peer lacks rotates none.
func (a *adminServer) rotateAll(w http.ResponseWriter, to string) {
	if to == rotateNext {
		for _, p := range a.f.peers {
			p.RotateNext()
		}
		writeJSON(w, http.StatusOK, map[string]int{"peers": len(a.f.peers)})
		return
	}
	n, err := strconv.Atoi(to)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_version", "message": "?all needs ?to=N or ?to=next, got " + strconv.Quote(to)})
		return
	}
	for _, p := range a.f.peers {
		if err := p.checkVersion(n); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_version", "message": err.Error()})
			return
		}
	}
	for _, p := range a.f.peers {
		_ = p.Rotate(n) // checked above
	}
	writeJSON(w, http.StatusOK, map[string]int{"peers": len(a.f.peers), "version": n})
}
