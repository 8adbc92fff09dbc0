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

// talking is a built-in client set to talk as opts says.
type talking struct {
	client
	opts Options
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
// the caller's process and described as "builtin:NAME", in session mode:
// one long-lived client value takes every task of a session.
func Lookup(name string) (runner.Client, error) { return LookupMode(name, driver.ModeSession) }

// LookupMode is Lookup in the given mode; in one-shot mode every task gets
// a fresh client value, as a fresh process would.
func LookupMode(name string, mode driver.Mode) (runner.Client, error) {
	return LookupWith(name, mode, Options{})
}

// Options are how a built-in client talks to the peer: its send mode and
// binding preference. The zero value is the reference's defaults (polling,
// the card's order of interfaces).
type Options struct {
	// SendMode is refclient.Poll, Block or Stream; "" is Poll.
	SendMode refclient.SendMode
	// Binding is "" (the card's order), wire.BindingJSONRPC or
	// wire.BindingHTTPJSON (see refclient.ParseBinding).
	Binding string
}

// check validates o, normalised.
func (o Options) check() (Options, error) {
	var err error
	if o.SendMode, err = refclient.ParseSendMode(string(o.SendMode)); err != nil {
		return o, err
	}
	o.Binding, err = refclient.ParseBinding(o.Binding)
	return o, err
}

// describe is the client's name in reports: the name, then the options
// that are not the defaults.
func (o Options) describe(name string) string {
	var set []string
	if o.SendMode != refclient.Poll {
		set = append(set, "send mode "+string(o.SendMode))
	}
	if o.Binding != "" {
		set = append(set, "binding "+o.Binding)
	}
	if len(set) == 0 {
		return Prefix + name
	}
	return Prefix + name + " (" + strings.Join(set, ", ") + ")"
}

// LookupWith is LookupMode with the client talking as o says.
func LookupWith(name string, mode driver.Mode, o Options) (runner.Client, error) {
	c, err := find(name, o)
	if err != nil {
		return nil, err
	}
	ic := &runner.InProcessClient{Name: c.opts.describe(name)}
	if mode == driver.ModeSession {
		ic.Session = c.session
	} else {
		ic.Fn = c.play
	}
	return ic, nil
}

// Play returns the function that plays one driver-contract assignment as
// the built-in client named name, a fresh client value each time. It never
// panics: every failure becomes an outcome with a reason.
func Play(name string) (func(context.Context, driver.Assignment) driver.Outcome, error) {
	return PlayWith(name, Options{})
}

// PlayWith is Play with the client talking as o says.
func PlayWith(name string, o Options) (func(context.Context, driver.Assignment) driver.Outcome, error) {
	c, err := find(name, o)
	if err != nil {
		return nil, err
	}
	return c.play, nil
}

// Session returns a function that plays every assignment of one session
// with one long-lived client value, as the built-in client named name.
func Session(name string) (func(context.Context, driver.Assignment) driver.Outcome, error) {
	return SessionWith(name, Options{})
}

// SessionWith is Session with the client talking as o says.
func SessionWith(name string, o Options) (func(context.Context, driver.Assignment) driver.Outcome, error) {
	c, err := find(name, o)
	if err != nil {
		return nil, err
	}
	return c.session(), nil
}

// find returns the client named name, set to talk as o says.
func find(name string, o Options) (talking, error) {
	o, err := o.check()
	if err != nil {
		return talking{}, err
	}
	for _, c := range registry {
		if c.name == name {
			return talking{c, o}, nil
		}
	}
	return talking{}, fmt.Errorf("%w %q (want one of %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}

func (c talking) config() refclient.Config {
	cfg := refclient.Config{SendMode: c.opts.SendMode, Binding: c.opts.Binding}
	if c.unsafe != nil {
		c.unsafe(&cfg)
	}
	return cfg
}

func (c talking) play(ctx context.Context, a driver.Assignment) driver.Outcome {
	return refclient.RunWith(ctx, a, c.config())
}

// session keeps one refclient.Client for the session, made on its first
// task (the card URL, skill, trust root and credentials are the session's).
func (c talking) session() func(context.Context, driver.Assignment) driver.Outcome {
	var rc *refclient.Client
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		if rc == nil {
			cfg := c.config()
			cfg.CardURL, cfg.Skill, cfg.CAFile, cfg.Credentials = a.CardURL, a.Skill, a.CAFile, a.Credentials
			var err error
			if rc, err = refclient.New(cfg); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
		}
		return rc.Do(ctx, a)
	}
}

// Resolve turns a --client value into a client taking its tasks in mode:
// "" is the reference, "builtin:NAME" a built-in client, anything else a
// command line run through the driver contract.
func Resolve(spec string, mode driver.Mode) (runner.Client, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		spec = Prefix + Reference
	}
	name, ok := strings.CutPrefix(spec, Prefix)
	if !ok {
		return &runner.Command{Line: spec, Mode: mode}, nil
	}
	return LookupMode(name, mode)
}
