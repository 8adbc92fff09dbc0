package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// builtinClient is the built-in client of that name, run in this process.
func builtinClient(t *testing.T, name string) runner.Client {
	t.Helper()
	c, err := builtin.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// expectedFailures is the suite's own test: each built-in client other
// than the reference is a plausible client that must fail exactly the
// requirements it violates, and the reference must fail none. Keys are
// "scenario/requirement".
var expectedFailures = map[string][]string{
	builtin.Reference: nil,
	// A fresh cache is trusted: the second task of every session is sent on
	// the first task's card, without a look.
	builtin.TTLCache: slices.Concat(forgedSignatureKeys("GEN-004", 2), secondTaskOnFirstCard, []string{
		"capability-drift-before-send/GEN-004",
		"card-redirect-cross-origin/GEN-004", "card-redirect-cross-origin/REDIR-003",
		"card-redirect-at-revalidation/GEN-004", "card-redirect-at-revalidation/REVAL-011",
		"card-redirect-cross-origin-same-host/GEN-004", "card-redirect-cross-origin-same-host/REDIR-010",
		"card-redirect-cross-origin-moved-path/GEN-004", "card-redirect-cross-origin-moved-path/REDIR-015",
		"capability-field-before-send/GEN-004", "contract-field-before-send/GEN-004",
		"contract-field-before-send/FIELD-002", "contract-field-before-send/FIELD-003", "contract-field-before-send/FIELD-004",
		"contract-field-before-send/FIELD-005", "contract-field-before-send/FIELD-006", "contract-field-before-send/FIELD-007",
		"contract-field-before-send/FIELD-008", "contract-field-before-send/FIELD-009", "contract-field-before-send/FIELD-010",
		"contract-field-before-send/FIELD-011",
		"frozen-contract-extension/GEN-004",
		"unlisted-field-before-send/GEN-004", "spoken-extension-required/GEN-004",
		"mirrored-stale-cache/GEN-004", "mirrored-stale-cache/STALE-001", "mirrored-stale-cache/STALE-002",
		// Every look-alike task is sent to A on the first task's card, which
		// the look-alike card in force forbids.
		"origin-lookalike/GEN-004", "origin-lookalike/ORIGIN-001", "origin-lookalike/ORIGIN-002",
		"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-005", "origin-lookalike/ORIGIN-007",
		"origin-lookalike/ORIGIN-008", "origin-lookalike/ORIGIN-010", "origin-lookalike/ORIGIN-011",
		// Inside max-age it never asks: the last task of either expiry
		// scenario refuses B (the reference re-attests every task) on a
		// card it was not served in that task.
		"attested-binding-expiry/GEN-004", "attested-binding-expiry/EXPIRY-003",
		"attested-binding-expiry-withdrawn-key/GEN-004", "attested-binding-expiry-withdrawn-key/EXPIRY-009",
		"origin-lookalike-named/GEN-004", "origin-lookalike-named/ORIGIN-012", "origin-lookalike-named/ORIGIN-013",
		"origin-lookalike-named/ORIGIN-015", "origin-lookalike-named/ORIGIN-017", "origin-lookalike-named/ORIGIN-018",
		// Inside max-age it never asks the failing card URL: it sends every
		// faulted task on the card it holds.
		"revalidation-unavailable/GEN-004", "revalidation-unavailable/REVAL-003",
		"revalidation-refused/GEN-004", "revalidation-refused/REVAL-008",
		// A card without Cache-Control is fresh for its default TTL, so it
		// plans the second task on the first task's card without validators too.
		"no-validator-between-tasks/GEN-004", "no-validator-between-tasks/NOVAL-004",
		// certificate-renewal's and card-redirect-same-origin's second tasks
		// are sent on the first task's card.
		"certificate-renewal/GEN-004", "certificate-renewal-intermediate/GEN-004", "card-redirect-same-origin/GEN-004",
		"card-redirect-same-origin/REDIR-007",
		// Its Last-Modified twin too: the card fresh, never revalidated.
		"rotation-during-send-last-modified/GEN-004", "rotation-during-send-last-modified/ROT-006",
		"rotation-during-send-last-modified/ROT-008", "rotation-during-send-last-modified/ROT-009",
		// credential-alternatives' card has no Cache-Control: the second and
		// third tasks carry the bearer token the first card asked for, which
		// the cards in force refuse, and which the third's does not name.
		"credential-alternatives/GEN-004", "credential-alternatives/CRED-010", "credential-alternatives/CRED-011",
		"credential-alternatives/CRED-009",
		// The redirect scenarios of every status: every task after the first
		// is sent on the first task's card, never meeting its redirect (the
		// cross-origin ones are then completed at A, not refused).
		"card-redirect-same-origin-statuses/GEN-004", "card-redirect-same-origin-statuses/REDIR-025",
		"card-redirect-same-origin-statuses/REDIR-026", "card-redirect-same-origin-statuses/REDIR-027",
		"card-redirect-cross-origin-statuses/GEN-004", "card-redirect-cross-origin-statuses/REDIR-031",
		"card-redirect-cross-origin-statuses/REDIR-032", "card-redirect-cross-origin-statuses/REDIR-033",
		// The second task goes to the first card's first interface, which
		// the card in force lists second.
		"interface-order-between-tasks/GEN-004", "interface-order-between-tasks/PICK-006",
	}),
	builtin.RefetchEveryTransition: {
		// The skill is on the extended card only, never on the public card it
		// fetches before each poll: it cancels every polled task.
		"extended-card-skill/EXTCARD-001", "extended-card-contract-change/EXTCARD-006",
		"extended-card-repointed/EXTCARD-010", "extended-card-bad-signature/EXTCARD-014", "extended-card-unsigned/EXTCARD-018",
		"extended-card-signed/EXTCARD-019", "extended-card-signed/EXTCARD-020",
		"extended-card-repointed-public-listed/EXTCARD-024",
		"capability-field-before-send/CAP-014", // it cancels a task whose skill is no longer listed
		"skill-reorganization/REORG-001", "skill-reorganization/REORG-002",
		"contract-frozen-after-send/FROZEN-002", "contract-frozen-after-send/FROZEN-003",
		"no-validator/NOVAL-003",
	},
	builtin.AbortOnAnyChange: {
		"capability-drift-before-send/DRIFT-001", "capability-drift-before-send/DRIFT-003",
		"capability-field-before-send/CAP-002", "capability-field-before-send/CAP-003", "capability-field-before-send/CAP-004",
		"capability-field-before-send/CAP-005", "capability-field-before-send/CAP-006", "capability-field-before-send/CAP-007",
		"capability-field-before-send/CAP-008", "capability-field-before-send/CAP-009", "capability-field-before-send/CAP-010",
		"capability-field-before-send/CAP-011", "capability-field-before-send/CAP-012", "capability-field-before-send/CAP-013",
		"capability-field-before-send/CAP-014",
		"unlisted-field-before-send/UNLISTED-002", "unlisted-field-before-send/UNLISTED-003",
		"unlisted-field-before-send/UNLISTED-004", "unlisted-field-before-send/UNLISTED-005",
		"unlisted-field-before-send/UNLISTED-006",
	},
	// FollowURL and SameHostOrigin: the origin gate compares the card's
	// tokenUrl with the grant's issuer too, and lets C's own token endpoint
	// pass for A's (credential-scope).
	builtin.FollowURL: slices.Concat(forgedSignatureKeys("", 0, 1, 2), []string{
		"extended-card-repointed/EXTCARD-007", "extended-card-repointed/EXTCARD-008", "extended-card-repointed/EXTCARD-009",
		"extended-card-bad-signature/EXTCARD-011", "extended-card-bad-signature/EXTCARD-012",
		"extended-card-bad-signature/EXTCARD-013",
		"extended-card-unsigned/EXTCARD-015", "extended-card-unsigned/EXTCARD-016", "extended-card-unsigned/EXTCARD-017",
		"credential-scope/CRED-006",
		// It follows the second card to B, and posts its secret to B's token
		// endpoint.
		"token-url-foreign-no-issuer/CRED-014", "token-url-foreign-no-issuer/CRED-015",
		"client-cert-unrequested/CRED-017",
		"repointed-endpoint/REPOINT-001", "repointed-endpoint/REPOINT-002", "repointed-endpoint/REPOINT-003",
		"foreign-origin-listed-first/REPOINT-013", "foreign-origin-listed-first/REPOINT-014",
		"foreign-origin-listed-first/REPOINT-015",
		// A url without a port has no origin to refuse: it sends to port 443.
		"default-port-listed-first/REPOINT-017",
		"repointed-grpc-endpoint/REPOINT-005", "repointed-grpc-endpoint/REPOINT-006", "repointed-grpc-endpoint/REPOINT-007",
		"repointed-grpc-target/REPOINT-009", "repointed-grpc-target/REPOINT-010", "repointed-grpc-target/REPOINT-011",
		"repointed-endpoint-bad-signature/SIG-002", "repointed-endpoint-bad-signature/SIG-003",
		"repointed-endpoint-bad-signature/SIG-004",
		"repointed-endpoint-bad-signature-no-jku/SIG-024", "repointed-endpoint-bad-signature-no-jku/SIG-025",
		"repointed-endpoint-bad-signature-no-jku/SIG-026",
		"repointed-endpoint-foreign-key/SIG-005", "repointed-endpoint-foreign-key/SIG-006",
		"repointed-endpoint-foreign-key/SIG-007",
		"repointed-endpoint-principal-mismatch/SIG-008", "repointed-endpoint-principal-mismatch/SIG-009",
		"repointed-endpoint-principal-mismatch/SIG-010",
		"card-redirect-cross-origin/REDIR-001", "card-redirect-cross-origin/REDIR-002", "card-redirect-cross-origin/REDIR-003",
		"card-redirect-cross-origin/REDIR-005",
		// Redirected at its revalidation, it fetches C's card, whose
		// contract is not the one it planned on: it aborts contract-changed.
		"card-redirect-at-revalidation/REVAL-011", "card-redirect-at-revalidation/REVAL-013",
		"card-redirect-cross-origin-same-host/REDIR-008", "card-redirect-cross-origin-same-host/REDIR-009",
		"card-redirect-cross-origin-same-host/REDIR-010", "card-redirect-cross-origin-same-host/REDIR-011",
		"card-redirect-cross-origin-moved-path/REDIR-013", "card-redirect-cross-origin-moved-path/REDIR-014",
		"card-redirect-cross-origin-moved-path/REDIR-015", "card-redirect-cross-origin-moved-path/REDIR-016",
		"repointed-endpoint-foreign-key-same-host/SIG-018", "repointed-endpoint-foreign-key-same-host/SIG-019",
		"repointed-endpoint-foreign-key-same-host/SIG-020",
		"interface-redirect-cross-origin/REDIR-018", "interface-redirect-cross-origin/REDIR-019",
		"token-redirect-cross-origin/REDIR-021", "token-redirect-cross-origin/REDIR-022",
		// It follows a cross-origin card redirect whatever its status.
		"card-redirect-cross-origin-statuses/REDIR-028", "card-redirect-cross-origin-statuses/REDIR-029",
		"card-redirect-cross-origin-statuses/REDIR-030", "card-redirect-cross-origin-statuses/REDIR-031",
		"card-redirect-cross-origin-statuses/REDIR-032", "card-redirect-cross-origin-statuses/REDIR-033",
		// It takes the public card's first interface, on B, in the first task too.
		"extended-card-repointed-public-listed/EXTCARD-021", "extended-card-repointed-public-listed/EXTCARD-022",
		"extended-card-repointed-public-listed/EXTCARD-023", "extended-card-repointed-public-listed/EXTCARD-024",
		// It takes B's host:port after the named resolver's target.
		"grpc-named-resolver-own-origin/ORIGIN-021", "grpc-named-resolver-own-origin/ORIGIN-022",
		"grpc-named-resolver-own-origin/ORIGIN-023",
		"origin-lookalike/ORIGIN-001", "origin-lookalike/ORIGIN-002",
		"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-005", "origin-lookalike/ORIGIN-007",
		"origin-lookalike/ORIGIN-008", "origin-lookalike/ORIGIN-010", "origin-lookalike/ORIGIN-011",
		"repointed-endpoint-first-contact/FIRST-001", "repointed-endpoint-first-contact/FIRST-002",
		"repointed-endpoint-first-contact/FIRST-003",
		"repointed-endpoint-bad-signature-first-contact/FIRST-005", "repointed-endpoint-bad-signature-first-contact/FIRST-006",
		"repointed-endpoint-bad-signature-first-contact/FIRST-007",
		"repointed-endpoint-foreign-key-first-contact/FIRST-009", "repointed-endpoint-foreign-key-first-contact/FIRST-010",
		"repointed-endpoint-foreign-key-first-contact/FIRST-011",
		"repointed-endpoint-principal-mismatch-first-contact/FIRST-013",
		"repointed-endpoint-principal-mismatch-first-contact/FIRST-014",
		"repointed-endpoint-principal-mismatch-first-contact/FIRST-015",
		"repointed-grpc-endpoint-first-contact/FIRST-017", "repointed-grpc-endpoint-first-contact/FIRST-018",
		"repointed-grpc-endpoint-first-contact/FIRST-019",
		"repointed-grpc-target-first-contact/FIRST-021", "repointed-grpc-target-first-contact/FIRST-022",
		"repointed-grpc-target-first-contact/FIRST-023",
		"card-redirect-cross-origin-first-contact/FIRST-025", "card-redirect-cross-origin-first-contact/FIRST-026",
		"card-redirect-cross-origin-first-contact/FIRST-027",
		"rejected-card-not-cached/REJECT-001", "rejected-card-not-cached/REJECT-002", "rejected-card-not-cached/REJECT-003",
		"rejected-card-not-cached/REJECT-004",
		"rejected-card-not-cached-bad-signature/REJECT-006", "rejected-card-not-cached-bad-signature/REJECT-007",
		"rejected-card-not-cached-bad-signature/REJECT-008", "rejected-card-not-cached-bad-signature/REJECT-009",
		"attested-binding-expiry/EXPIRY-001", "attested-binding-expiry/EXPIRY-002", "attested-binding-expiry/EXPIRY-003",
		"attested-binding-expiry-withdrawn-key/EXPIRY-007", "attested-binding-expiry-withdrawn-key/EXPIRY-008",
		"attested-binding-expiry-withdrawn-key/EXPIRY-009",
		"origin-lookalike-named/ORIGIN-012", "origin-lookalike-named/ORIGIN-013",
		"origin-lookalike-named/ORIGIN-015", "origin-lookalike-named/ORIGIN-017", "origin-lookalike-named/ORIGIN-018",
	}),
	// Every forgery of the trust-root scenarios makes the card speak for B,
	// and the foreign jku is fetched from C.
	builtin.TrustAnySignature: slices.Concat(forgedSignatureKeys("", 0, 1, 2), []string{
		"repointed-endpoint-foreign-jku/TRUST-005",
		"repointed-endpoint-foreign-key/SIG-005", "repointed-endpoint-foreign-key/SIG-006",
		"repointed-endpoint-foreign-key/SIG-007",
		"repointed-endpoint-foreign-key-first-contact/FIRST-009", "repointed-endpoint-foreign-key-first-contact/FIRST-010",
		"repointed-endpoint-foreign-key-first-contact/FIRST-011",
		"repointed-endpoint-foreign-key-same-host/SIG-018", "repointed-endpoint-foreign-key-same-host/SIG-019",
		"repointed-endpoint-foreign-key-same-host/SIG-020",
	}),
	// GEN-001 in every scenario, since each session starts with a task that
	// completes: the mutant leaves out A2A-Version over HTTP and the
	// a2a-version metadata over gRPC (the repointed-grpc scenarios' cards
	// list gRPC alone). Its first request, unlabelled, is a 0.3 request
	// (spec §3.6.2): older-version-listed-first's 0.3 interface takes it.
	builtin.NoVersionHeader: append(inEvery("GEN-001"), "older-version-listed-first/PICK-001"),
	builtin.IgnoreProtocolVersion: {
		"version-skew/SKEW-001", "version-skew/SKEW-002",
		"version-skew-minor/SKEW-004", "version-skew-minor/SKEW-005",
		// It takes the first interface of the binding, the 0.3 one, which
		// refuses its 1.0 requests.
		"older-version-listed-first/PICK-001", "older-version-listed-first/PICK-002",
		"rejected-card-not-cached-version-skew/REJECT-011", "rejected-card-not-cached-version-skew/REJECT-012",
		"rejected-card-not-cached-version-skew/REJECT-013", "rejected-card-not-cached-version-skew/REJECT-014",
	},
	builtin.NoFrozenContract: {
		"frozen-contract-extension/EXT-001", "frozen-contract-extension/EXT-002",
	},
	// Only repointed-endpoint, origin-lookalike and the -same-host twins put
	// B or C on the card's host (another port); every other foreign peer is
	// on another host, which it does refuse. Of the look-alikes it takes
	// those on the card's host: userinfo in front of B, B, and http on A's
	// port. Its gate is every reach's: a redirect, a key set on the card's
	// host pass it too.
	builtin.SameHostOrigin: {
		"card-redirect-cross-origin-same-host/REDIR-008", "card-redirect-cross-origin-same-host/REDIR-009",
		"card-redirect-cross-origin-same-host/REDIR-010", "card-redirect-cross-origin-same-host/REDIR-011",
		"repointed-endpoint-foreign-key-same-host/SIG-018", "repointed-endpoint-foreign-key-same-host/SIG-019",
		"repointed-endpoint-foreign-key-same-host/SIG-020",
		"interface-redirect-cross-origin/REDIR-018", "interface-redirect-cross-origin/REDIR-019",
		"token-redirect-cross-origin/REDIR-021", "token-redirect-cross-origin/REDIR-022",
		"extended-card-repointed/EXTCARD-007", "extended-card-repointed/EXTCARD-008", "extended-card-repointed/EXTCARD-009",
		"credential-scope/CRED-006",
		"repointed-endpoint/REPOINT-001", "repointed-endpoint/REPOINT-002", "repointed-endpoint/REPOINT-003",
		// https://127.0.0.1/ is on the card's host: it sends to port 443.
		"default-port-listed-first/REPOINT-017",
		"origin-lookalike/ORIGIN-001", "origin-lookalike/ORIGIN-002",
		"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-005", "origin-lookalike/ORIGIN-007",
		"repointed-endpoint-first-contact/FIRST-001", "repointed-endpoint-first-contact/FIRST-002",
		"repointed-endpoint-first-contact/FIRST-003",
		// It compares host names as text: the card's own host in upper case
		// is refused.
		"origin-lookalike-named/ORIGIN-014",
		"rejected-card-not-cached/REJECT-001", "rejected-card-not-cached/REJECT-002", "rejected-card-not-cached/REJECT-003",
		"rejected-card-not-cached/REJECT-004",
	},
	// Blind to every field change and to origin-lookalike's; the guesser
	// only to the first field change, whose Last-Modified is the one minute
	// after the card's that it guesses.
	builtin.BlindRevalidate: slices.Concat(blindRevalidation, blindRevalidationForged, []string{
		"origin-lookalike/GEN-004", "origin-lookalike/ORIGIN-001", "origin-lookalike/ORIGIN-002",
		"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-005", "origin-lookalike/ORIGIN-007",
		"origin-lookalike/ORIGIN-008", "origin-lookalike/ORIGIN-010", "origin-lookalike/ORIGIN-011",
		"contract-field-before-send/FIELD-003", "contract-field-before-send/FIELD-004", "contract-field-before-send/FIELD-005",
		"contract-field-before-send/FIELD-006", "contract-field-before-send/FIELD-007", "contract-field-before-send/FIELD-008",
		"contract-field-before-send/FIELD-009", "contract-field-before-send/FIELD-010", "contract-field-before-send/FIELD-011",
		// Its sends under the renamed or moved API key go out where the card
		// it held put the key, not where the card in force does.
		"contract-field-before-send/CRED-019",
		// It refuses B in the expiry scenarios' last tasks (the reference
		// re-attests) on no card seen in that task.
		"attested-binding-expiry/EXPIRY-003", "attested-binding-expiry-withdrawn-key/EXPIRY-009",
		"origin-lookalike-named/ORIGIN-012", "origin-lookalike-named/ORIGIN-013", "origin-lookalike-named/ORIGIN-015",
		"origin-lookalike-named/ORIGIN-017", "origin-lookalike-named/ORIGIN-018",
		// certificate-renewal's second task (and its intermediate twin's) is
		// sent on a revalidation answered 304 to a validator the peer never
		// gave: no look.
		"certificate-renewal/GEN-004", "certificate-renewal-intermediate/GEN-004",
		// In card-redirect-same-origin the redirect is a look, but the card
		// it leads to answers 304 to that validator: the second task goes
		// out on no card served there. So do the later tasks of its
		// -statuses twin, and interface-order-between-tasks's second task,
		// on the first card's first interface.
		"card-redirect-same-origin/REDIR-007",
		"card-redirect-same-origin-statuses/REDIR-025", "card-redirect-same-origin-statuses/REDIR-026",
		"card-redirect-same-origin-statuses/REDIR-027",
		"interface-order-between-tasks/GEN-004", "interface-order-between-tasks/PICK-006",
		// So are credential-alternatives' second and third tasks, with the
		// first card's bearer token alone, which the cards in force refuse
		// (and the third's does not name).
		"credential-alternatives/GEN-004", "credential-alternatives/CRED-010", "credential-alternatives/CRED-011",
		"credential-alternatives/CRED-009",
	}),
	// Its guess of the next date is the date of the version after the one
	// it holds: in origin-lookalike, every other revalidation is answered
	// 304 and it sends on the card it held.
	builtin.GuessNextModified: slices.Concat(blindRevalidation, blindRevalidationForged, []string{
		"origin-lookalike/GEN-004", "origin-lookalike/ORIGIN-001", "origin-lookalike/ORIGIN-002",
		"origin-lookalike/ORIGIN-004", "origin-lookalike/ORIGIN-006", "origin-lookalike/ORIGIN-008",
		"origin-lookalike/ORIGIN-010",
		// In the last task of attested-binding-expiry the version in force
		// is the one it holds, so its guessed date is none the peer gave:
		// the 304 is no look, and it refuses B (the reference re-attests)
		// on no card seen in that task. In the withdrawn-key twin a new
		// version is in force, the very date it guesses.
		"attested-binding-expiry/EXPIRY-003",
		// In origin-lookalike-named the guess fails it as in origin-lookalike:
		// every other revalidation is answered 304.
		"origin-lookalike-named/ORIGIN-012", "origin-lookalike-named/ORIGIN-013",
		"origin-lookalike-named/ORIGIN-015", "origin-lookalike-named/ORIGIN-017",
		// As blind-revalidate, in certificate-renewal's second task (and its
		// intermediate twin's), card-redirect-same-origin's and
		// interface-order-between-tasks's; in card-redirect-same-origin-
		// statuses, where a version is in force in each task, whichever
		// task's guess names the version in force (the second's, the
		// fourth's).
		"certificate-renewal/GEN-004", "certificate-renewal-intermediate/GEN-004", "card-redirect-same-origin/REDIR-007",
		"interface-order-between-tasks/GEN-004", "interface-order-between-tasks/PICK-006",
		"card-redirect-same-origin-statuses/REDIR-025", "card-redirect-same-origin-statuses/REDIR-027",
		// Where the card's only validator is Last-Modified, its guess is the
		// rotated card's date: the 304 is no look, and it sends under the
		// rotated card. (blind-revalidate's "*" needs an ETag to ride on:
		// with none it asks honestly and aborts.)
		"rotation-during-send-last-modified/GEN-004", "rotation-during-send-last-modified/ROT-006",
		"rotation-during-send-last-modified/ROT-008", "rotation-during-send-last-modified/ROT-009",
		// In credential-alternatives' second task the date it guesses is the
		// version in force's: 304, and it sends the first card's bearer token
		// alone. In the third, a newer version is in force and it sees it.
		"credential-alternatives/GEN-004", "credential-alternatives/CRED-010",
	}),
	// It fetches the impostor's card and sends it the task with its token;
	// everywhere else the servers it talks to are the genuine ones.
	builtin.InsecureTLS: {
		"impostor-certificate/TLS-001", "impostor-certificate/TLS-002", "impostor-certificate/TLS-003",
		"certificate-other-host/TLS-009", "certificate-other-host/TLS-010", "certificate-other-host/TLS-011",
		"certificate-expired/TLS-013", "certificate-expired/TLS-014", "certificate-expired/TLS-015",
		"certificate-client-auth-only/TLS-017", "certificate-client-auth-only/TLS-018", "certificate-client-auth-only/TLS-019",
		"impostor-certificate-first-contact/FIRST-029", "impostor-certificate-first-contact/FIRST-030",
		"impostor-certificate-first-contact/FIRST-031",
	},
}

// blindRevalidation: a client whose revalidations are answered 304 under
// any card never sees a change between tasks, and its looks are no looks
// (GEN-004). It does see the redirect of card-redirect-cross-origin, and
// sends the bearer token it holds in mirrored-stale-cache (STALE-001). On
// first contact it refuses the card pointing elsewhere, and the 304 to its
// blind revalidation keeps that card for the second task: it refuses the
// honest one unseen.
var blindRevalidation = slices.Concat(secondTaskOnFirstCard, []string{
	"capability-drift-before-send/GEN-004",
	"capability-field-before-send/GEN-004", "contract-field-before-send/GEN-004", "contract-field-before-send/FIELD-002",
	"frozen-contract-extension/GEN-004",
	"unlisted-field-before-send/GEN-004", "spoken-extension-required/GEN-004",
	"mirrored-stale-cache/GEN-004", "mirrored-stale-cache/STALE-002",
	// Its looks at the expiry scenarios' cards are no looks either.
	"attested-binding-expiry/GEN-004", "attested-binding-expiry-withdrawn-key/GEN-004",
	"origin-lookalike-named/GEN-004",
	"revalidation-unavailable/GEN-004", "revalidation-refused/GEN-004",
})

// secondTaskOnFirstCard: the second task goes out on the first task's card,
// fresh to a TTL cache, kept by a 304 to a blind revalidation, so the
// change between the tasks goes unseen and its look is no look (GEN-004).
var secondTaskOnFirstCard = []string{
	"repointed-endpoint-bad-signature/GEN-004", "repointed-endpoint-bad-signature/SIG-004",
	"repointed-endpoint-foreign-key/GEN-004", "repointed-endpoint-foreign-key/SIG-007",
	"repointed-endpoint-foreign-key-same-host/GEN-004", "repointed-endpoint-foreign-key-same-host/SIG-020",
	// The second task goes to A's gRPC host:port of the first card, which
	// the named-resolver target in force no longer names.
	"grpc-named-resolver-own-origin/GEN-004", "grpc-named-resolver-own-origin/ORIGIN-021",
	"grpc-named-resolver-own-origin/ORIGIN-022", "grpc-named-resolver-own-origin/ORIGIN-023",
	"repointed-endpoint-principal-mismatch/GEN-004", "repointed-endpoint-principal-mismatch/SIG-010",
	"repointed-endpoint-signed/GEN-004", "repointed-endpoint-signed/SIG-001",
	"repointed-endpoint-retired-key/GEN-004", "repointed-endpoint-retired-key/SIG-015",
	"repointed-endpoint/GEN-004", "repointed-endpoint/REPOINT-003",
	"repointed-grpc-endpoint/GEN-004", "repointed-grpc-endpoint/REPOINT-007",
	"repointed-grpc-target/GEN-004", "repointed-grpc-target/REPOINT-011",
	"rotation-during-send/GEN-004", "rotation-during-send/ROT-001", "rotation-during-send/ROT-003", "rotation-during-send/ROT-004",
	"rotation-during-send-immutable/GEN-004", "rotation-during-send-immutable/ROT-011",
	"rotation-during-send-immutable/ROT-013", "rotation-during-send-immutable/ROT-014",
	"version-skew/GEN-004", "version-skew/SKEW-001", "version-skew/SKEW-002",
	// The second task goes out on the first card's own token endpoint, and
	// to A, not refused for B.
	"token-url-foreign-no-issuer/GEN-004", "token-url-foreign-no-issuer/CRED-014",
	"client-cert-unrequested/GEN-004", "client-cert-unrequested/CRED-017",
	// token-lifetime's card never changes: its later tasks go out on the
	// first task's card, with tokens fetched anew all the same.
	"token-lifetime/GEN-004",
	// The card requiring an extension nobody speaks is never seen.
	"unknown-extension-required/GEN-004", "unknown-extension-required/EXT-004", "unknown-extension-required/EXT-005",
	"repointed-endpoint-bad-signature-no-jku/GEN-004", "repointed-endpoint-bad-signature-no-jku/SIG-026",
	"repointed-endpoint-signed-no-jku/GEN-004", "repointed-endpoint-signed-no-jku/SIG-022",
	"repointed-endpoint-principal-switch/GEN-004",
	// The card the second task goes out on lists the card's own interfaces
	// (foreign-origin-listed-first's, before B's were added, and
	// default-port-listed-first's, before the portless ones were; the public
	// card of extended-card-signed, whose extended card it fetches anew).
	"foreign-origin-listed-first/GEN-004", "default-port-listed-first/GEN-004", "extended-card-signed/GEN-004",
	// On first contact it refuses the card pointing elsewhere, then plans
	// the second task on that card and refuses it again.
	"repointed-endpoint-first-contact/FIRST-004", "repointed-endpoint-bad-signature-first-contact/FIRST-008",
	"repointed-endpoint-foreign-key-first-contact/FIRST-012", "repointed-endpoint-principal-mismatch-first-contact/FIRST-016",
	"repointed-grpc-endpoint-first-contact/FIRST-020", "repointed-grpc-target-first-contact/FIRST-024",
	"version-skew-minor/GEN-004", "version-skew-minor/SKEW-004", "version-skew-minor/SKEW-005",
	// It refuses the card it holds without a look in the second task (a
	// refusal from memory judges nothing), and again the honest card of
	// the third, unseen.
	"rejected-card-not-cached/REJECT-004", "rejected-card-not-cached/REJECT-005",
	"rejected-card-not-cached-bad-signature/REJECT-009", "rejected-card-not-cached-bad-signature/REJECT-010",
	"rejected-card-not-cached-version-skew/REJECT-014", "rejected-card-not-cached-version-skew/REJECT-015",
}

// blindRevalidationForged: on each trust-root scenario, as on the other
// signature scenarios, the second task is sent to A on the first card.
var blindRevalidationForged = forgedSignatureKeys("GEN-004", 2)

// forgedSignatureScenarios are the trust-root scenarios, found in the
// catalog: those whose requirements start with a TRUST requirement, as
// forgedSignature (scenarios/signed_cards.go) puts its four first: no
// contact with B, no credential there, the abort reported, the control.
var forgedSignatureScenarios = trustRootScenarios()

type trustRoot struct {
	id    string
	trust [4]string // its first four requirements
}

func trustRootScenarios() []trustRoot {
	var out []trustRoot
	for _, sc := range scenarios.Catalog() {
		if len(sc.Requirements) < 4 || !strings.HasPrefix(sc.Requirements[0].ID, "TRUST-") {
			continue
		}
		tr := trustRoot{id: sc.ID}
		for i := range tr.trust {
			tr.trust[i] = sc.Requirements[i].ID
		}
		out = append(out, tr)
	}
	return out
}

// forgedSignatureKeys are, for every trust-root scenario, general (a
// general requirement's ID, if not "") and its TRUST requirements at the
// offsets (0 to 3, as forgedSignatureScenarios says).
// inEvery is requirement id in every scenario of the catalog, as
// "scenario/requirement" keys: a new scenario is pinned by being written.
func inEvery(id string) []string {
	var keys []string
	for _, sc := range scenarios.Catalog() {
		keys = append(keys, sc.ID+"/"+id)
	}
	return keys
}

func forgedSignatureKeys(general string, offsets ...int) []string {
	var keys []string
	for _, sc := range forgedSignatureScenarios {
		if general != "" {
			keys = append(keys, sc.id+"/"+general)
		}
		for _, o := range offsets {
			keys = append(keys, sc.id+"/"+sc.trust[o])
		}
	}
	return keys
}

// expectedExit: 1 when a MUST fails, else 0.
func expectedExit(fails []string) int {
	must := map[string]bool{}
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.AllRequirements() {
			must[sc.ID+"/"+r.ID] = r.Level == verdict.Must
		}
	}
	for _, f := range fails {
		if must[f] {
			return 1
		}
	}
	return 0
}

