package mockpeer

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Paths every peer serves besides the well-known card.
const (
	TokenPath   = "/oauth/token"
	JSONRPCPath = "/a2a/jsonrpc"
	RESTPath    = "/a2a/rest"
	AdminPrefix = "/_conform/"
)

// JSONRPCURL is the JSON-RPC interface url of the peer at origin.
func JSONRPCURL(origin string) string { return origin + JSONRPCPath }

// RESTURL is the HTTP+JSON interface url of the peer at origin.
func RESTURL(origin string) string { return origin + RESTPath }

// TokenURL is the OAuth 2.0 token endpoint of the peer at origin.
func TokenURL(origin string) string { return origin + TokenPath }

// CardURL is the well-known card URL of the peer at origin.
func CardURL(origin string) string { return origin + wire.WellKnownCardPath }

// MovedCardPath is where a peer whose Redirect names itself also serves
// its card, never redirected: the Location of that same-origin redirect.
// On any other peer it is unmatched, like every path no script serves.
const MovedCardPath = "/agents/card.json"

// Peer is one scripted A2A agent of a farm, on its own origin.
type Peer struct {
	farm     *Farm
	spec     PeerSpec
	origin   string
	identity string
	paths    a2aPaths // where it serves JSON-RPC and HTTP+JSON
	listener net.Listener
	server   *http.Server
	versions []*cardVersion
	// sent are the validators the peer sends with each card version, made
	// at the first card request that carries validators (under mu).
	sent    *CardValidators
	script  []TaskStep
	jsonrpc http.Handler
	rest    http.Handler
	grpc    http.Handler
	// tlsConf is the TLS configuration of the peer's handshakes; nil on a
	// plain farm.
	tlsConf *tls.Config
	// impostor is the TLS configuration of PresentImpostor; nil while the
	// peer presents its genuine certificate.
	impostor atomic.Pointer[tls.Config]
	// ownKey is the TLS configuration of PresentOwnKey; nil while the peer
	// presents its identity's certificate.
	ownKey atomic.Pointer[tls.Config]
	// ownKeyArmed is PresentOwnKeyAfterNextHandshake's switch, until the
	// handshake after the next one puts its configuration in ownKey.
	ownKeyArmed atomic.Pointer[armedKey]
	// switching serializes PresentImpostor and PresentGenuine, drain
	// included: a call that finds the switch made returns only once it is
	// complete.
	switching sync.Mutex
	conns     connSet // the server's open connections
	// native is the grpc.Server of the connections the gRPC split hands
	// over (grpc_native.go), made on the first; none after nativeStopped.
	native        atomic.Pointer[nativeGRPC]
	nativeOnce    sync.Once
	nativeStopped atomic.Bool

	mu    sync.Mutex // guards state and tasks
	state peerState
	tasks taskStore
}

// peerState is what rotations, grace windows and triggers change.
type peerState struct {
	version   int
	previous  int // version before the last rotation; -1 when none
	graceLeft int // admitted A2A requests left under previous; <0 no count bound
	// graceUntil ends the grace window on the farm clock; zero: no time bound.
	graceUntil time.Time
	// armed is the version Arm put on the harness's schedule; -1 when none.
	armed int
	// armedOnExtended: the armed rotation fires after a GetExtendedAgentCard
	// answer, not after a card response (ArmExtended).
	armedOnExtended bool
	fired           []bool
	// cardResponses counts 200/304 card responses with the version in
	// force; a rotation starts it again, so triggers chain per version.
	cardResponses int
	sends         int // tasks created
	// latePublished: the late keys of a LatePublication peer are in its
	// JWKS (signing.go).
	latePublished bool
	// served marks the card versions the peer answered a GET with, 200
	// and the card: what a client's validators may name (Validators).
	served []bool
	// fault answers every card request while set; faultArmed is put in
	// force right after the next card response (ArmCardFault).
	fault, faultArmed CardFault
}

