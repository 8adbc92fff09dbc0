package builtin

import "github.com/a2a-conform/a2a-conform/runner/driver"

// The gallery: adversarial built-in clients. They are not plausible
// clients with one rule broken, like the mutants, but the cheapest ways to
// look conformant without doing the work: say what a scenario wants to
// hear without sending anything, guess it from the card, or skip the card
// altogether. They exist only to prove that the suite cannot be passed that
// way: each must fail at least one MUST requirement in every scenario of
// the catalog (suite/engine/gallery_test.go). Never use one as a client.
//
// The last ones aim at one judgement instead: they do the work elsewhere,
// and cheat only how a mid-task requirement tells which sends could watch
// their task. The gallery test plays them on the scenarios they aim at and
// pins exactly what they fail there.
//
// Each keeps whatever it keeps across the tasks of a session in session
// mode, and starts afresh for every task in one-shot mode, but for
// trust-on-first-use and attest-once, which keep what they trust in the
// session's state directory, as a one-shot client that remembers must.
const (
	// SilentAbortContractChanged sends nothing and reports
	// aborted/contract-changed (silent.go).
	SilentAbortContractChanged = "silent-abort-contract-changed"
	// SilentAbortUntrustedEndpoint sends nothing and reports
	// aborted/untrusted-endpoint (silent.go).
	SilentAbortUntrustedEndpoint = "silent-abort-untrusted-endpoint"
	// SilentAbortVersionUnsupported sends nothing and reports
	// aborted/version-unsupported (silent.go).
	SilentAbortVersionUnsupported = "silent-abort-version-unsupported"
	// SilentFailContractDiverged sends nothing and reports
	// failed/contract-diverged (silent.go).
	SilentFailContractDiverged = "silent-fail-contract-diverged"
	// SilentAbortUnlistedReason sends nothing and reports aborted with a
	// reason outside the driver contract's vocabulary (silent.go).
	SilentAbortUnlistedReason = "silent-abort-unlisted-reason"
	// SilentComplete sends nothing and reports completed with a made-up
	// task id (silentcomplete.go).
	SilentComplete = "silent-complete"
	// FetchThenAbort fetches the card once, then aborts with
	// contract-changed (fetchthen.go).
	FetchThenAbort = "fetch-then-abort"
	// FetchThenGuess fetches the card once and picks the abort reason from
	// the card's shape (fetchthenguess.go).
	FetchThenGuess = "fetch-then-guess"
	// HardcodedEndpoint never fetches the card: it sends the task to the
	// card origin's JSON-RPC path with no credential (hardcoded.go).
	HardcodedEndpoint = "hardcoded-endpoint"
	// HardcodedEndpointCredentials is HardcodedEndpoint sending every
	// credential it was granted (hardcoded.go).
	HardcodedEndpointCredentials = "hardcoded-endpoint-credentials"
	// SendThenCancel is HardcodedEndpointCredentials cancelling each task
	// right after the send (sendthencancel.go).
	SendThenCancel = "send-then-cancel"
	// HardcodedV03 is HardcodedEndpointCredentials calling the A2A 0.3
	// method names (hardcodedv03.go).
	HardcodedV03 = "hardcoded-endpoint-v03-methods"
	// Flood is the reference sending FloodRequests card requests once a
	// session, before its first task whose card answers (flood.go).
	Flood = "flood"

	// BlockingDecoy hides a polled task, canceled on drift, behind a
	// blocking send of the same task (blockingdecoy.go).
	BlockingDecoy = "blocking-decoy"
	// SnakeCaseRefetch is refetch-every-transition spelling
	// returnImmediately "return_immediately", as ProtoJSON allows
	// (snakecase.go).
	SnakeCaseRefetch = "snake-case-refetch"
	// LateWatcher sends each task blocking, then again, polled, once the
	// first is over: its watched task starts after the change
	// (latewatcher.go).
	LateWatcher = "late-watcher"
	// UnparsedBearer is the reference writing its bearer token, in a
	// request net/http cannot parse, to each interface url it refuses
	// (unparsedbearer.go).
	UnparsedBearer = "unparsed-bearer"
	// GzipBearer is the reference posting its bearer token, in a
	// gzip-encoded body, to each url its origin gate refuses
	// (encodedbearer.go).
	GzipBearer = "gzip-bearer"
	// B64HeaderBearer is the reference sending its bearer token, base64 in
	// X-Request-Id, to each url its origin gate refuses (encodedbearer.go).
	B64HeaderBearer = "b64-header-bearer"
	// NestedBearer is the reference sending its bearer token, percent-
	// encoded, gzipped and base64-encoded in a query, to each url its
	// origin gate refuses (encodedbearer.go).
	NestedBearer = "nested-bearer"
	// OutcomeLeak is the reference writing its bearer token, plain and
	// encoded, into the outcome, reason, detail and task id it reports
	// (outcomeleak.go).
	OutcomeLeak = "outcome-leak"

	// HiddenStar revalidates with a "*" after 16 KiB of If-None-Match, past
	// what the journal keeps of a request's headers (hiddenvalidators.go).
	HiddenStar = "hidden-star"
	// Header70 revalidates with a "*" as its 70th If-None-Match line, past
	// the header values the journal keeps (hiddenvalidators.go).
	Header70 = "header-70"
	// HeadThenRevalidate learns the ETag in force with a HEAD and adds it to
	// its If-None-Match list (hiddenvalidators.go).
	HeadThenRevalidate = "head-then-revalidate"
	// HeadSecondLine is HeadThenRevalidate sending that ETag, weak, on a
	// second If-None-Match line (hiddenvalidators.go).
	HeadSecondLine = "head-second-line"
	// HeldFollowUp sends without blocking, then a blocking follow-up on the
	// task instead of any poll (heldfollowup.go).
	HeldFollowUp = "held-follow-up"
	// StringOrigin is the reference comparing origins as the urls spell
	// them, not as RFC 6454 origins (stringorigin.go).
	StringOrigin = "string-origin"
	// TrailingDotOrigin is the reference dropping a trailing dot from hosts
	// before comparing origins (trailingdot.go).
	TrailingDotOrigin = "trailing-dot-origin"
	// RefuseRedirects is the reference refusing every redirect of its card
	// request but one to the URL it asked, same-origin ones included
	// (refuseredirects.go).
	RefuseRedirects = "refuse-redirects"
	// RefuseForeignInterfaces is the reference refusing every unsigned card
	// that lists an interface on another origin, instead of skipping it
	// (refuseforeigninterfaces.go).
	RefuseForeignInterfaces = "refuse-foreign-interfaces"
	// CardOriginRoute is the reference sending every A2A request to the
	// card URL's own origin, whatever interface the card names
	// (cardoriginroute.go).
	CardOriginRoute = "card-origin-route"
	// ContractSubset is the reference comparing only the security fields
	// and the interface url list before the send, never the contract hash
	// (contractsubset.go).
	ContractSubset = "contract-subset"

	// The contact leakers are the reference revealing its secret, at each
	// origin it refuses, in one way outside any parsed request's
	// credentials (contactleak.go).
	SNIBearer       = "sni-bearer"       // as the TLS server name
	ALPNBearer      = "alpn-bearer"      // as an ALPN protocol name
	GoAwayBearer    = "goaway-bearer"    // as HTTP/2 GOAWAY debug data
	PingBearer      = "ping-bearer"      // across HTTP/2 PING payloads
	CertBearer      = "cert-bearer"      // as the subject of a self-made client certificate
	CleartextBearer = "cleartext-bearer" // in bytes that are not TLS, on the TLS port
	TrailerBearer   = "trailer-bearer"   // in a chunked request's trailer
	HostBearer      = "host-bearer"      // as the Host header
	MethodBearer    = "method-bearer"    // as the HTTP method
	UserinfoBearer  = "userinfo-bearer"  // as userinfo in the request target
	// BareHandshake only completes a TLS handshake there, and sends
	// nothing (contactleak.go).
	BareHandshake = "bare-handshake"
	// TrustOnFirstUse trusts the session's first card and first
	// certificates, and afterwards aborts only when the interface urls,
	// their protocol versions or the raw security JSON change
	// (trustonfirstuse.go).
	TrustOnFirstUse = "trust-on-first-use"
	// AttestOnce is the reference keeping each signed binding it attested
	// for the whole session, past the card's TTL, and pinning nothing
	// there afterwards (attestonce.go).
	AttestOnce = "attest-once"
	// RefuseExpired is the reference refusing every signed binding to
	// another origin once the card's TTL has passed, after attesting it
	// again, whatever the attestation showed (refuseexpired.go).
	RefuseExpired = "refuse-expired"
	// PinCardKey is the reference pinning, for the session, the first key
	// each certificate subject presented at each server name, and refusing
	// any other afterwards (pincardkey.go).
	PinCardKey = "pin-card-key"
	// PinFirstIssuer is pin-card-key pinning the issuer of the first
	// certificate each server name presented instead of its key
	// (pincardkey.go).
	PinFirstIssuer = "pin-first-issuer"
	// AdoptAnyExtendedCard is the reference taking every extended card an
	// authenticated call returns as authoritative for all it lists
	// (adoptextended.go).
	AdoptAnyExtendedCard = "adopt-any-extended-card"
	// ExtendedCardEveryCredential is the reference asking for the extended
	// card with every credential it holds (adoptextended.go).
	ExtendedCardEveryCredential = "extended-card-every-credential"

	// The signature cheats are the reference taking one kind of signature
	// the spec refuses (signatureclients.go, laxsignatures.go).
	FollowAnyJKU    = "follow-any-jku"    // keys from wherever jku points
	EmbeddedJWK     = "embedded-jwk"      // the header's own jwk, for a kid the origin does not publish
	WeakAlg         = "weak-alg"          // alg none, and HS256 keyed with the published public key
	IgnoreCrit      = "ignore-crit"       // a crit extension it does not understand
	AsServedPayload = "as-served-payload" // a signature over the card's bytes as served, not RFC 8785
	RefetchKeys     = "refetch-keys"      // the key set fetched again until the kid shows up
	// RefuseSigned lets no signature speak for another origin, honest or
	// not (signatureclients.go).
	RefuseSigned = "refuse-signed"
	// RefuseSignedExtended lets no signature speak for an extended card,
	// and verifies public cards' like the reference (signatureclients.go).
	RefuseSignedExtended = "refuse-signed-extended"
	// EverySignature takes a card's signatures only when every one of them
	// verifies (signatureclients.go).
	EverySignature = "every-signature"

	// One cheater per rule of docs/contract-model.md §3 (rulecheats.go):
	// each makes its rule's decision the cheap way and the rest like the
	// reference.
	SkillGoneAbort            = "skill-gone-abort"            // rule 1: the skill's listing taken for contract
	RevalidationErrorProceeds = "revalidation-error-proceeds" // rule 2: "could not ask" taken for "unchanged"
	HeadWatch                 = "head-watch"                  // rule 3: the card watched by HEAD mid-task
	NoValidatorKept           = "no-validator-kept"           // rule 4: a card without validator never fetched again
	UnlabelledSkew            = "unlabelled-skew"             // rule 5: 1.0 requests to any version, unlabelled
	PrefixOrigin              = "prefix-origin"               // rule 6: origins compared as text prefixes
	ExtensionSendOnly         = "extension-send-only"         // rule 7: the contract hash sent, never read back

	// LastInterface is the reference taking, of the interfaces of one
	// binding, the last the card lists (lastinterface.go).
	LastInterface = "last-interface"
	// SameMajorVersion is the reference sending A2A 1.0 requests to an
	// interface of any 1.x version (samemajorversion.go).
	SameMajorVersion = "same-major-version"
	// TrustNotModified is the reference skipping its judgement of a card
	// answered 304 Not Modified, however it judged that card before
	// (trustnotmodified.go).
	TrustNotModified = "trust-not-modified"
	// SendEveryCredential adds its bearer token and API key to every A2A
	// request, beside the credential the card names
	// (sendeverycredential.go).
	SendEveryCredential = "send-every-credential"
	// PostSecretToCardTokenURL posts its OAuth client secret to whatever
	// tokenUrl the card names, not only to its credentials' issuer
	// (cardtokenurl.go).
	PostSecretToCardTokenURL = "post-secret-to-card-token-url"
	// ReuseTokenAcrossPeers caches tokens by token endpoint and sends one
	// agent's token to the next (reusetoken.go).
	ReuseTokenAcrossPeers = "reuse-token-across-peers"
	// TokenOnCardRequests sends an agent's access token on its card
	// revalidations too (tokenoncard.go).
	TokenOnCardRequests = "token-on-card-requests"
	// ETagOnly is the reference taking a card without an ETag for a card
	// without validator, its Last-Modified ignored (etagonly.go).
	ETagOnly = "etag-only"
	// ExactVersion is the reference refusing an interface whose
	// protocolVersion is not "1.0" as written, a patch number included
	// (exactversion.go).
	ExactVersion = "exact-version"
	// RefuseAgedCard is the reference refusing, as untrusted, every card
	// whose response carries an Age header, however fresh by its max-age
	// (refuseagedcard.go).
	RefuseAgedCard = "refuse-aged-card"
	// UnsignedOnly is the reference refusing, as untrusted, every card
	// that carries a signature, whatever it signs (unsignedonly.go).
	UnsignedOnly = "unsigned-only"
	// GuessedPath is the reference sending to the well-known path of each
	// HTTP binding on the interface url's origin, the url's own path
	// ignored (guessedpath.go).
	GuessedPath = "guessed-path"
	// WellKnownCard is the reference fetching its card at the well-known
	// path of the card URL's origin, the URL's own path ignored
	// (wellknowncard.go).
	WellKnownCard = "well-known-card"
	// ImmutableNoRevalidate is the reference never revalidating a card
	// served with Cache-Control: immutable (immutablenorevalidate.go).
	ImmutableNoRevalidate = "immutable-no-revalidate"
	// RevalErrorUnchanged is the reference taking a revalidation answered
	// with a client error (4xx) for a 304 (revalerrorunchanged.go).
	RevalErrorUnchanged = "reval-4xx-unchanged"
	// RevalRedirectUnchanged is the reference taking a revalidation
	// answered with a redirect it refuses for a 304
	// (revalredirectunchanged.go).
	RevalRedirectUnchanged = "reval-redirect-unchanged"
	// PortlessAnyPort is the reference taking a url without a port for the
	// card's origin when scheme and host match (portlessanyport.go).
	PortlessAnyPort = "portless-any-port"
	// ChainOnlyTLS is the reference checking only that a server's chain
	// reaches the trust root: no name, validity or key usage checked
	// (chainonlytls.go).
	ChainOnlyTLS = "chain-only-tls"
	// ClaimEveryExtension is the reference speaking every extension a card
	// declares: none is ever refused (claimeveryextension.go).
	ClaimEveryExtension = "claim-every-extension"
	// NoJKUTrusted is the reference taking a card whose signatures name no
	// jku as verified, unread (nojkutrusted.go).
	NoJKUTrusted = "no-jku-trusted"
	// IssuerNameTLS is the reference trusting a chain whose issuer names
	// lead to the trust root's subject, no signature checked
	// (issuernametls.go).
	IssuerNameTLS = "issuer-name-chain"
	// UnpinnedEndpoint is the reference checking a signed card's
	// endpoint's principal, then sending over connections pinned to
	// nothing (unpinnedendpoint.go).
	UnpinnedEndpoint = "unpinned-endpoint"
	// CardRedirectSameHost is the reference following a card redirect
	// anywhere on the card URL's host, whatever the port
	// (cardredirectsamehost.go).
	CardRedirectSameHost = "card-redirect-same-host"
	// JWKSSameHost is the reference taking a key set anywhere on the card
	// URL's host, whatever the port, for the card origin's (jwkssamehost.go).
	JWKSSameHost = "jwks-same-host"
	// RedirectMovedPath is the reference following a card redirect to
	// another path to any origin (redirectmovedpath.go).
	RedirectMovedPath = "redirect-moved-path"
	// FollowNonCardRedirects is the reference following every redirect but
	// the card URL's anywhere (follownoncardredirects.go).
	FollowNonCardRedirects = "follow-non-card-redirects"
	// ExtendedPublicOrigins is the reference taking an extended card as
	// authoritative on every origin its public card lists
	// (extendedpublicorigins.go).
	ExtendedPublicOrigins = "extended-public-origins"
	// GRPCResolverAuthority is the reference reading a gRPC target that
	// names a DNS resolver, dns://resolver/host:port, as host:port
	// (grpcresolverauthority.go).
	GRPCResolverAuthority = "grpc-resolver-authority"

	// The credential-choice cheats make contract-model §8 rule 1's
	// decision the cheap way (credentialchoice.go).
	FirstAlternativeOnly  = "first-alternative-only"  // the first alternative or none, the next never tried
	RefuseAlternatives    = "refuse-alternatives"     // auth-unavailable whenever there is a choice
	AnonymousUnlessSingle = "anonymous-unless-single" // a credential only for a requirement of one scheme
	FixedAPIKeyHeader     = "fixed-api-key-header"    // the API key as X-API-Key, whatever the card says

	// The credential-route cheats send a credential the farm granted
	// somewhere contract-model §8 does not let it go.
	NamedCredsOnCard       = "named-creds-on-card"       // the card's named static credentials on its revalidations too (namedcredsoncard.go)
	DefaultBearerHeader    = "default-bearer-header"     // the bearer token wherever no Authorization is set (defaultbearerheader.go)
	StickyCredentials      = "sticky-credentials"        // what a card once named, sent on every later request (stickycredentials.go)
	AllDeclaredScopes      = "all-declared-scopes"       // tokens for every scope the flow declares (alldeclaredscopes.go)
	TokensAnywhereNoIssuer = "tokens-anywhere-no-issuer" // without an issuer, the secret to any tokenUrl (tokensanywherenoissuer.go)
	ClientCertEverywhere   = "client-cert-everywhere"    // the client certificate in every handshake (clientcerteverywhere.go)

	// The adversarial review of 2026-12-08, each the reference with one
	// decision replaced by a shortcut. These four the catalog already
	// caught:
	NoTenant        = "no-tenant"        // an interface's tenant never sent (notenant.go)
	ExtendedReplay  = "extended-replay"  // the extended card asked for once, replayed locally after (extendedreplay.go)
	JWKSSession     = "jwks-session"     // key sets fetched once a session, never again (jwkssession.go)
	ScopelessTokens = "scopeless-tokens" // token requests that name no scope (scopeless.go)
	// These passed the whole catalog, keyed on something it always did the
	// same way, until the scenarios and checks that now catch them:
	DenylistContract   = "denylist-contract"    // every field not listed as capability taken for contract (denylistcontract.go)
	NoExtensionsHeader = "no-extensions-header" // no extension ever activated by A2A-Extensions (noextensionsheader.go)
	APIKeyEverywhere   = "api-key-everywhere"   // the API key in every usual place beside the declared one (apikeyeverywhere.go)
	TwoVersionHeaders  = "two-version-headers"  // A2A-Version 1.0 and 0.3 on every A2A request (twoversionheaders.go)
	TokenForever       = "token-forever"        // an access token kept for the session, expires_in unread (tokenforever.go)
	ResendRefusedToken = "resend-refused-token" // a 401 answered by sending the same request again (resendrefusedtoken.go)
	Redirect308Only    = "redirect-308-only"    // a redirect judged by its status, not its origin (redirect308only.go)
	StickyInterface    = "sticky-interface"     // the session's first interface kept first (stickyinterface.go)
)

