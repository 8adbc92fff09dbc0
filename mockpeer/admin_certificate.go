package mockpeer

import (
	"errors"
	"net/http"
	"strconv"
)

// The certificate a peer presents, as the admin API answers it.
const (
	certImpostor = "impostor"
	certGenuine  = "genuine"
)

// impostor switches p to the impostor's certificate (PresentImpostor).
func (a *adminServer) impostor(w http.ResponseWriter, _ *http.Request, p *Peer) {
	a.present(w, p, certImpostor, p.PresentImpostor)
}

// genuine switches p back to its genuine certificate (PresentGenuine).
func (a *adminServer) genuine(w http.ResponseWriter, _ *http.Request, p *Peer) {
	a.present(w, p, certGenuine, p.PresentGenuine)
}

// present runs a switch and answers the certificate p presents after it.
// It answers once the connections the switch ends are gone, as the Go
// call returns: the next connection meets the new certificate.
func (a *adminServer) present(w http.ResponseWriter, p *Peer, want string, switchTo func() error) {
	err := switchTo()
	switch {
	case errors.Is(err, ErrPlainHTTP):
		writeJSON(w, http.StatusConflict, map[string]string{
			"error": "no_certificate", "message": "peer " + strconv.Quote(p.spec.Name) + " serves plain HTTP (--http): it has no certificate to change",
		})
	case err != nil:
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal", "message": err.Error()})
	default:
		writeJSON(w, http.StatusOK, map[string]string{"certificate": want})
	}
}
