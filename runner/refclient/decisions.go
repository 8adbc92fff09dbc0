package refclient

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Decisions are the points where the client decides what the contract
// model (docs/contract-model.md) rules on, one small interface each. A nil
// field means the reference's decision, so the zero value is the reference
// client. Any other value makes a client that breaks a rule on purpose: the
// mutants of runner/builtin are built this way, which is why Config holds
// them as UnsafeDecisions.
type Decisions struct {
	// Cache, if non-nil, decides which card a task is planned on: what a
	// long-lived client does with the card it holds from earlier tasks.
	Cache CardCache
	// Revalidator, if non-nil, decides which card a task is sent under
	// (rules 2 and 4).
	Revalidator Revalidator
	// Credentials, if non-nil, chooses the alternative of the skill's
	// security requirement to satisfy.
	Credentials CredentialChoice
	// Origins, if non-nil, decides which urls count as the card's own
	// origin (rule 6).
	Origins OriginGate
	// Signatures, if non-nil, decides which card signatures verify, and
	// with which keys (rule 6, conditions 1 and 2; signed.go).
	Signatures SignatureCheck
	// Protocol, if non-nil, decides which protocol versions and extensions
	// the client speaks (rules 5 and 7).
	Protocol Protocol
	// Watcher, if non-nil, runs between the polls or stream events of a
	// task that was sent (rule 3).
	Watcher TaskWatcher
}

// Reference returns the reference's decisions, every field set. An
// override that changes a decision only in part delegates to the field it
// replaces.
func Reference() Decisions {
	return Decisions{
		Cache:       refreshCache{},
		Revalidator: contractRevalidator{},
		Credentials: sendWhatYouHold{},
		Origins:     OriginGateFunc(func(_ Reach, card, target *url.URL) bool { return SameOrigin(card, target) }),
		Signatures:  verifyOnOrigin{},
		Protocol:    v1Protocol{},
		Watcher:     frozenContract{},
	}
}

// orReference fills the nil fields of d with the reference's.
func (d Decisions) orReference() Decisions {
	ref := Reference()
	d.Cache = cmp.Or(d.Cache, ref.Cache)
	d.Revalidator = cmp.Or(d.Revalidator, ref.Revalidator)
	d.Credentials = cmp.Or(d.Credentials, ref.Credentials)
	d.Origins = cmp.Or(d.Origins, ref.Origins)
	d.Signatures = cmp.Or(d.Signatures, ref.Signatures)
	d.Protocol = cmp.Or(d.Protocol, ref.Protocol)
	d.Watcher = cmp.Or(d.Watcher, ref.Watcher)
	return d
}

// CardCache decides which card a task is planned on (routing and
// credentials), given the card held from the session's earlier tasks (nil
// for the first). The plan is checked again right before the send by the
// Revalidator.
//
// The reference asks the peer every time, conditionally when it holds a
// card: a new task is a new authorization and routing decision, and a card
// still fresh by max-age is no proof that the contract holds.
type CardCache interface {
	Plan(ctx context.Context, c *Client, held *Card) (*Card, error)
}

type refreshCache struct{}

func (refreshCache) Plan(ctx context.Context, c *Client, held *Card) (*Card, error) {
	return c.FetchCardSince(ctx, held)
}

// Revalidator decides, right before the send, which card the task is sent
// under: prev, or a newer card with the same contract. An error wrapping
// ErrContractChanged aborts before the send.
//
// The reference revalidates even inside the card's max-age (HTTP freshness
// is no proof that the contract still holds) and aborts only when the
// contract hash changed; a card without validator is immutable for the
// task's lifetime and is not fetched again.
type Revalidator interface {
	Revalidate(ctx context.Context, c *Client, prev *Card) (*Card, error)
}

// CredentialChoice picks the alternative of the skill's effective security
// requirement to satisfy; one without schemes means sending nothing. held
// says why the credentials held cannot satisfy an alternative, or nil. An
// error wrapping ErrAuthUnavailable aborts before anything is sent.
//
// The reference sends what it holds when the card accepts it: the first
// alternative held, else an empty one, else none.
type CredentialChoice interface {
	Choose(alternatives []wire.SecurityRequirement, held func(wire.SecurityRequirement) error) (wire.SecurityRequirement, error)
}

