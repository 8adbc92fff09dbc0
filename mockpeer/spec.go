package mockpeer

import (
	"strconv"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Origins resolves a peer name of the farm to its origin
// ("https://127.0.0.2:40123"). Card functions use it because ports are only
// known once every listener is bound.
type Origins func(peer string) string

// CardFunc builds one version of a peer's card. It is called once per run,
// after all listeners are bound, and its result is frozen into bytes.
type CardFunc func(o Origins) wire.AgentCard

// PeerSpec scripts one peer. The zero value of every optional field means
// "off" or "the spec's default", so a scenario only states what it changes.
type PeerSpec struct {
	// Name is unique in the farm ("A", "B", ...), used in Origins and journals.
	Name string
	// Host is the loopback address to listen on; "" means 127.0.0.1.
	Host string
	// Addr, if non-empty, is the host:port to listen on (standalone peers).
	Addr string
	// Identity names the TLS server identity. Peers sharing an identity
	// present the same certificate (same principal); "" means the peer's Name.
	Identity string
	// Skill is the scenario's target skill: the peer enforces and announces
	// the contract of that skill.
	Skill string
	// Cards are the card versions; Cards[0] is in force at start.
	Cards []CardFunc
	// Caching controls the validators and freshness headers of the card.
	Caching Caching
	// Redirect, if non-nil, makes the card URL answer a redirect instead.
	Redirect *Redirect
	// A2ARedirect, if non-nil, makes the peer answer every request of its
	// HTTP bindings (JSON-RPC, HTTP+JSON; never gRPC, which has no
	// redirects) with a redirect to the same binding's endpoint on peer To,
	// another peer of the farm, while the card versions it names are in
	// force: an interface that moved its API to another origin, which the
	// card does not vouch for. Its Status should be 307 or 308, which keep
	// the method and body.
	A2ARedirect *Redirect
	// TokenRedirect, if non-nil, makes the peer answer every request of its
	// OAuth token endpoint with a redirect to peer To's token endpoint while
	// the card versions it names are in force: a token endpoint that sends
	// the client secret's holder to an origin no card names.
	TokenRedirect *Redirect
	// TokenLifetime, if positive, is the life (expires_in, whole seconds)
	// of every access token this peer's token endpoint grants, and that
	// life ends on the farm's script, never the wall clock: a token is
	// valid on every peer until Farm.EndTokenLives ends the lives of the
	// tokens granted so far (between two tasks), however long a task takes.
	// 0 grants tokens of an hour, judged on the farm clock (FarmSpec.Now).
	TokenLifetime time.Duration
	// Rotations switch the card version in force when their trigger fires.
	// Each fires at most once. Peer.Arm and Peer.Rotate rotate on the
	// harness's schedule instead of the client's.
	Rotations []Rotation
	// Task scripts every task this peer creates.
	Task TaskScript
	// GraceRequests bounds the grace window a rotation opens by count: the
	// window closes once the peer has admitted that many A2A requests after
	// the rotation (whatever they presented). Negative means no count bound;
	// 0 means no window at all. See the package doc, "Grace windows".
	GraceRequests int
	// GraceWindow bounds the same window by time on the farm clock
	// (FarmSpec.Now), from the rotation; 0 means no time bound. With both
	// bounds, whichever ends first closes the window. A time bound needs
	// GraceRequests non-zero (-1: the time bound alone).
	GraceWindow time.Duration
	// Hooks change the peer's decisions beyond its script (see Hooks);
	// the zero value changes none.
	Hooks Hooks
	// FlatSecurityScopes serves securityRequirements scopes as bare arrays,
	// the shape a2a-go v2.3.1 parses ({"schemes":{"x":[]}}).
	FlatSecurityScopes bool
	// Signing, if non-nil, signs every card version (spec §8.4) with keys
	// made for the run, published in a peer's JWKS (see signing.go).
	Signing *Signing
	// Bindings, if non-nil, are the only bindings the peer serves and the
	// ones its cards list on farm origins (see offerBindings); nil serves
	// all three and lists what the cards list (NewCard's: all three).
	Bindings []string
	// Respell, if non-nil, gives the url each interface of card version v
	// is listed with, once the bindings are offered: the farm's own
	// interfaces spelt otherwise (another case, port or path form) keep the
	// binding a run selects.
	Respell func(v int, o Origins, iface wire.AgentInterface) string
	// A2APrefix, if non-empty ("/agents/summarizer"), is the path the peer
	// serves its HTTP bindings under, as one agent of a multi-agent host:
	// JSON-RPC at A2APrefix+JSONRPCPath, HTTP+JSON under A2APrefix+RESTPath,
	// and the bare paths are unmatched. The farm lists every farm-made
	// interface url on its origin under it, on every card of the farm (see
	// underPrefixes); gRPC, whose url is host:port and whose paths are the
	// proto's, is unaffected. "" serves the bare paths, as before.
	A2APrefix string
	// CardPath, if non-empty ("/agents/summarizer/agent-card.json"), is
	// where the peer serves its card instead of the well-known path, as a
	// card URL a registry or an operator hands out: the client is given
	// origin+CardPath, and the well-known path is unmatched (404), as on a
	// host that serves no agent of its own there. It is a path of
	// unreserved segments, none of the peer's other routes.
	CardPath string
	// Extended, if non-nil, scripts the authenticated extended card per
	// card version (see ExtendedCard); nil answers GetExtendedAgentCard
	// with the public card, when it declares capabilities.extendedAgentCard.
	Extended *ExtendedCard
}

// Caching: ETag and Last-Modified are on unless switched off; Cache-Control
// is sent only when set.
type Caching struct {
	NoETag         bool
	NoLastModified bool
	CacheControl   string // e.g. "max-age=300"
	// Aged is the peer's scripted clock for its card, so that a card's
	// freshness can run out between two tasks without anybody waiting.
	Aged Aging
}

// Aging: from card version FromVersion on, every card response (200 or
// 304) carries "Age: Seconds" (RFC 9111 §5.1): the card is that old when
// it arrives, stale on arrival once Seconds reaches its max-age. Zero
// Seconds sends no Age.
type Aging struct {
	FromVersion int
	Seconds     int
}

// header is the Age header while card version v is in force, or "".
func (a Aging) header(v int) string {
	if a.Seconds <= 0 || v < a.FromVersion {
		return ""
	}
	return strconv.Itoa(a.Seconds)
}

// Redirect answers the card URL with Status and a Location: another peer's
// card URL, or, when To names the redirecting peer itself, MovedCardPath on
// its own origin (a same-origin redirect, which keeps the card
// authoritative for that origin).
type Redirect struct {
	Status int    // 301, 302, 303, 307 or 308
	To     string // peer whose card the Location names
	// ByVersion, if set, is the status while each card version is in
	// force: ByVersion[v] for version v, Status where that is 0 and for
	// the versions past its end. So one session meets the same redirect
	// under several statuses, and no status tells a redirect a client must
	// follow from one it must refuse.
	ByVersion []int
	// FromVersion: the card URL redirects only while a card version of at
	// least this number is in force (0: always), so a scenario can serve
	// the honest card first and redirect after a rotation.
	FromVersion int
	// UntilVersion, if positive, ends the redirect once a card version of
	// at least this number is in force, so a scenario can redirect on first
	// contact and serve the honest card after a rotation.
	UntilVersion int
}

// redirects reports whether rd redirects while card version v is in force.
func (rd *Redirect) redirects(v int) bool {
	return rd != nil && v >= rd.FromVersion && (rd.UntilVersion <= 0 || v < rd.UntilVersion)
}

// status is rd's status while card version v is in force.
func (rd *Redirect) status(v int) int {
	if v >= 0 && v < len(rd.ByVersion) && rd.ByVersion[v] != 0 {
		return rd.ByVersion[v]
	}
	return rd.Status
}

// TriggerKind says what event fires a rotation.
type TriggerKind int

// Rotation triggers. None is a wall-clock timer.
const (
	// AfterCardResponses fires once the peer has answered N card requests
	// (200 or 304) with the current version.
	AfterCardResponses TriggerKind = iota + 1
	// AfterSend fires right after the Nth task-creating request (N=0 means 1).
	AfterSend
	// AtTaskStep fires when a task enters step N of its script, before the
	// step is rendered.
	AtTaskStep
	// OnAdmin fires only through the admin API or Peer.Rotate.
	OnAdmin
)

// Trigger is a kind and its count.
type Trigger struct {
	Kind TriggerKind
	N    int
}

// Rotation switches the card in force to version To when On fires.
type Rotation struct {
	On Trigger
	To int
}

// TaskScript is the lifecycle of every task the peer creates. A task starts
// at Steps[0]; each advance event (a GetTask poll, a stream tick, a blocking
// send waiting) moves it one step. The last step should be terminal or
// interrupted; a task stays at its last step.
type TaskScript struct {
	Steps []TaskStep
	// ByVersion, if non-nil, gives the steps of a task created while that
	// card version is in force; versions not listed follow Steps. A task
	// keeps the script it was created with.
	ByVersion map[int][]TaskStep
	// StepInterval paces blocking sends and streams: while one waits, the
	// task moves one step per interval instead of all at once, so a change
	// at a task step (AtTaskStep) lands while the client watches. A poll
	// still moves the task one step at once. 0 keeps every step immediate;
	// DefaultStepInterval is the one meant for the catalog.
	StepInterval time.Duration
	// Artifact is the text of the artifact attached on TASK_STATE_COMPLETED;
	// "" means a default text.
	Artifact string
}

// DefaultStepInterval is the StepInterval meant for the catalog: a stream
// shows each step as its own moment, and a five-step task still takes only
// 0.2 s.
const DefaultStepInterval = 50 * time.Millisecond

// TaskStep is one state of the script.
type TaskStep struct {
	State    wire.TaskState
	Progress int    // percent, carried in the status message metadata
	Message  string // status message text; "" means none unless interrupted
}

// FrozenContractExtension is wire.FrozenContractExtension, re-exported for
// scenario authors.
const FrozenContractExtension = wire.FrozenContractExtension

// Grants lists the credentials handed to the client. The farm creates every
// credential each run in memory; grants decide what the client is told,
// and the client certificate's files are written only when it is granted.
type Grants struct {
	OAuth      bool
	Bearer     bool
	APIKey     bool
	ClientCert bool
	// OAuthIssuer names the peer whose token endpoint the OAuth client
	// credentials were issued for: the client is told its token URL
	// (driver.Credentials.OAuthTokenURL), and a card naming another token
	// endpoint is advisory for the secret. "" tells the client nothing (it
	// trusts a token endpoint on the card's origin, as before the grant
	// named one). Only with OAuth.
	OAuthIssuer string
}

// FarmSpec is everything a farm needs to start.
type FarmSpec struct {
	Peers  []PeerSpec
	Grants Grants
	// PlainHTTP serves http:// instead of https:// (demos only).
	PlainHTTP bool
	// Dir receives the CA file, and the client certificate and key files
	// when they are granted; "" means a temporary directory removed by Close.
	Dir string
	// Now is the clock for journal times, Last-Modified and grace windows;
	// nil means time.Now.
	Now func() time.Time
	// After, if non-nil, replaces time.After for paced task steps
	// (TaskScript.StepInterval): a test feeds the channels it returns to
	// step tasks by hand.
	After func(d time.Duration) <-chan time.Time
	// OnExchange, if non-nil, is called after every exchange is journaled
	// (e.g. to stream the journal to a terminal). It must not block.
	OnExchange func(journal.Exchange)
	// Limits bound what a connection may cost a peer; zero fields: defaults.
	Limits ServerLimits
	// Journal bounds what the journal keeps; zero fields: defaults.
	Journal journal.JournalLimits
	// AdminAddr is the loopback host:port of the admin listener; "" means
	// 127.0.0.1 on an ephemeral port.
	AdminAddr string
	// KeyGroup, if non-nil, names the key group of a signing peer: peers of
	// one group sign with the same card signing keys, each publishing them
	// under its own kids. A farm of many copies of one scenario makes its
	// keys (RSA ones take tens of milliseconds) once, not once per copy.
	// nil, or "" for a peer, gives it keys of its own.
	KeyGroup func(peer string) string
	// CopyOf, if non-nil, names the farm peer that peer copies: the same
	// PeerSpec but for names and origins, so its cards differ from the
	// original's in origins alone. The original's cards are parsed back and
	// contract-hashed at start, which fails on a card that cannot be; a
	// copy's wait for their first use (a 10,000-copy farm spent most of
	// its start there). "" for a peer, an original that is not in the farm
	// or is itself a copy: the peer's cards are done at start. The caller
	// vouches that a copy's cards have its original's shape (a CardFunc
	// that reads origins only to spell URLs); a copy's card that failed to
	// parse back or hash on first use fails closed (derivedOf): the copy
	// admits no call, and journals the error as its contract hash.
	CopyOf func(peer string) string
}
