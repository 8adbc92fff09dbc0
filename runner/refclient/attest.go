package refclient

import "net/url"

// Attestations decide whether a cross-origin binding attested earlier is
// reused (contract model rule 6, §6). An attestation is the signature leg
// done in full: the card's signature verified with a key its origin
// publishes, and the endpoint's TLS principal seen to be the card
// origin's. A client may reuse one only while the card that carried it is
// fresh by its cache headers: once that TTL has passed, the key may have
// been withdrawn and the endpoint may have changed hands.
//
// Reuse returns the principal to pin the endpoint to ("" pins nothing),
// and true, to skip the attestation; Attested is told of each attestation
// made. An error of either fails the task before anything is sent to the
// endpoint.
//
// The reference attests before every task and reuses nothing: one JWKS
// request and one TLS handshake per task cost less than reasoning about a
// cache.
type Attestations interface {
	Reuse(card *Card, endpoint *url.URL) (Principal, bool, error)
	Attested(card *Card, endpoint *url.URL, pin Principal) error
}

type attestEveryTime struct{}

func (attestEveryTime) Reuse(*Card, *url.URL) (Principal, bool, error) { return "", false, nil }
func (attestEveryTime) Attested(*Card, *url.URL, Principal) error      { return nil }
