package builtin

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
	// TrustAnySignature takes any card signature that verifies somehow:
	// keys from any origin or embedded, alg none or HMAC, unknown crit, a
	// payload other than RFC 8785, keys fetched again (trustanysignature.go).
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
	// SameHostOrigin's origin gate compares hostnames only, so another
	// port on the card's host passes for its origin (samehostorigin.go).
	SameHostOrigin = "same-host-origin"
	// BlindRevalidate adds "*" to its If-None-Match, so every revalidation
	// is answered 304 (blindrevalidate.go).
	BlindRevalidate = "blind-revalidate"
	// GuessNextModified revalidates with the date of the peer's next card
	// version, answered 304 before and after the change (blindrevalidate.go).
	GuessNextModified = "guess-next-modified"
	// InsecureTLS does not verify server certificates (insecuretls.go).
	InsecureTLS = "insecure-tls"
)

// ErrUnknown is returned for a name no built-in client has.
var ErrUnknown = errors.New("builtin: unknown client")

// task plays one task of a session.
type task = func(context.Context, driver.Assignment) driver.Outcome

// client is one built-in client: the reference with what unsafe sets, or
// a gallery client of its own (own).
type client struct {
	name string
	// unsafe replaces decisions of the reference; nil for the reference.
	// It sees the session's card URL, skill, trust root and credentials.
	unsafe func(*refclient.Config)
	// stateful, if non-nil, replaces decisions of the reference as unsafe
	// does, given the session's state directory ("" for none): what it
	// keeps there outlives one-shot processes.
	stateful func(cfg *refclient.Config, stateDir string)
	// own, for a client that is not the reference at all, makes the state
	// of one session and returns the function that plays its tasks.
	own func() task
}

// registry holds the reference and its mutants, the reference first; the
// adversarial clients are in gallery (gallery.go).
var registry = []client{
	{name: Reference},
	{name: TTLCache, unsafe: ttlCache},
	{name: RefetchEveryTransition, unsafe: refetchEveryTransition},
	{name: AbortOnAnyChange, unsafe: abortOnAnyChange},
	{name: FollowURL, unsafe: followURL},
	{name: TrustAnySignature, unsafe: trustAnySignature},
	{name: NoVersionHeader, unsafe: noVersionHeader},
	{name: IgnoreProtocolVersion, unsafe: ignoreProtocolVersion},
	{name: NoFrozenContract, unsafe: noFrozenContract},
	{name: SameHostOrigin, unsafe: sameHostOrigin},
	{name: BlindRevalidate, unsafe: blindRevalidate},
	{name: GuessNextModified, unsafe: guessNextModified},
	{name: InsecureTLS, unsafe: insecureTLS},
}

// Names lists the reference and its mutants, the reference first: the
// clients a report compares against. The adversarial clients are listed
// by Gallery.
func Names() []string { return namesOf(registry) }

// All lists every built-in client: Names, then Gallery.
func All() []string { return slices.Concat(Names(), Gallery()) }

func namesOf(cs []client) []string {
	names := make([]string, 0, len(cs))
	for _, c := range cs {
		names = append(names, c.name)
	}
	return names
}

// Lookup returns the built-in client named name (without Prefix), run in
// the caller's process and described as "builtin:NAME", in session mode:
// one long-lived client value takes every task of a session.
func Lookup(name string) (runner.Client, error) { return LookupMode(name, driver.ModeSession) }

// LookupMode is Lookup in the given mode; in one-shot mode every task gets
// a fresh client value, as a fresh process would. It finds the clients of
// Names and of Gallery.
func LookupMode(name string, mode driver.Mode) (runner.Client, error) {
	return LookupWith(name, mode, Options{})
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

// PlayWith returns the function that plays one driver-contract assignment
// as the built-in client named name, talking as o says, a fresh client
// value each time. It never panics: every failure becomes an outcome with
// a reason.
func PlayWith(name string, o Options) (task, error) {
	c, err := find(name, o)
	if err != nil {
		return nil, err
	}
	return c.play, nil
}

// SessionWith returns a function that plays every assignment of one
// session with one long-lived client value, as the built-in client named
// name, talking as o says.
func SessionWith(name string, o Options) (task, error) {
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
	for _, c := range slices.Concat(registry, gallery) {
		if c.name == name {
			return talking{c, o}, nil
		}
	}
	return talking{}, fmt.Errorf("%w %q (want one of %s)", ErrUnknown, name, strings.Join(All(), ", "))
}

// talking is a built-in client set to talk as opts says.
type talking struct {
	client
	opts Options
}

// config is the client's configuration for the agent of a, from the first
// task for it: the skill, trust root and credentials are the session's.
func (c talking) config(a driver.Assignment) refclient.Config {
	cfg := refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials,
		SendMode: c.opts.SendMode, Binding: c.opts.Binding}
	if c.unsafe != nil {
		c.unsafe(&cfg)
	}
	if c.stateful != nil {
		c.stateful(&cfg, a.StateDir)
	}
	return cfg
}

func (c talking) play(ctx context.Context, a driver.Assignment) driver.Outcome {
	if c.own != nil {
		return c.own()(ctx, a)
	}
	// config, not RunWith: RunWith would set the card URL, skill, trust root
	// and credentials again from a, over whatever unsafe made of them.
	rc, err := refclient.New(c.config(a))
	if err != nil {
		return refclient.OutcomeOf(refclient.Result{}, err)
	}
	defer rc.Close()
	return rc.Do(ctx, a)
}

// session keeps one refclient.Client per agent (card URL) for the
// session, each made on the first task for that agent, as a long-lived
// application holds one client per agent it delegates to; a client of its
// own keeps what own made.
func (c talking) session() task {
	if c.own != nil {
		return c.own()
	}
	clients := map[string]*refclient.Client{}
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		rc := clients[a.CardURL]
		if rc == nil {
			var err error
			if rc, err = refclient.New(c.config(a)); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
			clients[a.CardURL] = rc
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
