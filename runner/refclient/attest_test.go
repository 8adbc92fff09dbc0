package refclient

import (
	"context"
	"errors"
	"net/url"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// One long-lived client, two tasks, B changing hands between them: the
// reference attests again for the second (a JWKS request and a handshake
// each task) and refuses B; an Attestations that reuses the first
// attestation, pinning nothing, sends B the second task.
func TestAttestationsAcrossTasks(t *testing.T) {
	refused := driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}
	completed := driver.Outcome{Outcome: driver.OutcomeCompleted}
	for _, tc := range []struct {
		name      string
		decisions Decisions
		second    driver.Outcome
		keySets   int // JWKS requests at A over both tasks
	}{
		{"the reference attests every task", Decisions{}, refused, 2},
		{"an attestation kept for good", Decisions{Attestations: &keepForever{}}, completed, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			farm := signedFarm{&mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}, "A"}.start(t)
			c, err := New(Config{
				CardURL: farm.Peer("A").CardURL(), Skill: testSkill, CAFile: farm.CAFile(), UnsafeDecisions: tc.decisions,
				Credentials: driver.Credentials{BearerToken: farm.Credentials(farm.Grants()).BearerToken},
			})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			a := driver.Assignment{Message: testMessage, Deadline: testDeadline}
			wantOutcome(t, c.Do(context.Background(), a), completed.Outcome, completed.Reason)
			if err := farm.Peer("B").PresentOwnKey(); err != nil {
				t.Fatal(err)
			}
			wantOutcome(t, c.Do(context.Background(), a), tc.second.Outcome, tc.second.Reason)
			if n := len(farm.Journal().Select(func(e journal.Exchange) bool { return e.Peer == "A" && e.Route == journal.RouteJWKS })); n != tc.keySets {
				t.Errorf("%d JWKS requests at A, want %d", n, tc.keySets)
			}
		})
	}
}

// An error of the Attestations fails the task before B is reached.
func TestAttestationsErrorStopsTheTask(t *testing.T) {
	farm := signedFarm{&mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}, "A"}.start(t)
	out := runOnFarm(t, farm, Decisions{Attestations: failingAttestations{}})
	wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonClientError)
	if got := routesAt(farm, "B"); len(got) != 0 {
		t.Errorf("B saw %v, want nothing", got)
	}
}

type keepForever struct{ seen map[string]bool }

func (k *keepForever) Reuse(_ *Card, endpoint *url.URL) (Principal, bool, error) {
	return "", k.seen[OriginOf(endpoint).String()], nil
}

func (k *keepForever) Attested(_ *Card, endpoint *url.URL, _ Principal) error {
	if k.seen == nil {
		k.seen = map[string]bool{}
	}
	k.seen[OriginOf(endpoint).String()] = true
	return nil
}

type failingAttestations struct{}

func (failingAttestations) Reuse(*Card, *url.URL) (Principal, bool, error) {
	return "", false, errors.New("attestations unreadable")
}
func (failingAttestations) Attested(*Card, *url.URL, Principal) error { return nil }
