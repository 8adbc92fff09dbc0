package scenarios

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The gRPC repoints list gRPC alone: the control's card A's host:port, the
// repointed card B's target in every form, and nothing on A.
func TestRepointedGRPCCards(t *testing.T) {
	origins := func(peer string) string {
		return map[string]string{"A": "https://127.0.0.1:4431", "B": "https://127.0.0.2:4432"}[peer]
	}
	want := map[string][]string{
		"repointed-grpc-endpoint": {"127.0.0.2:4432"},
		"repointed-grpc-target": {"dns:///127.0.0.2:4432", "dns://127.0.0.1:53/127.0.0.2:4432",
			"passthrough:///127.0.0.2:4432", "127.0.0.2:4432"},
	}
	for id, repointed := range want {
		sc, err := Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		a := sc.Peers[sc.CardPeerIndex()]
		for version, urls := range [][]string{{"127.0.0.1:4431"}, repointed} {
			var got []string
			for _, iface := range a.Cards[version](origins).SupportedInterfaces {
				if iface.ProtocolBinding != wire.BindingGRPC || iface.ProtocolVersion != wire.ProtocolVersion {
					t.Errorf("%s v%d: interface %+v", id, version, iface)
				}
				got = append(got, iface.URL)
			}
			if !slices.Equal(got, urls) {
				t.Errorf("%s v%d lists %q, want %q", id, version, got, urls)
			}
		}
	}
}
