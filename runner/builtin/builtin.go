package builtin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// Prefix marks a built-in client where a client may also be a command
// line: --client builtin:NAME.
const Prefix = "builtin:"

// The names of the built-in clients. Never rename one: they are part of the
// command line and of reports.
const (
	// Reference is the reference client: the contract model implemented
	// properly. It passes every requirement.
	Reference = "reference"
	// TTLCache trusts a card for its max-age and sends no credential where
	// the cached card makes one optional (ttlcache.go).
	TTLCache = "ttl-cache"
	// RefetchEveryTransition fetches the card before every poll and cancels
	// once the skill is no longer listed (refetch.go).
	RefetchEveryTransition = "refetch-every-transition"
	// AbortOnAnyChange aborts whenever the card changed before the send,
	// whatever changed (abortonanychange.go).
	AbortOnAnyChange = "abort-on-any-change"
	// FollowURL has no origin gate (followurl.go).
	FollowURL = "follow-url"
	// TrustAnySignature takes card signing keys from any origin
	// (trustanysignature.go).
	TrustAnySignature = "trust-any-signature"
	// NoVersionHeader sends A2A requests without A2A-Version
	// (noversionheader.go).
	NoVersionHeader = "no-version-header"
	// IgnoreProtocolVersion sends A2A 1.0 requests to an interface
	// declaring any protocol version (ignoreprotocolversion.go).
	IgnoreProtocolVersion = "ignore-protocol-version"
	// NoFrozenContract does not speak the frozen-contract extension
	// (nofrozencontract.go).
	NoFrozenContract = "no-frozen-contract"
)

// ErrUnknown is returned for a name no built-in client has.
var ErrUnknown = errors.New("builtin: unknown client")

// client is one built-in client: the reference with what unsafe sets.
type client struct {
	name string
	// unsafe replaces decisions of the reference; nil for the reference.
	unsafe func(*refclient.Config)
}

// registry holds every built-in client, the reference first.
var registry = []client{
	{Reference, nil},
	{TTLCache, ttlCache},
	{RefetchEveryTransition, refetchEveryTransition},
	{AbortOnAnyChange, abortOnAnyChange},
	{FollowURL, followURL},
	{TrustAnySignature, trustAnySignature},
	{NoVersionHeader, noVersionHeader},
	{IgnoreProtocolVersion, ignoreProtocolVersion},
	{NoFrozenContract, noFrozenContract},
}

// Names lists every built-in client, the reference first.
func Names() []string {
	names := make([]string, 0, len(registry))
	for _, c := range registry {
		names = append(names, c.name)
	}
	return names
}

// Lookup returns the built-in client named name (without Prefix), run in
// the caller's process and described as "builtin:NAME".
func Lookup(name string) (runner.Client, error) {
	play, err := Play(name)
	if err != nil {
		return nil, err
	}
	return runner.InProcess(Prefix+name, play), nil
}

// Play returns the function that plays one driver-contract assignment as
// the built-in client named name. It never panics: every failure becomes
// an outcome with a reason.
func Play(name string) (func(context.Context, driver.Assignment) driver.Outcome, error) {
	for _, c := range registry {
		if c.name == name {
			return c.play, nil
		}
	}
	return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}

func (c client) play(ctx context.Context, a driver.Assignment) driver.Outcome {
	var cfg refclient.Config
	if c.unsafe != nil {
		c.unsafe(&cfg)
	}
	return refclient.RunWith(ctx, a, cfg)
}

// Resolve turns a --client value into a client: "" is the reference,
// "builtin:NAME" a built-in client, anything else a command line run
// through the driver contract.
func Resolve(spec string) (runner.Client, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		spec = Prefix + Reference
	}
	name, ok := strings.CutPrefix(spec, Prefix)
	if !ok {
		return &runner.Command{Line: spec}, nil
	}
	return Lookup(name)
}
