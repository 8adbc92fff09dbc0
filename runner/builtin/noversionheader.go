package builtin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// noVersionHeader sends every A2A request without A2A-Version, as a client
// written for A2A 0.3 does (breaking spec §3.6: a server reads a missing
// header as 0.3), over gRPC without the a2a-version metadata. When the peer refuses the request with
// VersionNotSupportedError it repeats it once with A2A-Version: 1.0, so
// that it otherwise behaves like the reference.
func noVersionHeader(cfg *refclient.Config) {
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper { return versionless{next} }
	cfg.UnsafeGRPCOptions = versionlessGRPC()
}

// maxErrorBytes bounds the part of an answer read to spot a refusal.
const maxErrorBytes = 1 << 20

type versionless struct {
	next http.RoundTripper
}

func (v versionless) RoundTrip(req *http.Request) (*http.Response, error) {
	bare := req.Clone(req.Context())
	bare.Header.Del(wire.HeaderVersion)
	resp, err := v.next.RoundTrip(bare)
	if err != nil {
		return nil, err
	}
	refused, err := refusesVersion(resp)
	if err != nil {
		return nil, err
	}
	if !refused {
		return resp, nil
	}
	resp.Body.Close()
	again := req.Clone(req.Context())
	if req.GetBody != nil {
		if again.Body, err = req.GetBody(); err != nil {
			return nil, fmt.Errorf("builtin: %s: replay the body: %w", NoVersionHeader, err)
		}
	}
	return v.next.RoundTrip(again)
}

// refusesVersion reports whether resp is a VersionNotSupportedError, in
// either binding. It reads the head of the body and puts it back.
func refusesVersion(resp *http.Response) (bool, error) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBytes))
	if err != nil {
		resp.Body.Close()
		return false, fmt.Errorf("builtin: %s: read the answer: %w", NoVersionHeader, err)
	}
	resp.Body = readCloser{io.MultiReader(bytes.NewReader(body), resp.Body), resp.Body}
	var answer struct {
		Error struct {
			Code    int              `json:"code"`    // JSON-RPC error code
			Details []map[string]any `json:"details"` // HTTP+JSON google.rpc.Status details
		} `json:"error"`
	}
	if json.Unmarshal(body, &answer) != nil {
		return false, nil
	}
	kind := wire.ErrVersionNotSupported
	if answer.Error.Code == kind.RPCCode {
		return true, nil
	}
	for _, d := range answer.Error.Details {
		if d["@type"] == wire.ErrorInfoType && d["reason"] == kind.Reason {
			return true, nil
		}
	}
	return false, nil
}

// readCloser reads from one place and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}
