package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A TLS client certificate is a credential like any other (contract-model
// §8 rules 1 and 2): it goes only where a card names the mTLS scheme, on
// the connections to the interfaces that card is authoritative for. Every
// peer asks for a client certificate in every handshake (and takes one
// given, tls.VerifyClientCertIfGiven), and journals the one it got on the
// connection's record. Until this scenario no scenario granted a
// certificate where the card did not ask for mTLS, so a client that
// presented it in every handshake, to every server (client-cert-everywhere)
// passed every requirement of the catalog.
var _ = register(routing(Scenario{
	ID:     "client-cert-unrequested",
	Family: FamilyCredentials, Rank: 40,
	Title: "a client holding a TLS client certificate presents it to no agent whose card does not ask for it",
	Description: "The client holds a TLS client certificate and a bearer token. Peer A's card requires the bearer token " +
		"alone and declares no mTLS scheme; every peer's TLS server asks for a client certificate in every handshake, " +
		"as a server that accepts one optionally does. The first task completes at A with the bearer token (the " +
		"positive control). Between the tasks the card is repointed, unsigned, to origin B, which it is not " +
		"authoritative for. A conformant client presents its certificate on no connection, to A or to B, and aborts " +
		"the second task (untrusted-endpoint).",
	Grants: mockpeer.Grants{ClientCert: true, Bearer: true},
	Requirements: []Requirement{
		controlAt("CRED-016", 1, "A", "The client MUST complete the first task at A, whose card requires the bearer token "+
			"alone, with the bearer token (the positive control).",
			"spec §7.3; contract-model §8 rule 1"),
		atTask(2, mustAbort("CRED-017", "The client MUST report the second task aborted with reason untrusted-endpoint: "+
			"the card is repointed, unsigned, to another origin.",
			"contract-model §3 rule 6; docs/driver-contract.md", driver.ReasonUntrustedEndpoint)),
		{ID: "CRED-018", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT present its TLS client certificate in any handshake of the session: no card names " +
				"the mTLS scheme, so the certificate is a credential no card asked for, whoever asks for it in a handshake.",
			Ref:   "spec §7.3, §13; RFC 8446 §4.4.2; A2ACLI_AUTH_008; contract-model §8 rules 1 and 2",
			Check: noClientCertificate},
	},
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Endpoint("B").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.2", bearerCard)))
