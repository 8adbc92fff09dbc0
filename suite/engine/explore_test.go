package engine_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/explore"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// explored plays n generated variants of seed (and nothing of the fixed
// catalog) against the built-in client name in mode.
func explored(t *testing.T, name string, mode driver.Mode, seed uint64, n int) *report.Report {
	t.Helper()
	return exploredWith(t, name, mode, builtin.Options{}, seed, n)
}

func exploredWith(t *testing.T, name string, mode driver.Mode, o builtin.Options, seed uint64, n int) *report.Report {
	t.Helper()
	g, err := explore.Generate(explore.NewSpace(nil), seed, n)
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := g.Scenarios()
	if err != nil {
		t.Fatal(err)
	}
	_, r := playedWith(t, name, mode, o, catalog)
	return r
}

// The reference passes every variant of a fixed set of seeds, in both
// client modes and every send mode: nothing fails, nothing errs (a
// mid-task requirement of a blocking send is not applicable).
func TestReferencePassesGeneratedSeeds(t *testing.T) {
	heavyPlay(t, "plays generated catalogs")
	for _, mode := range galleryModes {
		for _, send := range refclient.SendModes() {
			for _, seed := range []uint64{1} {
				t.Run(fmt.Sprintf("%s/%s/seed-%d", mode, send, seed), func(t *testing.T) {
					t.Parallel()
					rep := exploredWith(t, builtin.Reference, mode, builtin.Options{SendMode: send}, seed, 30)
					for key, v := range rep.Verdicts() {
						if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
							t.Errorf("%s is %s", key, v)
						}
					}
				})
			}
		}
	}
	for _, seed := range []uint64{2, 3} {
		t.Run(fmt.Sprintf("100 variants/seed-%d", seed), func(t *testing.T) {
			t.Parallel()
			for key, v := range explored(t, builtin.Reference, driver.ModeSession, seed, 100).Verdicts() {
				if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
					t.Errorf("%s is %s", key, v)
				}
			}
		})
	}
}

// Neither a client that always aborts nor one that always proceeds (it
// never looks at the card again: ttl-cache) passes any seed: each
// fails a MUST somewhere in every seed's set.
func TestNoSeedPassesAlwaysAbortOrAlwaysProceed(t *testing.T) {
	if testing.Short() {
		t.Skip("plays generated catalogs")
	}
	for _, name := range []string{builtin.SilentAbortContractChanged, builtin.FetchThenAbort, builtin.SilentComplete,
		builtin.TTLCache} {
		for _, seed := range []uint64{4, 5, 6, 7, 8} {
			t.Run(fmt.Sprintf("%s/seed-%d", name, seed), func(t *testing.T) {
				t.Parallel()
				rep := explored(t, name, driver.ModeSession, seed, explore.MinVariants)
				if rep.Summary.MustFailures == 0 || rep.ExitCode != 1 {
					t.Errorf("%s passes seed %d: %d MUST failures, exit %d", name, seed, rep.Summary.MustFailures, rep.ExitCode)
				}
			})
		}
	}
}

// contract-subset fails the generated catalog too: every variant of seeds
// 1 to 10 that changes, before a revalidated send of the public card, a
// contract field it does not compare (a tenant, a binding, a protocol
// version, a required extension, the interfaces' order) fails a MUST.
// The card and authority parameters make such a variant rarer in one
// seed (about one in a hundred), hence ten seeds.
func TestContractSubsetFailsTheGeneratedCatalog(t *testing.T) {
	heavyPlay(t, "plays generated variants")
	uncompared := []string{"tenant", "protocol-binding", "protocol-version", "extension-required", "interface-order"}
	var aimed []explore.Variant
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := explore.Generate(explore.NewSpace(nil), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			if e, _ := explore.Expect(v); e.Changed == explore.AbortBeforeSend && v.Card == explore.PublicCard && !e.Untrusted &&
				slices.Contains(uncompared, v.Field) && urlsAsBuilt(v) && !slices.Contains(aimed, v) {
				aimed = append(aimed, v)
			}
		}
	}
	if len(aimed) < 3 {
		t.Fatalf("%d aimed variant(s) in seeds 1 to 10", len(aimed))
	}
	t.Logf("%d aimed variant(s) in seeds 1 to 10", len(aimed))
	failing := map[string]bool{}
	for _, sc := range playVariants(t, builtin.ContractSubset, driver.ModeSession, aimed).Scenarios {
		for _, r := range sc.Requirements {
			failing[sc.ID] = failing[sc.ID] || r.Verdict == verdict.Fail && r.Level == verdict.Must
		}
	}
	for _, v := range aimed {
		if !failing[v.ID()] {
			t.Errorf("contract-subset fails no MUST in %s", v.ID())
		}
	}
}

