package builtin

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// snakeCaseRefetch is adversarial (gallery.go): refetch-every-transition
// (refetch.go) whose A2A requests spell configuration.returnImmediately
// the way ProtoJSON also accepts, by its proto name "return_immediately".
// The peer decodes ProtoJSON and does not hold the send; a judge that read
// the journaled body with the camelCase name alone would take every send
// for a blocking one, and find the mid-task requirements not applicable.
// Over gRPC there is no JSON to respell: it is refetch-every-transition.
func snakeCaseRefetch(cfg *refclient.Config) {
	refetchEveryTransition(cfg)
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper { return snakeCase{next} }
}

type snakeCase struct{ next http.RoundTripper }

func (s snakeCase) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body == nil || r.Method != http.MethodPost {
		return s.next.RoundTrip(r)
	}
	b, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("builtin: %s: read the request: %w", SnakeCaseRefetch, err)
	}
	b = bytes.ReplaceAll(b, []byte(`"returnImmediately"`), []byte(`"return_immediately"`))
	out := r.Clone(r.Context())
	out.Body = io.NopCloser(bytes.NewReader(b))
	out.ContentLength = int64(len(b))
	out.Header.Set("Content-Length", strconv.Itoa(len(b)))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	return s.next.RoundTrip(out)
}