func (s *peerState) reset(rotations int) {
	*s = peerState{previous: -1, armed: -1, fired: make([]bool, rotations)}
}

// Name is the peer's name in the farm.
func (p *Peer) Name() string { return p.spec.Name }

// Origin is "https://host:port" (http with PlainHTTP).
func (p *Peer) Origin() string { return p.origin }

// CardURL is the peer's card URL: the well-known one, or at its CardPath.
func (p *Peer) CardURL() string { return p.origin + p.paths.card }

// Version is the card version in force.
func (p *Peer) Version() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.state.version
}

// CardVersions is how many card versions the peer has (0..n-1).
func (p *Peer) CardVersions() int { return len(p.versions) }

// CardBytes returns the frozen bytes of card version v, nil if there is none.
func (p *Peer) CardBytes(v int) []byte {
	if v < 0 || v >= len(p.versions) {
		return nil
	}
	return bytes.Clone(p.versions[v].raw)
}

// ContractHash is the contract hash of card version v for the peer's
// skill, "" if there is no such version.
func (p *Peer) ContractHash(v int) string {
	if v < 0 || v >= len(p.versions) {
		return ""
	}
	return p.versions[v].contractHash()
}

// ETag is the strong ETag (quotes included) of card version v, "" if
// there is no such version.
func (p *Peer) ETag(v int) string {
	if v < 0 || v >= len(p.versions) {
		return ""
	}
	return p.versions[v].etag
}

// LastModified is the Last-Modified header value of card version v, ""
// if there is no such version.
func (p *Peer) LastModified(v int) string {
	if v < 0 || v >= len(p.versions) {
		return ""
	}
	return p.versions[v].lastModifiedHeader[0]
}

// ErrUnknownVersion is wrapped by the errors of Rotate and Arm for a card
// version the peer does not have.
var ErrUnknownVersion = errors.New("no such card version")

func (p *Peer) checkVersion(to int) error {
	if to < 0 || to >= len(p.versions) {
		return fmt.Errorf("mockpeer: peer %q: %w: %d (versions 0..%d)", p.spec.Name, ErrUnknownVersion, to, len(p.versions)-1)
	}
	return nil
}

// Rotate puts card version to in force now, as the admin API does, and
// opens the grace window a rotation trigger would. An OnAdmin rotation to
// that version counts as fired; a rotation armed by Arm stays armed.
func (p *Peer) Rotate(to int) error {
	if err := p.checkVersion(to); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rotateLocked(to)
	return nil
}

// Versions is how many card versions the peer has.
func (p *Peer) Versions() int { return len(p.versions) }

// RotateNext puts the next card version in force (version 0 after the
// last), as Rotate would, and returns it: a farm cycling its peers through
// their cards on a schedule.
func (p *Peer) RotateNext() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	to := (p.state.version + 1) % len(p.versions)
	p.rotateLocked(to)
	return to
}

func (p *Peer) rotateLocked(to int) {
	for i, rot := range p.spec.Rotations {
		if rot.On.Kind == OnAdmin && rot.To == to && !p.state.fired[i] {
			p.state.fired[i] = true
			break
		}
	}
	p.switchLocked(to)
}

// Reset puts version 0 back in force, re-arms every trigger, disarms what
// Arm armed, drops every task (ending the streams and blocking sends that
// follow one), ends any grace window and presents the genuine certificate
// again, as the peer started. The journal is kept, and task ids keep
// counting so that journal entries stay unambiguous.
func (p *Peer) Reset() {
	p.mu.Lock()
	p.state.reset(len(p.spec.Rotations))
	p.tasks.drop()
	p.mu.Unlock()
	if p.farm.pki != nil {
		_ = p.PresentGenuine() // cannot fail with a CA
	}
}

// inForce returns the card version in force.
func (p *Peer) inForce() *cardVersion {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.versions[p.state.version]
}
