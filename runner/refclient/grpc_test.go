package refclient

import (
	"errors"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
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

// The interface chosen from a gRPC-only card is the first target that
// names the card's own origin; a card whose targets name none is refused
// as untrusted, whatever form they take.
func TestGRPCTargetsOfTheCardsOrigin(t *testing.T) {
	for _, tc := range []struct {
		name    string
		targets func(hostPort string) []string
		want    int // the index of the target chosen, -1 for none
	}{
		{"a resolver of its own and a socket, then dns:///", func(hp string) []string {
			return []string{"dns://127.0.0.1:53/" + hp, "unix:///tmp/a2a.sock", "dns:///" + hp}
		}, 2},
		{"passthrough:///", func(hp string) []string { return []string{"passthrough:///" + hp} }, 0},
		{"no target names the origin", func(hp string) []string {
			return []string{"dns://127.0.0.1:53/" + hp, "unix:" + hp, "grpc://" + hp, "dns:///127.0.0.2:" + strings.Split(hp, ":")[1]}
		}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var targets []string
			farm := startFarm(t, mockpeer.PeerSpec{Cards: []mockpeer.CardFunc{func(o mockpeer.Origins) wire.AgentCard {
				c := farmCard(nil)(o)
				targets = tc.targets(mockpeer.GRPCTarget(o("A")))
				c.SupportedInterfaces = nil
				for _, target := range targets {
					c.SupportedInterfaces = append(c.SupportedInterfaces, wire.AgentInterface{
						URL: target, ProtocolBinding: wire.BindingGRPC, ProtocolVersion: wire.ProtocolVersion})
				}
				return c
			}}})
			c, err := New(Config{CardURL: farm.Peer("A").CardURL(), Skill: testSkill, CAFile: farm.CAFile()})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			card, err := c.FetchCard(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			iface, endpoint, _, err := c.chooseInterface(t.Context(), card)
			if tc.want < 0 {
				if !errors.Is(err, ErrUntrustedEndpoint) {
					t.Fatalf("chose %q (%v), error %v; want an untrusted endpoint", iface.URL, endpoint, err)
				}
				return
			}
			if err != nil || iface.URL != targets[tc.want] || endpoint.String() != farm.Peer("A").Origin() {
				t.Fatalf("chose %q (%v), error %v; want %q at %s", iface.URL, endpoint, err, targets[tc.want], farm.Peer("A").Origin())
			}
		})
	}
}
