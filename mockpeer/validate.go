package mockpeer

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// ErrInvalidSpec is wrapped by every error Start returns for a FarmSpec
// that cannot be played.
var ErrInvalidSpec = errors.New("invalid farm spec")

func invalid(format string, args ...any) error {
	return fmt.Errorf("mockpeer: %w: %s", ErrInvalidSpec, fmt.Sprintf(format, args...))
}

// validate checks everything that can be checked before binding a port.
func validate(spec FarmSpec) error {
	if len(spec.Peers) == 0 {
		return invalid("no peers")
	}
	names := map[string]bool{}
	for _, ps := range spec.Peers {
		if ps.Name == "" {
			return invalid("a peer has no name")
		}
		if names[ps.Name] {
			return invalid("duplicate peer name %q", ps.Name)
		}
		names[ps.Name] = true
	}
	for _, ps := range spec.Peers {
		if err := validatePeer(ps, names); err != nil {
			return err
		}
	}
	if g := spec.Grants; g.OAuthIssuer != "" && (!g.OAuth || !names[g.OAuthIssuer]) {
		return invalid("the OAuth issuer %q is no peer of the farm, or OAuth is not granted", g.OAuthIssuer)
	}
	if spec.AdminAddr != "" {
		if _, _, err := listenAddr(PeerSpec{Name: "admin", Addr: spec.AdminAddr}); err != nil {
			return invalid("admin address %q is not a loopback host:port", spec.AdminAddr)
		}
	}
	return nil
}

func validatePeer(ps PeerSpec, names map[string]bool) error {
	if len(ps.Cards) == 0 {
		return invalid("peer %q has no cards", ps.Name)
	}
	if err := validateBindings(ps); err != nil {
		return err
	}
	if !validA2APrefix(ps.A2APrefix) {
		return invalid("peer %q: A2A prefix %q is not \"/segment\"... of unreserved characters, outside %s",
			ps.Name, ps.A2APrefix, AdminPrefix)
	}
	if !validCardPath(ps.CardPath, pathsUnder(ps.A2APrefix)) {
		return invalid("peer %q: card path %q is not \"/segment\"... of unreserved characters, outside %s and the peer's other routes",
			ps.Name, ps.CardPath, AdminPrefix)
	}
	for i, c := range ps.Cards {
		if c == nil {
			return invalid("peer %q card %d is nil", ps.Name, i)
		}
	}
	if _, _, err := listenAddr(ps); err != nil {
		return err
	}
	if identityOf(ps) == adminIdentity {
		return invalid("peer %q: identity %q is the admin listener's", ps.Name, adminIdentity)
	}
	if rd := ps.Redirect; rd != nil {
		switch {
		case !names[rd.To]:
			return invalid("peer %q redirects to unknown peer %q", ps.Name, rd.To)
		case !redirectStatus(rd.Status):
			return invalid("peer %q redirect status %d is not 301, 302, 303, 307 or 308", ps.Name, rd.Status)
		case slices.ContainsFunc(rd.ByVersion, func(s int) bool { return s != 0 && !redirectStatus(s) }):
			return invalid("peer %q redirect statuses by version %v are not all 301, 302, 303, 307, 308 or 0 (Status)", ps.Name, rd.ByVersion)
		case rd.FromVersion < 0 || rd.UntilVersion < 0:
			return invalid("peer %q redirect has a negative card version bound", ps.Name)
		case rd.UntilVersion > 0 && rd.UntilVersion <= rd.FromVersion:
			return invalid("peer %q redirects from card version %d until version %d: never", ps.Name, rd.FromVersion, rd.UntilVersion)
		}
	}
	for what, rd := range map[string]*Redirect{"A2A": ps.A2ARedirect, "token": ps.TokenRedirect} {
		if rd == nil {
			continue
		}
		switch {
		case !names[rd.To] || rd.To == ps.Name:
			return invalid("peer %q redirects its %s requests to %q, which is no other peer of the farm", ps.Name, what, rd.To)
		case !redirectStatus(rd.Status):
			return invalid("peer %q %s redirect status %d is not 301, 302, 303, 307 or 308", ps.Name, what, rd.Status)
		case rd.ByVersion != nil:
			return invalid("peer %q %s redirect has statuses by card version: only a card redirect has", ps.Name, what)
		case rd.FromVersion < 0 || rd.UntilVersion < 0:
			return invalid("peer %q %s redirect has a negative card version bound", ps.Name, what)
		case rd.UntilVersion > 0 && rd.UntilVersion <= rd.FromVersion:
			return invalid("peer %q redirects its %s requests from card version %d until version %d: never", ps.Name, what, rd.FromVersion, rd.UntilVersion)
		}
	}
	for i, rot := range ps.Rotations {
		if rot.To < 0 || rot.To >= len(ps.Cards) {
			return invalid("peer %q rotation %d goes to card version %d, which does not exist (versions 0..%d)",
				ps.Name, i, rot.To, len(ps.Cards)-1)
		}
		if rot.On.Kind < AfterCardResponses || rot.On.Kind > OnAdmin {
			return invalid("peer %q rotation %d has no trigger kind", ps.Name, i)
		}
		if rot.On.N < 0 {
			return invalid("peer %q rotation %d has a negative count", ps.Name, i)
		}
	}
	switch {
	case ps.GraceWindow < 0:
		return invalid("peer %q has a negative grace window", ps.Name)
	case ps.GraceWindow > 0 && ps.GraceRequests == 0:
		return invalid("peer %q bounds a grace window by time but GraceRequests 0 opens none; set GraceRequests -1 for the time bound alone", ps.Name)
	case ps.Task.StepInterval < 0:
		return invalid("peer %q has a negative task step interval", ps.Name)
	}
	for i, st := range ps.Task.Steps {
		if _, ok := wire.ParseTaskState(string(st.State)); !ok || st.State == wire.TaskStateUnspecified {
			return invalid("peer %q task step %d has no valid state (%q)", ps.Name, i, st.State)
		}
	}
	return nil
}

func redirectStatus(s int) bool {
	switch s {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// listenAddr resolves where a peer listens: its host (for the origin and
// the certificate) and the host:port to bind. Only loopback is allowed.
func listenAddr(ps PeerSpec) (host, addr string, err error) {
	host, port := ps.Host, "0"
	if ps.Addr != "" {
		h, p, err := net.SplitHostPort(ps.Addr)
		if err != nil {
			return "", "", invalid("peer %q address %q: %v", ps.Name, ps.Addr, err)
		}
		if h != "" {
			host = h
		}
		port = p
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", "", invalid("peer %q host %q is not a loopback address", ps.Name, host)
	}
	return host, net.JoinHostPort(host, port), nil
}
