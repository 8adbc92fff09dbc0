package refclient

import (
	"errors"
	"fmt"
	"net/url"
)

// Errors of the decision boundary. Classify with errors.Is; OutcomeOf maps
// each to the outcome and reason of docs/driver-contract.md.
var (
	// ErrContractChanged: the card's contract changed before the send.
	ErrContractChanged = errors.New("refclient: contract changed before send")
	// ErrUntrustedEndpoint: the card is not authoritative for where it
	// points (cross-origin interface or redirect).
	ErrUntrustedEndpoint = errors.New("refclient: untrusted endpoint")
	// ErrVersionUnsupported: no interface speaks A2A 1.0 over a binding
	// this client has.
	ErrVersionUnsupported = errors.New("refclient: no A2A 1.0 interface")
	// ErrBindingUnsupported: no interface uses a binding this client has.
	ErrBindingUnsupported = errors.New("refclient: no interface over a binding this client speaks")
	// ErrAuthUnavailable: no alternative of the security requirement can be
	// satisfied with the credentials held.
	ErrAuthUnavailable = errors.New("refclient: authentication unavailable")
	// ErrExtensionUnsupported: the card requires an extension this client
	// does not speak.
	ErrExtensionUnsupported = errors.New("refclient: required extension unsupported")
	// ErrContractDiverged: a peer message carried another contract hash than
	// the one sent (frozen-contract extension).
	ErrContractDiverged = errors.New("refclient: contract diverged after send")
	// ErrPeer: the peer answered with an error or something unparsable.
	ErrPeer = errors.New("refclient: peer error")
	// ErrTransport: the request did not get an HTTP answer.
	ErrTransport = errors.New("refclient: transport error")
	// ErrConfig: the client was configured wrongly (or broke internally).
	ErrConfig = errors.New("refclient: client error")
)

// PeerError is an error answer of the peer: an A2A error (JSON-RPC error
// object or google.rpc.Status) or an HTTP status without one.
type PeerError struct {
	// Op is what was asked ("SendMessage", "agent card", "token").
	Op string
	// HTTPStatus is the HTTP status code, 0 if the answer was a 200.
	HTTPStatus int
	// Code is the JSON-RPC error code, 0 for HTTP+JSON and plain HTTP.
	Code int
	// Status is the google.rpc.Code name of an HTTP+JSON error.
	Status string
	// Reason is the google.rpc.ErrorInfo reason, when given.
	Reason  string
	Message string
	// Challenge is the WWW-Authenticate challenge of an authentication
	// failure the answer carried in its ErrorInfo ("www-authenticate"),
	// as a gRPC answer can; on HTTP the session reads the header itself.
	Challenge string
}

func (e *PeerError) Error() string {
	msg := "refclient: " + e.Op + ": "
	switch {
	case e.Code != 0:
		msg += fmt.Sprintf("error %d", e.Code)
	case e.Status != "":
		msg += fmt.Sprintf("HTTP %d %s", e.HTTPStatus, e.Status)
	default:
		msg += fmt.Sprintf("HTTP %d", e.HTTPStatus)
	}
	if e.Reason != "" {
		msg += " " + e.Reason
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// Is makes every PeerError an ErrPeer.
func (e *PeerError) Is(target error) bool { return target == ErrPeer }

// malformed reports an answer that could not be understood.
func malformed(op string, err error) error {
	return fmt.Errorf("%w: %s: malformed answer: %w", ErrPeer, op, err)
}

// transportError strips the URL from a net/url error: a URL may carry an
// API key in its query, and error texts end up in outcome files.
func transportError(op string, err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		err = uerr.Err
	}
	// Decisions made while following redirects keep their own class.
	if errors.Is(err, ErrUntrustedEndpoint) {
		return err
	}
	return fmt.Errorf("%w: %s: %w", ErrTransport, op, err)
}
