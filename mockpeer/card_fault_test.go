package mockpeer

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The fault is armed by the look at the card and meets the revalidation
// after it, and every request after that, until it is cleared.
func TestCardFaultArmedMeetsTheNextRequestAndStays(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions(), Rotations: []Rotation{{On: Trigger{Kind: AfterCardResponses, N: 2}, To: 1}}})
	c := httpsClient(t, f, false)
	if err := p.ArmCardFault(CardUnavailable); err != nil {
		t.Fatal(err)
	}
	look, body := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if look.StatusCode != http.StatusOK || string(body) != string(p.CardBytes(0)) {
		t.Fatalf("the look: %d %q; want the card, the fault only armed by it", look.StatusCode, body)
	}
	for range 3 { // a client that asks again meets it again
		resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", map[string]string{"If-None-Match": p.ETag(0)})
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" || resp.Header.Get("ETag") != "" {
			t.Fatalf("after the look: %d, Retry-After %q, ETag %q; want 503, 1, none", resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("ETag"))
		}
	}
	if p.Version() != 0 {
		t.Errorf("faulted answers fired a rotation after 2 card responses: version %d", p.Version())
	}
	p.ClearCardFault()
	if resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", map[string]string{"If-None-Match": p.ETag(0)}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("cleared: %d, want 304", resp.StatusCode)
	}
	var faults []string
	for _, e := range f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard }) {
		faults = append(faults, e.CardFault)
	}
	want := []string{"", "unavailable", "unavailable", "unavailable", ""}
	if len(faults) != len(want) {
		t.Fatalf("journaled faults %q, want %q", faults, want)
	}
	for i := range want {
		if faults[i] != want[i] {
			t.Fatalf("journaled faults %q, want %q", faults, want)
		}
	}
}

// Each fault answers as it says, and is journaled with what the client got.
func TestCardFaultAnswers(t *testing.T) {
	tests := []struct {
		fault      CardFault
		wantStatus int // journaled; 0: no response
		answer     func(t *testing.T, p *Peer, resp *http.Response, body []byte)
	}{
		{CardUnavailable, http.StatusServiceUnavailable, func(t *testing.T, _ *Peer, resp *http.Response, _ []byte) {
			if resp.Header.Get("Retry-After") == "" {
				t.Error("503 without Retry-After")
			}
		}},
		{CardMalformed, http.StatusOK, func(t *testing.T, p *Peer, _ *http.Response, body []byte) {
			if json.Valid(body) || len(body) == 0 || string(body) != string(p.CardBytes(0)[:len(body)]) {
				t.Errorf("malformed body %q: want a cut-off card, not JSON", body)
			}
		}},
		{CardNotACard, http.StatusOK, func(t *testing.T, _ *Peer, _ *http.Response, body []byte) {
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil || m["name"] != nil || m["supportedInterfaces"] != nil {
				t.Errorf("not-a-card body %q: want JSON that is no card", body)
			}
		}},
		{CardRedirectLoop, http.StatusTemporaryRedirect, func(t *testing.T, p *Peer, resp *http.Response, _ []byte) {
			if loc := resp.Header.Get("Location"); loc != p.CardURL() {
				t.Errorf("Location %q, want the card URL %q", loc, p.CardURL())
			}
		}},
		{CardHangUp, 0, nil},
		{CardUnauthorized, http.StatusUnauthorized, func(t *testing.T, _ *Peer, resp *http.Response, _ []byte) {
			if got := resp.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer ") {
				t.Errorf("401 with WWW-Authenticate %q, want a Bearer challenge", got)
			}
		}},
		{CardForbidden, http.StatusForbidden, func(*testing.T, *Peer, *http.Response, []byte) {}},
		{CardNotFound, http.StatusNotFound, func(*testing.T, *Peer, *http.Response, []byte) {}},
		{CardGone, http.StatusGone, func(*testing.T, *Peer, *http.Response, []byte) {}},
	}
	if len(tests) != len(CardFaults()) {
		t.Fatalf("%d faults tested, want every one of CardFaults (%d)", len(tests), len(CardFaults()))
	}
	for _, tc := range tests {
		t.Run(string(tc.fault), func(t *testing.T) {
			f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
			c := httpsClient(t, f, false)
			if err := p.ArmCardFault(tc.fault); err != nil {
				t.Fatal(err)
			}
			do(t, c, http.MethodGet, p.CardURL(), "", nil)
			if tc.answer == nil {
				req, _ := http.NewRequest(http.MethodGet, p.CardURL(), nil)
				resp, err := c.Do(req)
				if err == nil {
					resp.Body.Close()
					t.Fatalf("a hang-up answered %d", resp.StatusCode)
				}
			} else {
				resp, body := do(t, c, http.MethodGet, p.CardURL(), "", nil)
				if resp.StatusCode != tc.wantStatus {
					t.Fatalf("answered %d, want %d", resp.StatusCode, tc.wantStatus)
				}
				tc.answer(t, p, resp, body)
			}
			faulted := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard && e.CardFault != "" })
			if len(faulted) == 0 {
				t.Fatal("no faulted card exchange journaled")
			}
			for _, e := range faulted { // a client's transport may retry a hang-up
				if e.CardFault != string(tc.fault) || e.Status != tc.wantStatus {
					t.Errorf("journaled #%d: fault %q status %d; want %q, %d", e.Seq, e.CardFault, e.Status, tc.fault, tc.wantStatus)
				}
			}
			// A faulted answer serves no version: a validator of version 0
			// is the only one the client may name.
			p.ClearCardFault()
			if resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", map[string]string{"If-None-Match": p.ETag(0)}); resp.StatusCode != http.StatusNotModified {
				t.Errorf("healed: %d, want 304", resp.StatusCode)
			}
		})
	}
}

func TestCardFaultRefusedAndReset(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	if err := p.ArmCardFault("teapot"); !errors.Is(err, ErrUnknownCardFault) {
		t.Errorf("ArmCardFault(teapot) = %v, want ErrUnknownCardFault", err)
	}
	c := httpsClient(t, f, false)
	if err := p.ArmCardFault(CardNotACard); err != nil {
		t.Fatal(err)
	}
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	p.Reset()
	if resp, body := do(t, c, http.MethodGet, p.CardURL(), "", nil); resp.StatusCode != http.StatusOK || string(body) != string(p.CardBytes(0)) {
		t.Errorf("after Reset: %d %q, want the card", resp.StatusCode, body)
	}
}
