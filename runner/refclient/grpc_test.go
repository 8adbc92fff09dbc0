package refclient

import (
	"testing"

	"google.golang.org/grpc/codes"
)

func TestGRPCEndpoint(t *testing.T) {
	for raw, want := range map[string]string{
		"127.0.0.1:40017":                   "https://127.0.0.1:40017",
		"[::1]:443":                         "https://[::1]:443",
		"https://agent.example/a2a/grpc":    "https://agent.example",
		"https://agent.example:8443/a2a/v1": "https://agent.example:8443",
	} {
		u, err := grpcEndpoint(raw)
		if err != nil || u.String() != want {
			t.Errorf("grpcEndpoint(%q) = %v, %v; want %s", raw, u, err, want)
		}
	}
	for _, bad := range []string{"agent.example", "http://agent.example:80", "dns:///agent.example:443", ""} {
		if u, err := grpcEndpoint(bad); err == nil {
			t.Errorf("grpcEndpoint(%q) = %v, want an error", bad, u)
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
