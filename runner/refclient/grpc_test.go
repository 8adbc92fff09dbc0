package refclient

import (
	"errors"
	"testing"

	"google.golang.org/grpc/codes"
)

// Every target form grpc-go dials is read as the origin it dials, or
// refused as untrusted when it names no provable host and port.
func TestGRPCEndpoint(t *testing.T) {
	for raw, want := range map[string]string{
		"127.0.0.1:40017":                   "https://127.0.0.1:40017",
		"[::1]:443":                         "https://[::1]:443",
		"localhost:8443":                    "https://localhost:8443",
		"dns:///127.0.0.2:40017":            "https://127.0.0.2:40017",
		"DNS:///agent.example:443":          "https://agent.example:443",
		"passthrough:///127.0.0.2:40017":    "https://127.0.0.2:40017",
		"https://agent.example/a2a/grpc":    "https://agent.example",
		"https://agent.example:8443/a2a/v1": "https://agent.example:8443",
	} {
		u, err := grpcEndpoint(raw)
		if err != nil || u.String() != want {
			t.Errorf("grpcEndpoint(%q) = %v, %v; want %s", raw, u, err, want)
		}
	}
	for _, bad := range []string{
		"agent.example", "http://agent.example:80", "", ":443", "127.0.0.1:0", "127.0.0.1:http",
		"dns://127.0.0.1:53/127.0.0.2:40017", "dns://resolver.example/agent.example:443", "dns:443",
		"dns:///127.0.0.2:40017/a2a", "dns:///127.0.0.2:40017?x=1", "passthrough:///unix:/tmp/a2a.sock",
		"unix:///tmp/a2a.sock", "unix:a2a.sock", "unix:5000", "unix-abstract:a2a", "grpc://127.0.0.2:40017",
		"grpcs://agent.example:443", "xds:///agent.example", "https://user@agent.example:443",
	} {
		if u, err := grpcEndpoint(bad); !errors.Is(err, ErrUntrustedEndpoint) {
			t.Errorf("grpcEndpoint(%q) = %v, %v; want an untrusted endpoint", bad, u, err)
		}
	}
}

func TestCodeName(t *testing.T) {
	for c, want := range map[codes.Code]string{
		codes.OK: "OK", codes.NotFound: "NOT_FOUND", codes.FailedPrecondition: "FAILED_PRECONDITION",
		codes.Unauthenticated: "UNAUTHENTICATED", codes.DeadlineExceeded: "DEADLINE_EXCEEDED",
	} {
		if got := codeName(c); got != want {
			t.Errorf("codeName(%v) = %q, want %q", c, got, want)
		}
	}
}