// playCatalog is the whole catalog played by a built-in client
// (catalogPlayed: shared with the tests that judge the same play).
func playCatalog(t *testing.T, name string) *report.Report {
	t.Helper()
	return catalogPlayed(t, name).Report()
}

// The engine is called twice per client, all in this one process: one
// scenario after the other, then several at a time for the same verdicts.
func TestVerdictTable(t *testing.T) {
	heavyPlay(t, "plays the whole catalog twice per built-in client")
	for _, name := range builtin.Names() {
		want, listed := expectedFailures[name]
		t.Run(name, func(t *testing.T) {
			if !listed {
				t.Fatalf("built-in client %s has no row in the verdict table", name)
			}
			t.Parallel()
			rep := playCatalog(t, name)
			var gotFails []string
			for key, v := range rep.Verdicts() {
				switch v {
				case verdict.Fail:
					gotFails = append(gotFails, key)
				case verdict.Error, verdict.Skipped:
					t.Errorf("%s: %s is %s", name, key, v)
				}
			}
			slices.Sort(gotFails)
			wantSorted := slices.Sorted(slices.Values(want))
			if !slices.Equal(gotFails, wantSorted) {
				t.Errorf("%s fails\n  %s\nwant exactly\n  %s", name, strings.Join(gotFails, "\n  "), strings.Join(wantSorted, "\n  "))
			}
			if w := expectedExit(want); rep.ExitCode != w {
				t.Errorf("%s: exit code %d, want %d", name, rep.ExitCode, w)
			}
			sameInParallel(t, builtinClient(t, name), rep)
		})
	}
}