// Reach names what the client is about to send to a url on the word of a
// card (or of the card URL, for a redirect).
type Reach int

// What the client may reach.
const (
	// ReachInterface: A2A requests and their credentials, to an interface url.
	ReachInterface Reach = iota + 1
	// ReachRedirect: the card request, following a redirect.
	ReachRedirect
	// ReachTokenEndpoint: a token request, which carries the client secret.
	ReachTokenEndpoint
	// ReachSigningKeys: the key set whose keys are to vouch for a signed card.
	ReachSigningKeys
)

// OriginGate decides whether target counts as the origin of card for a
// reach. The reference compares RFC 6454 origins for every reach; a card is
// then authoritative for an interface elsewhere only through a signature by
// a key its own origin publishes (signed.go). Nothing else ever leaves for
// another origin.
type OriginGate interface {
	SameOrigin(reach Reach, card, target *url.URL) bool
}

// OriginGateFunc adapts a function to OriginGate.
type OriginGateFunc func(reach Reach, card, target *url.URL) bool

// SameOrigin calls f.
func (f OriginGateFunc) SameOrigin(reach Reach, card, target *url.URL) bool {
	return f(reach, card, target)
}

// Protocol decides what the client speaks besides its bindings: the
// declared protocolVersion of an interface it sends A2A 1.0 requests to
// (rule 5: 1.0 only), and the extensions it activates when a card offers
// them (rule 7: the frozen-contract extension). A card requiring an
// extension the client does not speak is refused.
type Protocol interface {
	SpeaksVersion(protocolVersion string) bool
	SpeaksExtension(uri string) bool
}

// TaskWatcher runs before each poll of a task that was sent, or, in Stream
// mode, before each stream event is read, whenever the task is neither
// terminal nor interrupted. A non-nil task ends the wait with it; an error
// ends it with that error.
//
// The reference does nothing: the contract captured at send is frozen for
// the task's lifetime, so neither the card nor anything else is consulted.
type TaskWatcher interface {
	BeforePoll(ctx context.Context, s *Session, task *wire.Task) (*wire.Task, error)
}

// contractRevalidator is the reference's Revalidator.
type contractRevalidator struct{}

func (contractRevalidator) Revalidate(ctx context.Context, c *Client, prev *Card) (*Card, error) {
	if !prev.HasValidator() {
		return prev, nil
	}
	card, err := c.FetchCardSince(ctx, prev)
	if err != nil {
		return nil, err
	}
	if card.ContractHash != prev.ContractHash {
		return nil, fmt.Errorf("%w: contract hash %s, was %s", ErrContractChanged, card.ContractHash, prev.ContractHash)
	}
	return card, nil
}

// sendWhatYouHold is the reference's CredentialChoice.
type sendWhatYouHold struct{}

func (sendWhatYouHold) Choose(alternatives []wire.SecurityRequirement, held func(wire.SecurityRequirement) error) (wire.SecurityRequirement, error) {
	optional := false
	var why []error
	for _, alt := range alternatives {
		if len(alt.Schemes) == 0 {
			optional = true
			continue
		}
		if err := held(alt); err != nil {
			why = append(why, err)
			continue
		}
		return alt, nil
	}
	if optional || len(alternatives) == 0 {
		return wire.SecurityRequirement{}, nil
	}
	return wire.SecurityRequirement{}, fmt.Errorf("%w: %w", ErrAuthUnavailable, errors.Join(why...))
}

// v1Protocol is the reference's Protocol.
type v1Protocol struct{}

// SpeaksVersion accepts 1.0; patch versions SHOULD NOT appear, but are
// tolerated.
func (v1Protocol) SpeaksVersion(v string) bool {
	return v == wire.ProtocolVersion || strings.HasPrefix(v, wire.ProtocolVersion+".")
}

func (v1Protocol) SpeaksExtension(uri string) bool { return uri == FrozenContractExtension }

// frozenContract is the reference's TaskWatcher.
type frozenContract struct{}

func (frozenContract) BeforePoll(context.Context, *Session, *wire.Task) (*wire.Task, error) {
	return nil, nil
}