// urlsAsBuilt: v's cards keep the interface urls the field card builds. A
// same-origin spelling, or A2A served under a prefix, writes each url
// anew from its interface's binding, so a changed protocolBinding changes
// a url too, which contract-subset compares.
func urlsAsBuilt(v explore.Variant) bool {
	if v.Authority.Class != explore.SameOrigin {
		return true
	}
	return slices.Contains([]string{"", explore.ForeignFirst, explore.Redirect, explore.RenewedIntermediate}, v.Authority.Kind)
}

// Every generated requirement fails for some built-in client on a fixed
// seed: none is a requirement no client can fail.
func TestEveryGeneratedRequirementCanFail(t *testing.T) {
	heavyPlay(t, "plays a generated catalog per client")
	failed := map[string]bool{}
	for _, name := range []string{builtin.SilentAbortContractChanged, builtin.TTLCache, builtin.SendThenCancel,
		builtin.RefetchEveryTransition, builtin.TrustAnySignature, builtin.TrustNotModified, builtin.SendEveryCredential,
		builtin.LastInterface, builtin.AttestOnce, builtin.CardOriginRoute, builtin.PinFirstIssuer} {
		for key, v := range explored(t, name, driver.ModeSession, 1, 40).Verdicts() {
			if v == verdict.Fail {
				_, id, _ := strings.Cut(key, "/")
				failed[id] = true
			}
		}
	}
	for _, r := range scenarios.GeneratedRequirements() {
		if !failed[r.ID] {
			t.Errorf("%s: no built-in client fails it", r.ID)
		}
	}
}

