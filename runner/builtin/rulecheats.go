package builtin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// The clients below are adversarial (gallery.go), one per rule of
// docs/contract-model.md §3: each is the reference with the one decision
// of its rule made the cheap way a client chasing a green badge would
// make it, the rest left as the reference does it.

// skillGoneAbort (rule 1) treats the target skill's listing as contract:
// it aborts before the send when the revalidated card no longer lists the
// skill, though the skill's listing is a capability field and the
// contract hash did not change.
func skillGoneAbort(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = skillListed{skill: cfg.Skill}
}

type skillListed struct{ skill string }

func (s skillListed) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := refclient.Reference().Revalidator.Revalidate(ctx, c, prev)
	if err != nil {
		return nil, err
	}
	if card.Card.Skill(s.skill) == nil {
		return nil, fmt.Errorf("builtin: %s: %w: skill %q no longer listed", SkillGoneAbort, refclient.ErrContractChanged, s.skill)
	}
	return card, nil
}

// revalidationErrorProceeds (rule 2) revalidates like the reference but,
// when the revalidation itself fails (an error status, a body it cannot
// read, a refused redirect, no answer), sends under the card it planned
// on, as if "could not ask" meant "unchanged".
func revalidationErrorProceeds(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = proceedOnError{}
}

type proceedOnError struct{}

func (proceedOnError) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := refclient.Reference().Revalidator.Revalidate(ctx, c, prev)
	if err != nil && !errors.Is(err, refclient.ErrContractChanged) {
		return prev, nil
	}
	return card, err
}

// headWatch (rule 3) looks at the card mid-task, by HEAD only, before
// every poll, and cancels its task once the card's ETag is not the one it
// saw first: it never fetches a card body after the send.
func headWatch(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Watcher = &etagWatcher{head: cardHead(cfg)}
}

type etagWatcher struct {
	head  func() string
	first map[string]string // task id → the ETag at its first poll
}

func (w *etagWatcher) BeforePoll(ctx context.Context, s *refclient.Session, task *wire.Task) (*wire.Task, error) {
	etag := w.head()
	if w.first == nil {
		w.first = map[string]string{}
	}
	was, seen := w.first[task.ID]
	if !seen {
		w.first[task.ID] = etag
		return nil, nil
	}
	if etag == was {
		return nil, nil
	}
	return s.CancelTask(ctx, task.ID)
}

// noValidatorKept (rule 4) takes "no validator, no revalidation" for "no
// validator, no fetch": a card without validator, once fetched, is the
// card of every later task too, never asked for again.
func noValidatorKept(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Cache = keepUnvalidated{}
}

type keepUnvalidated struct{}

func (keepUnvalidated) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	if held != nil && !held.HasValidator() {
		return held, nil
	}
	return refclient.Reference().Cache.Plan(ctx, c, held)
}

// unlabelledSkew (rule 5) is ignore-protocol-version sending its A2A 1.0 requests without the A2A-Version header, so no
// request it sends is labelled 1.0.
func unlabelledSkew(cfg *refclient.Config) {
	ignoreProtocolVersion(cfg)
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			req = req.Clone(req.Context())
			req.Header.Del(wire.HeaderVersion)
			return next.RoundTrip(req)
		})
	}
}

// prefixOrigin (rule 6) takes a url for the card's origin when its text
// starts with the card's scheme://host[:port].
func prefixOrigin(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(_ refclient.Reach, card, target *url.URL) bool {
		return strings.HasPrefix(target.String(), card.Scheme+"://"+card.Host)
	})
}

// extensionSendOnly (rule 7) speaks the frozen-contract extension one way:
// it sends the task's contract hash like the reference, but never reads
// the hash back, so a later peer message implying another contract goes
// unseen (the extension's metadata is dropped from every JSON answer
// before the reference reads it).
func extensionSendOnly(cfg *refclient.Config) {
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			resp, err := next.RoundTrip(req)
			if err != nil || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				return resp, err
			}
			return withoutExtensionMetadata(resp)
		})
	}
}

// withoutExtensionMetadata rewrites resp's JSON body without any
// metadata entry of the frozen-contract extension, wherever it is nested.
func withoutExtensionMetadata(resp *http.Response) (*http.Response, error) {
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	var body any
	if json.Unmarshal(raw, &body) == nil {
		dropKey(body, wire.FrozenContractExtension)
		if out, err := json.Marshal(body); err == nil {
			raw = out
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	resp.ContentLength = int64(len(raw))
	resp.Header.Del("Content-Length")
	return resp, nil
}

func dropKey(v any, key string) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, key)
		for _, x := range v {
			dropKey(x, key)
		}
	case []any:
		for _, x := range v {
			dropKey(x, key)
		}
	}
}
