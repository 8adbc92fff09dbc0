package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// Origin look-alikes (google/adk-python#6800): interface urls whose text
// resembles the card's origin. An origin is the RFC 6454 triple of the
// parsed url, so the look-alikes are refused however much text they share,
// and the same origin in another spelling is used, so that a client cannot
// pass by refusing every url it does not string-match.
//
// One session plays every spelling, the card repointed between tasks:
// same-origin spellings and look-alikes alternate, so that a client that
// gives up after its first refusal fails a control. Several look-alikes
// land on A's own socket (http on its TLS port, localhost, the IPv4-mapped
// address): the only request a look-alike task may make is for the card.
// Nothing listens on [::1] at A's port (A listens on 127.0.0.1).
var _ = register(lookalike(Scenario{
	ID:     "origin-lookalike",
	Family: FamilyAuthority, Rank: 150,
	Title: "the card's interfaces are on an origin that only looks like its own",
	Description: "The card is served on origin A, `https://127.0.0.1:<port>`. Each task of the session runs " +
		"under another version of the card, which lists the three bindings in one spelling. Same origin, " +
		"other spelling (the positive controls, which the client must use and complete): an upper-case " +
		"scheme on the HTTP interfaces (the gRPC one A's plain `host:port` target: an upper-case https url is " +
		"no gRPC target in any spelling the spec shows); dot segments in the paths, and the gRPC url as an https " +
		"url with a trailing slash, the form of the spec's own card example; the port with a leading zero, and the " +
		"gRPC target as `dns:///`. Look-alikes (another origin, which the client " +
		"must refuse, sending nothing but card requests): A's origin as userinfo in front of B " +
		"(`https://127.0.0.1:<A port>@127.0.0.1:<B port>`); B, on the same host at another port; `http` for " +
		"`https` on A's port; `localhost`, `[::1]` and `[::ffff:127.0.0.1]` for `127.0.0.1`, on A's port. " +
		"B is a working A2A peer that would complete the task, and so is A on every look-alike its socket serves.",
	Requirements: lookalikeRequirements(lookalikeSpellings, [2]said{
		{"ORIGIN-001", "The client MUST NOT send anything but card requests while the card's interfaces are on an origin that " +
			"only looks like the card's (RFC 6454: scheme, host and port of the parsed url), whichever socket serves it."},
		{"ORIGIN-002", "The client MUST NOT send any credential to an origin that only looks like the card's."},
	}),
}, "", lookalikeSpellings, workingPeer("B", "127.0.0.1", bearerCard)))

// lookalikeRef is the reference of every requirement of origin-lookalike.
const lookalikeRef = "contract-model §3 rule 6, §6; RFC 6454 §4, §5; https://github.com/google/adk-python/pull/6800"

// lookalikeSpellings are the session's cards, in task order.
var lookalikeSpellings = []spelling{
	{"ORIGIN-003", "The client MUST use and complete the task at interfaces on the card's own origin spelt otherwise (an " +
		"upper-case scheme): the same RFC 6454 origin (a positive control).", true, func(a, _ hostAndPort) [3]string {
		return httpURLs("HTTPS://"+a.String(), a.String())
	}},
	{"ORIGIN-004", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (A's origin as userinfo in front of B).", false, func(a, b hostAndPort) [3]string {
		return httpURLs("https://"+a.String()+"@"+b.String(), "https://"+a.String()+"@"+b.String())
	}},
	{"ORIGIN-005", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (B: the same host, another port).", false, func(_, b hostAndPort) [3]string {
		return httpURLs("https://"+b.String(), b.String())
	}},
	{"ORIGIN-006", "The client MUST use and complete the task at interfaces on the card's own origin spelt otherwise (dot " +
		"segments in the paths, the gRPC url an https url with a trailing slash): the same RFC 6454 origin (a positive " +
		"control).", true, func(a, _ hostAndPort) [3]string {
		o := "https://" + a.String()
		return [3]string{o + "/a2a/./x/../jsonrpc", o + "/x/.." + mockpeer.RESTPath, o + "/"}
	}},
	{"ORIGIN-007", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (http for https, on A's port).", false, func(a, _ hostAndPort) [3]string {
		return httpURLs("http://"+a.String(), "http://"+a.String())
	}},
	{"ORIGIN-008", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (localhost for 127.0.0.1, on A's port).", false, func(a, _ hostAndPort) [3]string {
		return onHost("localhost", a.port)
	}},
	{"ORIGIN-009", "The client MUST use and complete the task at interfaces on the card's own origin spelt otherwise (the port " +
		"with a leading zero, the gRPC target as dns:///): the same RFC 6454 origin (a positive control).", true, func(a, _ hostAndPort) [3]string {
		padded := hostAndPort{a.host, "0" + a.port}
		return httpURLs("https://"+padded.String(), "dns:///"+padded.String())
	}},
	{"ORIGIN-010", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own ([::1] for 127.0.0.1, on A's port).", false, func(a, _ hostAndPort) [3]string {
		return onHost("::1", a.port)
	}},
	{"ORIGIN-011", "The client MUST report aborted with reason untrusted-endpoint when the card's interfaces are on another " +
		"origin that looks like its own (the IPv4-mapped [::ffff:127.0.0.1] for 127.0.0.1, on A's port).", false, func(a, _ hostAndPort) [3]string {
		return onHost("::ffff:127.0.0.1", a.port)
	}},
}
