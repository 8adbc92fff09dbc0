package builtin

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"net/http/httputil"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// extendedReplay is adversarial (gallery.go): the reference, but it asks
// for the extended card once (per process) and answers every later
// GetExtendedAgentCard itself, from the first answer, without sending it:
// its revalidation of the extended card right before the send (rule 2,
// contract-model §7) never reaches the peer, and neither does any later
// task's plan. The journal sees one request where the reference makes
// two per task; nothing it sees is wrong.
func extendedReplay(cfg *refclient.Config) {
	var mu sync.Mutex
	var kept []byte // the first answer, as received
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			if !isExtendedCardRequest(req) {
				return next.RoundTrip(req)
			}
			mu.Lock()
			defer mu.Unlock()
			if kept != nil {
				return http.ReadResponse(bufio.NewReader(bytes.NewReader(kept)), req)
			}
			resp, err := next.RoundTrip(req)
			if err != nil || resp.StatusCode != http.StatusOK {
				return resp, err
			}
			dump, err := httputil.DumpResponse(resp, true)
			if err != nil {
				return nil, err
			}
			kept = dump
			return http.ReadResponse(bufio.NewReader(bytes.NewReader(kept)), req)
		})
	}
}

// isExtendedCardRequest: GET …/extendedAgentCard, or a JSON-RPC call of
// GetExtendedAgentCard (its body is read and put back).
func isExtendedCardRequest(req *http.Request) bool {
	if req.Method == http.MethodGet && strings.HasSuffix(req.URL.Path, "/extendedAgentCard") {
		return true
	}
	if req.Method != http.MethodPost || req.Body == nil {
		return false
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	req.Body = io.NopCloser(bytes.NewReader(body))
	return err == nil && bytes.Contains(body, []byte(`"`+wire.MethodGetExtendedAgentCard+`"`))
}
