package live

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A TLS peer's row shows its certificate and the two switches; a click's
// call puts the impostor in the next frame.
func TestLiveViewSwitchesTheCertificate(t *testing.T) {
	farm, v, c := startView(t)
	lc := loggedIn(t, v, c)
	page := livePage(t, farm, lc)
	for _, want := range []string{`data-certificate-of="A">genuine<`, "impostor A</button>", mockpeer.AdminImpostorPath + "?peer=A", mockpeer.AdminGenuinePath + "?peer=A"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	events := readEvents(t, v, lc)
	frameWhere(t, events, 5*time.Second, func(f frame) bool { return f.Certificates["A"] == "genuine" })
	adminPost(t, farm, lc, mockpeer.AdminImpostorPath+"?peer=A")
	frameWhere(t, events, 5*time.Second, func(f frame) bool { return f.Certificates["A"] == "impostor" })
	if page := livePage(t, farm, lc); !strings.Contains(page, `class="certificate impostor" data-certificate-of="A">impostor<`) {
		t.Error("a page loaded while the impostor is presented does not say so")
	}
}

// Plain HTTP has no certificate: no column, no switches, none in frames.
func TestLiveViewPlainHTTPHasNoCertificate(t *testing.T) {
	farm, v, c := startView(t, func(s *mockpeer.FarmSpec) { s.PlainHTTP = true })
	lc := loggedIn(t, v, c)
	if page := livePage(t, farm, lc); strings.Contains(page, `data-certificate-of="`) || strings.Contains(page, mockpeer.AdminImpostorPath) {
		t.Error("a plain-HTTP page offers a certificate switch")
	}
	e := frameWhere(t, readEvents(t, v, lc), 5*time.Second, func(frame) bool { return true })
	if e.frame.Certificates != nil {
		t.Errorf("a plain-HTTP frame names certificates: %v", e.frame.Certificates)
	}
}

// livePage is the live page as c is served it, which must be a 200.
func livePage(t *testing.T, farm *mockpeer.Farm, c *http.Client) string {
	t.Helper()
	status, page := getPage(t, farm, c, Path)
	if status != http.StatusOK {
		t.Fatalf("page: %d", status)
	}
	return page
}
