package scenarios

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Origin look-alikes of a named host: the card is served from `localhost`,
// so that the host's own letter case can be spelt otherwise, and the
// forms a look-alike takes of a name can be played: a trailing dot, the
// address the name resolves to, a percent-encoded host. Each look-alike
// lands on A's own socket, where a client that does not compare origins
// would complete the task; each follows a same-origin spelling of the same
// kind, which a client that refuses what it does not string-match fails.
var _ = register(lookalike(Scenario{
	ID:     "origin-lookalike-named",
	Family: FamilyAuthority, Rank: 155,
	Title: "the card's interfaces are on an origin that only looks like its own named host",
	Description: "The card is served on origin A, `https://localhost:<port>`. Each task of the session runs under " +
		"another version of the card, which lists the three bindings in one spelling. Same origin, other spelling " +
		"(the positive controls, which the client must use and complete): the host in upper and mixed case " +
		"(`LOCALHOST`, `LocalHost`, the gRPC target `LOCALHOST:<port>`); percent-encoded path characters " +
		"(`/a2a/json%72pc`, `/a2a/%72est`) and the gRPC target as `dns:///localhost:<port>`. Look-alikes (another " +
		"origin, which the client must refuse, sending nothing but card requests): a trailing dot (`LOCALHOST.`, " +
		"`localhost.`, `dns:///localhost.:<port>`); a percent-encoded host that decodes to another host " +
		"(`127.0.0.%31`, which a WHATWG parser reads as 127.0.0.1 and RFC 3986 does not allow); `127.0.0.1`, the " +
		"address `localhost` resolves to (`dns:///127.0.0.1:<port>` over gRPC). Every look-alike reaches A's own " +
		"socket, which would complete the task.",
	Requirements: lookalikeRequirements(namedSpellings, [2]said{
		{"ORIGIN-012", "The client MUST NOT send anything but card requests while the card's interfaces are on an origin that " +
			"only looks like the card's (RFC 6454: scheme, host and port of the parsed url), whichever socket serves it."},
		{"ORIGIN-013", "The client MUST NOT send any credential to an origin that only looks like the card's."},
	}),
}, namedCardHost, namedSpellings))

// namedCardHost is the name origin-lookalike-named's card is served from.
const namedCardHost = "localhost"

// namedSpellings are origin-lookalike-named's cards, in task order: A is
// on localhost, and there is no B.
var namedSpellings = []spelling{
	{"ORIGIN-014", "The client MUST use and complete the task at interfaces on the card's own origin spelt otherwise (the host " +
		"in upper and mixed case): the same RFC 6454 origin (a positive control).", true, func(a, _ hostAndPort) [3]string {
		return [3]string{mockpeer.JSONRPCURL("https://" + upper(a).String()), mockpeer.RESTURL("https://LocalHost:" + a.port),
			upper(a).String()}
	}},
	{"ORIGIN-015", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (a trailing dot after the host).", false, func(a, _ hostAndPort) [3]string {
		dotted := hostAndPort{a.host + ".", a.port}
		return [3]string{mockpeer.JSONRPCURL("https://" + upper(dotted).String()), mockpeer.RESTURL("https://" + dotted.String()),
			"dns:///" + dotted.String()}
	}},
	{"ORIGIN-016", "The client MUST use and complete the task at interfaces on the card's own origin spelt otherwise " +
		"(percent-encoded path characters, the gRPC target as dns:///): the same RFC 6454 origin (a positive control).", true, func(a, _ hostAndPort) [3]string {
		o := "https://" + a.String()
		return [3]string{o + "/a2a/json%72pc", o + "/a2a/%72est", "dns:///" + a.String()}
	}},
	{"ORIGIN-017", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (a percent-encoded host that decodes to 127.0.0.1).", false, func(a, _ hostAndPort) [3]string {
		encoded := hostAndPort{"127.0.0.%31", a.port}
		return httpURLs("https://"+encoded.String(), encoded.String())
	}},
	{"ORIGIN-018", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (127.0.0.1, the address localhost resolves to).", false, func(a, _ hostAndPort) [3]string {
		ip := hostAndPort{"127.0.0.1", a.port}
		return httpURLs("https://"+ip.String(), "dns:///"+ip.String())
	}},
}

// upper is h with its host in upper case.
func upper(h hostAndPort) hostAndPort { return hostAndPort{strings.ToUpper(h.host), h.port} }
