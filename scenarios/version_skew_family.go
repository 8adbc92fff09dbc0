package scenarios

import (
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// version-skew and version-skew-minor: after a first task under a card
// whose interfaces speak 1.0, every interface declares another protocol
// version. The two differ only in the version, and in what the labelling
// requirement cites.

// skewedTo completes a scenario of version-skew's shape: the client holds
// a bearer token; A's first card speaks 1.0, and between the tasks the
// card whose every interface declares version (card version version.0)
// is put in force; both are fresh for five minutes.
func skewedTo(s Scenario, version string) *Scenario {
	s.Tasks = controlThen(RotateTo("A", 1))
	return bearerPeer(s, freshPeer(bearerCard("A").Build,
		bearerCard("A").ProtocolVersion(version).Version(version+".0").Build))
}

// skewRequirements is the requirements of a scenario of skewedTo's shape,
// in the order of r: every request of the second task labelled version
// (citing labelRef), the second task reported aborted /
// version-unsupported, the first task completed (the positive control).
// All are MUSTs (core) of rule 5; the outcome also cites the driver
// contract.
func skewRequirements(version, labelRef string, r [3]said) []Requirement {
	const ref = "contract-model §3 rule 5"
	return []Requirement{
		atTask(2, mustLabelOnly(r[0].id, r[0].text, labelRef, version)),
		atTask(2, mustAbort(r[1].id, r[1].text, ref+"; docs/driver-contract.md", driver.ReasonVersionUnsupported)),
		controlTask(r[2].id, verdict.ProfileCore, 1, r[2].text, ref),
	}
}
