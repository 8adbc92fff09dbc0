package builtin

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// decoyLead is how long blockingDecoy lets its blocking send lead: enough
// for it to reach the peer first, so that the play's first send is the
// blocking one.
const decoyLead = 20 * time.Millisecond

// blockingDecoy is adversarial (gallery.go): for each task it sends one
// blocking SendMessage (the reference in block mode) and, once that send
// is on its way, delegates the same task again as refetch-every-transition
// polling, which fetches the card before every poll and cancels once the
// skill is unlisted. It reports the blocking task's outcome. A judge that
// took the mode of the play's first send for the whole play would find the
// mid-task requirements not applicable, whatever the polled task suffered.
// It keeps nothing across tasks.
func blockingDecoy() task {
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		base := refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials}
		blocking := base
		blocking.SendMode = refclient.Block
		sending := make(chan struct{})
		var once sync.Once
		blocking.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
			return roundTripFunc(func(r *http.Request) (*http.Response, error) {
				once.Do(func() { close(sending) }) // the blocking SendMessage is on its way
				return next.RoundTrip(r)
			})
		}
		polling := base
		refetchEveryTransition(&polling)

		decoy := make(chan driver.Outcome, 1)
		go func() { decoy <- refclient.RunWith(ctx, a, blocking) }()
		select {
		case <-sending:
		case out := <-decoy: // sent nothing: no decoy to hide behind
			return out
		case <-ctx.Done():
			return <-decoy
		}
		select {
		case <-time.After(decoyLead):
		case <-ctx.Done():
		}
		refclient.RunWith(ctx, a, polling) // canceled on drift; never reported
		return <-decoy
	}
}

// roundTripFunc is a function as an http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
