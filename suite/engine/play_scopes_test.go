package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// TestPlayFlatSecurityScopes: the option serves every peer's cards with
// bare-array scopes; without it the cards keep the spec's {"list": [...]}.
func TestPlayFlatSecurityScopes(t *testing.T) {
	aborts := runner.InProcess("aborts", func(context.Context, driver.Assignment) driver.Outcome {
		return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonClientError}
	})
	for _, tc := range []struct {
		name       string
		flat       bool
		want, none string
	}{
		{"spec", false, `"schemes":{"bearer":{"list":[]}}`, `"schemes":{"bearer":[]}`},
		{"flat", true, `"schemes":{"bearer":[]}`, `"list"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := lookup(t, "repointed-endpoint") // two peers, both cards require bearer
			ev, _, err := PlayOnce(t.Context(), sc, aborts, PlayOptions{Dir: t.TempDir(), FlatSecurityScopes: tc.flat})
			if err != nil {
				t.Fatal(err)
			}
			if len(ev.Cards) < 2 {
				t.Fatalf("want the cards of every peer, got %d peers", len(ev.Cards))
			}
			for peer, versions := range ev.Cards {
				for v, card := range versions {
					body := string(card.Bytes)
					if !strings.Contains(body, tc.want) || strings.Contains(body, tc.none) {
						t.Errorf("peer %s card v%d: want %s and no %s in\n%s", peer, v, tc.want, tc.none, body)
					}
				}
			}
		})
	}
}
