package builtin

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// hardcodedV03 is adversarial (gallery.go): a half-migrated client that
// never reads the card. It is the hard-coded endpoint with every credential
// granted (hardcoded.go), sending A2A-Version: 1.0 but calling the A2A 0.3
// JSON-RPC methods (message/send, tasks/get, tasks/cancel), which a 1.0
// peer answers with MethodNotFoundError.
func hardcodedV03(cfg *refclient.Config) {
	hardcodedEndpoint(true)(cfg)
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper { return v03Methods{next} }
}

// v03Names renames the 1.0 methods as encoding/json writes them.
var v03Names = strings.NewReplacer(
	`"method":"SendMessage"`, `"method":"message/send"`,
	`"method":"GetTask"`, `"method":"tasks/get"`,
	`"method":"CancelTask"`, `"method":"tasks/cancel"`,
)

type v03Methods struct {
	next http.RoundTripper
}

func (v v03Methods) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body == nil {
		return v.next.RoundTrip(req)
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("builtin: %s: read the request: %w", HardcodedV03, err)
	}
	renamed := []byte(v03Names.Replace(string(body)))
	out := req.Clone(req.Context())
	out.Body, out.ContentLength = io.NopCloser(bytes.NewReader(renamed)), int64(len(renamed))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(renamed)), nil }
	return v.next.RoundTrip(out)
}
