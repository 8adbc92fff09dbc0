package engine

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"sync"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A journal that keeps 20 exchanges whole and 20 compact: a flood of 100
// leaves some only counted.
var floodLimits = journal.JournalLimits{Exchanges: 20, Compact: 20}

const floodRequests = 100

// floodThenFollow drowns the card's peer in card requests in the second
// task, then follows the repointed card with its credential, and says it
// did not: with GEN-005 out of the selection, nothing else would see it.
func floodThenFollow(t *testing.T) runner.Client {
	follow, err := builtin.PlayWith(builtin.FollowURL, builtin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return runner.InProcess("flood-then-follow", func(ctx context.Context, a driver.Assignment) driver.Outcome {
		if a.Task < 2 {
			return follow(ctx, a)
		}
		flood(t, ctx, a, floodRequests)
		follow(ctx, a)
		return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonUntrustedEndpoint}
	})
}

// flood sends n card requests, eight at a time.
func flood(t *testing.T, ctx context.Context, a driver.Assignment, n int) {
	pem, err := os.ReadFile(a.CAFile)
	pool := x509.NewCertPool()
	if err != nil || !pool.AppendCertsFromPEM(pem) {
		t.Errorf("CA file %s: %v", a.CAFile, err)
		return
	}
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, MaxIdleConnsPerHost: 8}}
	defer c.CloseIdleConnections()
	work := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range work {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, a.CardURL, nil)
				if resp, err := c.Do(req); err == nil {
					resp.Body.Close()
				}
			}
		})
	}
	for range n {
		work <- struct{}{}
	}
	close(work)
	wg.Wait()
}

// A play whose journal dropped exchanges passes nothing, whatever the
// selection: the flood hid the send to B from REPOINT-001, which judged
// the journal as if it were whole.
func TestAFloodLeavesNothingToPass(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*roomyDeadline)
	defer cancel()
	ev, _, err := PlayOnce(ctx, lookup(t, "repointed-endpoint"), floodThenFollow(t),
		PlayOptions{Dir: t.TempDir(), Deadline: roomyDeadline, Journal: floodLimits})
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(floodRequests - floodLimits.Exchanges - floodLimits.Compact); ev.Dropped < want {
		t.Fatalf("%d exchanges dropped, want at least %d", ev.Dropped, want)
	}
	for _, id := range []string{"REPOINT-001", "REPOINT-002", "REPOINT-004"} {
		if j := judgedIn(t, ev, "repointed-endpoint", id); j.Verdict != verdict.Fail {
			t.Errorf("%s: %s, want fail: what the flood hid cannot be judged", id, j.Verdict)
		}
	}
}