// The cheaters of the families the generated catalog draws on fail MUSTs
// in the generated variants of their family: every variant of seeds 7 and
// 42 (a hundred each; of more seeds for a rarer family) in which the
// family's rule decides, played alone; and the reference passes every
// variant of every family, in both client modes.
// trust-any-signature takes a forged signature, adopt-any-extended-card an
// extended card pointing at a look-alike or vouched for by a forgery, in
// every variant that plans a task on such a card (first contact, between
// tasks) over JSON-RPC or HTTP+JSON. Not before the send: there the
// contract change alone makes any client abort, trusting or not. Not over
// gRPC: the look-alike target forms are refused by the target parser
// before any authority is asked, and an extended card arrives re-encoded,
// so no signature over its bytes as served can be checked leniently. Not a
// key published late at first contact: the peer publishes it after the
// session's last card, so refetching keys finds nothing there. Not a card
// whose interfaces speak only 1.1: a client that trusts it refuses it all
// the same, for its version. string-origin refuses the card's own origin
// spelt with a padded port or an upper-case host, in every such variant;
// trailing-dot-origin and follow-url take the named host's look-alikes;
// prefix-origin takes some look-alike; trust-not-modified takes the
// refused card served again for judged, wherever a validator lets the peer
// answer 304; send-every-credential sends the credentials no card names
// (several of the public card's variants). The version a client picks:
// last-interface takes the binding's last entry, ignore-protocol-version
// and hardcoded-endpoint-v03-methods the 0.3 interface listed first,
// ignore-protocol-version and same-major-version speak 1.0 to the card
// whose interfaces all declare 1.1. attest-once keeps its attestation past
// the card's TTL. refuse-foreign-interfaces refuses a public card that
// lists another origin's interface first, follow-url takes that interface,
// exact-version refuses 1.0.1, refuse-redirects a same-origin redirect;
// every-signature refuses a card beside whose valid signature is a retired
// key's, refuse-signed-extended a signed extended card: XPL-014, a MUST of
// the signatures profile as SIG-015 and EXTCARD-019 are.
func TestFamilyCheatersFailTheirGeneratedVariants(t *testing.T) {
	heavyPlay(t, "plays generated variants per cheater")
	planned := func(v explore.Variant) bool {
		e, err := explore.Expect(v)
		if err != nil {
			t.Fatal(err)
		}
		return e.Changed == explore.RefuseUntrusted && !e.Unusable && v.Binding != wire.BindingGRPC &&
			(v.Authority != explore.Authority{Class: explore.Forged, Kind: "late-key"} || v.Point != explore.FirstContact)
	}
	expect := func(v explore.Variant) explore.Expectation {
		e, err := explore.Expect(v)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	kind := func(class explore.AuthorityClass, kinds ...string) func(explore.Variant) bool {
		return func(v explore.Variant) bool {
			return v.Authority.Class == class && slices.Contains(kinds, v.Authority.Kind)
		}
	}
	var everyFamily []explore.Variant
	for i, tc := range []struct {
		client string
		family func(explore.Variant) bool
		every  bool     // every variant of the family fails a MUST (a SHOULD: shouldOnly), not only some
		seeds  []uint64 // of a hundred variants each; nil: 7 and 42
	}{
		{builtin.TrustAnySignature, func(v explore.Variant) bool { return v.Authority.Class == explore.Forged && planned(v) }, true, nil},
		// The card's own origin spelt otherwise: the port padded, the host
		// of origin-lookalike-named's localhost in upper case.
		{builtin.StringOrigin, kind(explore.SameOrigin, "padded-port", "upper-host"), true, nil},
		// The named host with a trailing dot, dropped before comparing: a
		// rarer family (one look-alike kind in nine), hence twelve seeds.
		{builtin.TrailingDotOrigin, func(v explore.Variant) bool { return kind(explore.Lookalike, "trailing-dot")(v) && planned(v) }, true,
			seqSeeds(12)},
		// 127.0.0.1 for the card's localhost, taken by a client with no
		// origin gate. No built-in client mistakes 127.0.0.%31 for the
		// card's own origin (its url does not parse; a WHATWG parser decodes
		// it to 127.0.0.1, another origin still), nor refuses
		// percent-encoded path characters alone: ttl-cache, which never
		// looks at the public card again inside its max-age, takes the
		// first there (the extended card it fetches every time); one that
		// refuses everything as untrusted fails the second.
		{builtin.FollowURL, func(v explore.Variant) bool { return kind(explore.Lookalike, "resolved-address")(v) && planned(v) }, true,
			seqSeeds(12)},
		{builtin.TTLCache, func(v explore.Variant) bool {
			return kind(explore.Lookalike, "percent-host")(v) && planned(v) && v.Card == explore.PublicCard
		}, true, seqSeeds(16)},
		{builtin.SilentAbortUntrustedEndpoint, kind(explore.SameOrigin, "percent-path"), true, nil},
		// Which interface: of the binding listed twice on one origin, the
		// last; a 0.3 interface listed first taken for the binding's (1.0
		// requests under its tenant), or spoken to as 0.3; the 1.1 card
		// spoken to as 1.0, whatever its version or for its major version.
		{builtin.LastInterface, func(v explore.Variant) bool { return v.Interfaces == explore.BindingTwice }, true, nil},
		{builtin.IgnoreProtocolVersion, func(v explore.Variant) bool { return v.Interfaces == explore.LegacyFirst }, true, nil},
		{builtin.HardcodedV03, func(v explore.Variant) bool { return v.Interfaces == explore.LegacyFirst }, true, nil},
		{builtin.IgnoreProtocolVersion, func(v explore.Variant) bool { return expect(v).Changed == explore.RefuseVersion }, true, nil},
		{builtin.SameMajorVersion, func(v explore.Variant) bool { return expect(v).Changed == explore.RefuseVersion }, true, nil},
		// An attestation kept past the card's TTL: B, now another principal
		// or vouched for by a withdrawn key, gets the task.
		{builtin.AttestOnce, kind(explore.Signed, "ttl-new-principal", "ttl-withdrawn-key"), true, nil},
		// An expired attestation refused however it was made again: B,
		// unchanged once the TTL has passed, is refused a task (a SHOULD,
		// as proceeding on a signature is).
		{builtin.RefuseExpired, kind(explore.Signed, "ttl-new-principal", "ttl-withdrawn-key"), true, nil},
		// Not a percent-encoded host: its url does not parse, so the
		// reference refuses it before it asks whose card speaks for it.
		{builtin.AdoptAnyExtendedCard, func(v explore.Variant) bool {
			return v.Card == explore.ExtendedCard && planned(v) && v.Authority.Kind != "percent-host"
		}, true, nil},
		{builtin.PrefixOrigin, func(v explore.Variant) bool { return v.Authority.Class == explore.Lookalike && planned(v) }, false, nil},
		{builtin.SendEveryCredential, func(v explore.Variant) bool { return v.Card == explore.PublicCard && v.Binding != wire.BindingGRPC }, false, nil},
		// The signed card's tasks complete at A, the card's origin, not at
		// B where the signature vouches: proceeding there is a SHOULD.
		{builtin.CardOriginRoute, func(v explore.Variant) bool { return v.Authority.Class == explore.Signed }, true, nil},
		{builtin.TrustNotModified, func(v explore.Variant) bool {
			return expect(v).RefusedAgain && v.Validator != explore.NoValidator && planned(v)
		}, true, nil},
		// The fixed catalog's newest positive controls, as kinds: a card
		// listing another origin's interface first refused whole (the public
		// card's: this cheater judges only the cards it plans on, never the
		// extended one), or that interface taken; a patch version taken for
		// another version; a same-origin redirect refused; a retired key's
		// signature beside a valid one, or a signed extended card, refused.
		{builtin.RefuseForeignInterfaces, func(v explore.Variant) bool {
			return kind(explore.SameOrigin, explore.ForeignFirst)(v) && v.Card == explore.PublicCard
		}, true, nil},
		{builtin.FollowURL, kind(explore.SameOrigin, explore.ForeignFirst), true, nil},
		{builtin.ExactVersion, func(v explore.Variant) bool { return v.Interfaces == explore.PatchVersion }, true, nil},
		{builtin.RefuseRedirects, kind(explore.SameOrigin, explore.Redirect), true, nil},
		{builtin.EverySignature, kind(explore.Signed, explore.RetiredKey), true, nil},
		{builtin.RefuseSignedExtended, func(v explore.Variant) bool {
			return v.Authority.Class == explore.Signed && v.Card == explore.ExtendedCard
		}, true, nil},
		// The cheaters of the fixed catalog's path, credential-choice and
		// renewal controls, each of which passed --explore 100 alone before
		// these kinds (exit 0): a path guessed from the binding (gRPC's url
		// names none), the first alternative or none, no choice at all, a
		// credential only for one scheme alone, the first issuer pinned.
		{builtin.GuessedPath, func(v explore.Variant) bool {
			return kind(explore.SameOrigin, explore.PathPrefixed)(v) && v.Binding != wire.BindingGRPC
		}, true, nil},
		{builtin.FirstAlternativeOnly, func(v explore.Variant) bool { return v.Security == explore.Alternatives }, true, nil},
		{builtin.RefuseAlternatives, func(v explore.Variant) bool { return v.Security == explore.Alternatives }, true, nil},
		{builtin.AnonymousUnlessSingle, func(v explore.Variant) bool {
			return v.Security == explore.Alternatives || v.Security == explore.Combined
		}, true, nil},
		{builtin.PinFirstIssuer, kind(explore.SameOrigin, explore.RenewedIntermediate), true, nil},
		// The well-known path read on the card URL's origin, whatever path
		// the URL names: a path-prefixed agent's card is under its prefix.
		{builtin.WellKnownCard, kind(explore.SameOrigin, explore.PathPrefixed), true, nil},
		// A key set taken on the card's host whatever its port: a foreign
		// jku's origin is there, at another port.
		{builtin.JWKSSameHost, func(v explore.Variant) bool { return kind(explore.Forged, "foreign-jku")(v) && planned(v) }, true, nil},
		// A credential kept once a card named it: the skill's own
		// requirement changed between tasks (the API key card-wide, then
		// the bearer token for the skill), on a card the client follows,
		// so the second task's API key is one no card it plans on names
		// (XPL-009, judged per task; it passed --explore 100 alone before).
		// Its headers ride HTTP requests only.
		{builtin.StickyCredentials, func(v explore.Variant) bool {
			c := expect(v).Changed
			return v.Field == "skill-security" && v.Point == explore.BetweenTasks && v.Binding != wire.BindingGRPC &&
				c != explore.RefuseUntrusted && c != explore.RefuseVersion
		}, true, seqSeeds(12)},
		// A card redirect followed for its status, a 308, never for its
		// origin: a same-origin-redirect variant's status is drawn per
		// variant (explore.RedirectStatus), and the client refuses every
		// one but a 308's (it passed --explore 100 --seed 7 alone before,
		// every variant's redirect a 308; seeds 1 to 3 draw nine others).
		{builtin.Redirect308Only, func(v explore.Variant) bool {
			return kind(explore.SameOrigin, explore.Redirect)(v) && explore.RedirectStatus(v) != http.StatusPermanentRedirect
		}, true, seqSeeds(4)},
		// The session's first interface kept in front of a later public
		// card's list: the interface order changed between tasks on a card
		// the client follows, the task after the change sent to the old
		// first (XPL-010). A rare triple of the pairwise array: seeds 19,
		// 26, 28 and 41 draw one, seeds 7 and 42 none. Not with
		// patch-version: the client keeps an interface declaring "1.0"
		// exactly, and a patch-version card has none.
		{builtin.StickyInterface, func(v explore.Variant) bool {
			return v.Field == "interface-order" && v.Point == explore.BetweenTasks && v.Card == explore.PublicCard &&
				expect(v).Changed == explore.Proceed && v.Interfaces != explore.PatchVersion
		}, true, seqSeeds(41)},
	} {
		seeds := tc.seeds
		if seeds == nil {
			seeds = []uint64{7, 42}
		}
		family := generatedFamily(t, seeds, tc.family)
		for _, v := range family {
			if !slices.Contains(everyFamily, v) {
				everyFamily = append(everyFamily, v)
			}
		}
		t.Run(fmt.Sprintf("%s/%d", tc.client, i), func(t *testing.T) {
			t.Parallel()
			if len(family) < 3 {
				t.Fatalf("%d variant(s) of the family in seeds %v", len(family), seeds)
			}
			t.Logf("%d variant(s) of the family in seeds %v", len(family), seeds)
			rep := playVariants(t, tc.client, driver.ModeSession, family)
			level := verdict.Must
			if slices.Contains(shouldOnly, tc.client) {
				level = verdict.Should
			}
			failing := map[string]bool{}
			for _, sc := range rep.Scenarios {
				for _, r := range sc.Requirements {
					if r.Verdict == verdict.Fail && r.Level == level {
						failing[sc.ID] = true
					}
				}
			}
			for _, v := range family {
				if tc.every && !failing[v.ID()] {
					t.Errorf("%s fails no %s in %s", tc.client, level, v.ID())
				}
			}
			if len(failing) == 0 {
				t.Errorf("%s fails no %s in the %d variants of its family", tc.client, level, len(family))
			}
		})
	}
	// The reference passes every variant of every family, however it
	// takes its tasks: each cheater fails what a conformant client passes.
	for _, mode := range galleryModes {
		t.Run("reference/"+string(mode), func(t *testing.T) {
			t.Parallel()
			t.Logf("%d variant(s) of the families", len(everyFamily))
			for key, v := range playVariants(t, builtin.Reference, mode, everyFamily).Verdicts() {
				if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
					t.Errorf("%s is %s", key, v)
				}
			}
		})
	}
}

