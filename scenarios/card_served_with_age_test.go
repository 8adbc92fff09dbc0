package scenarios_test

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/scenariotest"
)

// card-served-with-age's premise, on the wire: the card, whole (200) and
// revalidated (304), comes with an Age below its max-age, from the first
// response on. A change to the peers' Aging that stopped the header, or
// put it past max-age, would leave STALE-005 judging another scenario.
func TestCardServedWithAgeIsFreshOnEveryResponse(t *testing.T) {
	_, farm := scenariotest.StartFarm(t, "card-served-with-age")
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(farm.CAPEM())
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}}
	defer client.CloseIdleConnections()

	etag := ""
	for _, want := range []int{http.StatusOK, http.StatusNotModified} {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, farm.Peer("A").CardURL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("card answered %d, want %d", resp.StatusCode, want)
		}
		etag = resp.Header.Get("ETag")
		age, err := strconv.Atoi(resp.Header.Get("Age"))
		maxAge, found := strings.CutPrefix(resp.Header.Get("Cache-Control"), "max-age=")
		lifetime, err2 := strconv.Atoi(maxAge)
		if err != nil || !found || err2 != nil || age <= 0 || age >= lifetime {
			t.Errorf("%d: Age %q, Cache-Control %q: want an Age above 0 and below max-age", want,
				resp.Header.Get("Age"), resp.Header.Get("Cache-Control"))
		}
	}
}