// gallery holds the adversarial clients, in the order of the constants.
var gallery = []client{
	silentClient(SilentAbortContractChanged, driver.OutcomeAborted, driver.ReasonContractChanged),
	silentClient(SilentAbortUntrustedEndpoint, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
	silentClient(SilentAbortVersionUnsupported, driver.OutcomeAborted, driver.ReasonVersionUnsupported),
	silentClient(SilentFailContractDiverged, driver.OutcomeFailed, driver.ReasonContractDiverged),
	silentClient(SilentAbortUnlistedReason, driver.OutcomeAborted, UnlistedReason),
	{name: SilentComplete, own: silentComplete},
	{name: FetchThenAbort, own: fetchThen(FetchThenAbort, alwaysContractChanged)},
	{name: FetchThenGuess, own: fetchThen(FetchThenGuess, guessFromShape)},
	{name: HardcodedEndpoint, unsafe: hardcodedEndpoint(false)},
	{name: HardcodedEndpointCredentials, unsafe: hardcodedEndpoint(true)},
	{name: SendThenCancel, own: sendThenCancel},
	{name: HardcodedV03, unsafe: hardcodedV03},
	{name: Flood, own: func() task { return flood() }},
	{name: BlockingDecoy, own: blockingDecoy},                        // a blocking send first makes the play look unwatched
	{name: SnakeCaseRefetch, unsafe: snakeCaseRefetch},               // a polling send whose body reads as blocking
	{name: LateWatcher, own: lateWatcher},                            // a watched send, but only after the change
	{name: UnparsedBearer, unsafe: unparsedBearer},                   // contact that never reaches a handler
	{name: GzipBearer, unsafe: gzipBearer},                           // a credential in a compressed body
	{name: B64HeaderBearer, unsafe: b64HeaderBearer},                 // a credential base64 in an ordinary header
	{name: NestedBearer, unsafe: nestedBearer},                       // a credential in an encoding of an encoding
	{name: OutcomeLeak, own: outcomeLeak},                            // a credential in every field of the outcome
	{name: HiddenStar, unsafe: hiddenStar},                           // a "*" past the journal's header bytes
	{name: Header70, unsafe: header70},                               // a "*" past the journal's header count
	{name: HeadThenRevalidate, unsafe: headThenRevalidate},           // the ETag in force, learnt by HEAD
	{name: HeadSecondLine, unsafe: headSecondLine},                   // the same, weak, on a line of its own
	{name: HeldFollowUp, unsafe: heldFollowUp},                       // a held answer in place of every poll
	{name: StringOrigin, unsafe: stringOrigin},                       // origins compared as text
	{name: TrailingDotOrigin, unsafe: trailingDotOrigin},             // "host." taken for "host"
	{name: RefuseRedirects, unsafe: refuseRedirects},                 // every redirect refused but one to the URL asked
	{name: RefuseForeignInterfaces, unsafe: refuseForeignInterfaces}, // a card naming another origin refused whole
	{name: ContractSubset, unsafe: contractSubset},                   // part of the contract compared, not its hash
	{name: CardOriginRoute, unsafe: cardOriginRoute},                 // every request to the card's own origin
	{name: SNIBearer, unsafe: contactLeaker(sniLeak)},
	{name: ALPNBearer, unsafe: contactLeaker(alpnLeak)},
	{name: GoAwayBearer, unsafe: contactLeaker(h2Leak(goawayLeak))},
	{name: PingBearer, unsafe: contactLeaker(h2Leak(pingLeak))},
	{name: CertBearer, unsafe: contactLeaker(certLeak)},
	{name: CleartextBearer, unsafe: contactLeaker(cleartextLeak)},
	{name: TrailerBearer, unsafe: contactLeaker(http1Leak(trailerRequest))},
	{name: HostBearer, unsafe: contactLeaker(http1Leak(hostRequest))},
	{name: MethodBearer, unsafe: contactLeaker(http1Leak(methodRequest))},
	{name: UserinfoBearer, unsafe: contactLeaker(http1Leak(userinfoRequest))},
	{name: BareHandshake, unsafe: contactLeaker(bareHandshake)},
	{name: TrustOnFirstUse, own: trustOnFirstUse},                        // a change detector, not a judge of authority
	{name: AdoptAnyExtendedCard, unsafe: adoptAnyExtended},               // an authenticated answer taken as authority
	{name: ExtendedCardEveryCredential, unsafe: extendedEveryCredential}, // the extended card asked for with everything held
	{name: AttestOnce, stateful: attestOnce},                             // an attestation that never expires
	{name: RefuseExpired, unsafe: refuseExpired},                         // an expired attestation taken for a failed one
	{name: PinCardKey, stateful: pinCardKey},                             // a renewed certificate taken for an impostor
	{name: PinFirstIssuer, stateful: pinFirstIssuer},                     // a new intermediate taken for an impostor
	{name: FollowAnyJKU, unsafe: followAnyJKU},
	{name: EmbeddedJWK, unsafe: laxClient(laxSignatures{embeddedKey: true})},
	{name: WeakAlg, unsafe: laxClient(laxSignatures{weakAlgs: true})},
	{name: IgnoreCrit, unsafe: laxClient(laxSignatures{ignoreCrit: true})},
	{name: AsServedPayload, unsafe: laxClient(laxSignatures{asServed: true})},
	{name: RefetchKeys, unsafe: laxClient(laxSignatures{refetchKeys: true})},
	{name: RefuseSigned, unsafe: refuseSigned},
	{name: RefuseSignedExtended, unsafe: refuseSignedExtended},
	{name: EverySignature, unsafe: everySignature},
	{name: SkillGoneAbort, unsafe: skillGoneAbort},
	{name: RevalidationErrorProceeds, unsafe: revalidationErrorProceeds},
	{name: HeadWatch, unsafe: headWatch},
	{name: NoValidatorKept, unsafe: noValidatorKept},
	{name: UnlabelledSkew, unsafe: unlabelledSkew},
	{name: PrefixOrigin, unsafe: prefixOrigin},
	{name: ExtensionSendOnly, unsafe: extensionSendOnly},
	{name: LastInterface, unsafe: lastInterface},                       // the card's order read backwards, per binding
	{name: SameMajorVersion, unsafe: sameMajorVersion},                 // 1.1 read as "1.x, close enough"
	{name: TrustNotModified, unsafe: trustNotModified},                 // a card seen before counts as judged
	{name: SendEveryCredential, unsafe: sendEveryCredential},           // default headers for every credential held
	{name: PostSecretToCardTokenURL, unsafe: postSecretToCardTokenURL}, // the card says where the secret goes
	{name: ReuseTokenAcrossPeers, own: reuseTokenAcrossPeers},          // a token cache keyed by endpoint
	{name: TokenOnCardRequests, unsafe: tokenOnCardRequests},           // one authenticated session for every request
	{name: ETagOnly, unsafe: etagOnly},                                 // Last-Modified taken for no validator
	{name: ExactVersion, unsafe: exactVersion},                         // "1.0.1" taken for another version
	{name: RefuseAgedCard, unsafe: refuseAgedCard},                     // a cached card taken for an untrusted one
	{name: UnsignedOnly, unsafe: unsignedOnly},                         // a signed card taken for a suspect one
	{name: GuessedPath, unsafe: guessedPath},                           // the endpoint built from the binding, not read
	{name: WellKnownCard, unsafe: wellKnownCard},                       // the card looked up by origin, not fetched where given
	{name: ImmutableNoRevalidate, unsafe: immutableNoRevalidate},       // a freshness directive taken for the contract's
	{name: RevalErrorUnchanged, unsafe: revalErrorUnchanged},           // "no" taken for "nothing new"
	{name: RevalRedirectUnchanged, unsafe: revalRedirectUnchanged},     // "go elsewhere" taken for "nothing new"
	{name: PortlessAnyPort, unsafe: portlessAnyPort},                   // no port taken for "the same port"
	{name: ChainOnlyTLS, unsafe: chainOnlyTLS},                         // a chain to the root taken for the server
	{name: ClaimEveryExtension, unsafe: claimEveryExtension},           // every required extension claimed, spoken or not
	{name: NoJKUTrusted, unsafe: noJKUTrusted},                         // a signature without jku taken unread
	{name: IssuerNameTLS, unsafe: issuerNameTLS},                       // a chain of names taken for a chain of signatures
	{name: UnpinnedEndpoint, unsafe: unpinnedEndpoint},                 // the principal checked, then not pinned
	{name: CardRedirectSameHost, unsafe: cardRedirectSameHost},         // another port of the host taken for the origin
	{name: JWKSSameHost, unsafe: jwksSameHost},                         // a key set on another port taken for the origin's
	{name: RedirectMovedPath, unsafe: redirectMovedPath},               // a moved card path followed to any origin
	{name: FollowNonCardRedirects, unsafe: followNonCardRedirects},     // an A2A, token or key set redirect followed anywhere
	{name: ExtendedPublicOrigins, unsafe: extendedPublicOrigins},       // an origin the public card lists taken as vouched for
	{name: GRPCResolverAuthority, unsafe: grpcResolverAuthority},       // a gRPC target's own resolver ignored
	{name: FirstAlternativeOnly, unsafe: firstAlternativeOnly},
	{name: RefuseAlternatives, unsafe: refuseAlternatives},
	{name: AnonymousUnlessSingle, unsafe: anonymousUnlessSingle},
	{name: FixedAPIKeyHeader, unsafe: fixedAPIKeyHeader},
	{name: NamedCredsOnCard, unsafe: namedCredsOnCard},
	{name: DefaultBearerHeader, unsafe: defaultBearerHeader},
	{name: StickyCredentials, unsafe: stickyCredentials},
	{name: AllDeclaredScopes, unsafe: allDeclaredScopes},
	{name: TokensAnywhereNoIssuer, unsafe: tokensAnywhereWithoutIssuer},
	{name: ClientCertEverywhere, unsafe: clientCertEverywhere},
	{name: NoTenant, unsafe: noTenant},
	{name: ExtendedReplay, unsafe: extendedReplay},
	{name: JWKSSession, stateful: jwksSession},
	{name: ScopelessTokens, unsafe: scopelessTokens},
	{name: DenylistContract, unsafe: denylistContract},
	{name: NoExtensionsHeader, unsafe: noExtensionsHeader},
	{name: APIKeyEverywhere, unsafe: apiKeyEverywhere},
	{name: TwoVersionHeaders, unsafe: twoVersionHeaders},
	{name: TokenForever, stateful: tokenForever},
	{name: ResendRefusedToken, unsafe: resendRefusedToken},
	{name: Redirect308Only, unsafe: redirect308Only},
	{name: StickyInterface, unsafe: stickyInterface},
}

// UnlistedReason is the reason silent-abort-unlisted-reason reports: a
// plausible word that the driver contract's vocabulary does not have.
const UnlistedReason driver.Reason = "policy-violation"

// Gallery lists the adversarial clients. Lookup, LookupMode, PlayWith and
// SessionWith find them by name like the others.
func Gallery() []string { return namesOf(gallery) }