// generatedFamily are the distinct variants of a hundred of each seed for
// which in holds.
func generatedFamily(t *testing.T, seeds []uint64, in func(explore.Variant) bool) []explore.Variant {
	t.Helper()
	var family []explore.Variant
	for _, seed := range seeds {
		g, err := explore.Generate(explore.NewSpace(nil), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			if in(v) && !slices.Contains(family, v) {
				family = append(family, v)
			}
		}
	}
	return family
}

// seqSeeds are the seeds 1 to n.
func seqSeeds(n uint64) []uint64 {
	out := make([]uint64, 0, n)
	for s := uint64(1); s <= n; s++ {
		out = append(out, s)
	}
	return out
}

// shouldOnly are the family cheaters whose family is judged at SHOULD.
var shouldOnly = []string{builtin.CardOriginRoute, builtin.RefuseExpired}

// playVariants plays the variants (and nothing of the fixed catalog)
// against the built-in client name, in mode.
func playVariants(t *testing.T, name string, mode driver.Mode, variants []explore.Variant) *report.Report {
	t.Helper()
	var catalog []*scenarios.Scenario
	for _, v := range variants {
		s, err := explore.Build(v)
		if err != nil {
			t.Fatal(err)
		}
		catalog = append(catalog, s)
	}
	_, r := playedBy(t, name, mode, catalog)
	return r
}
