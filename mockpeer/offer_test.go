package mockpeer

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestOfferBindings(t *testing.T) {
	const a, b = "https://127.0.0.1:1000", "https://127.0.0.2:2000"
	iface := func(binding, origin, version string) wire.AgentInterface {
		return wire.AgentInterface{URL: interfaceURL(binding, origin), ProtocolBinding: binding, ProtocolVersion: version}
	}
	foreign := wire.AgentInterface{URL: "https://elsewhere.example/rpc", ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: "1.0"}
	standard := []wire.AgentInterface{iface(wire.BindingJSONRPC, a, "1.0"), iface(wire.BindingHTTPJSON, a, "1.0"), iface(wire.BindingGRPC, a, "1.0")}
	twoBindings := standard[:2:2]
	tests := []struct {
		name     string
		card     []wire.AgentInterface
		selected []string
		want     []wire.AgentInterface
	}{
		{"all three: the card as it is", standard, AllBindings, standard},
		{"the HTTP ones: gRPC left out", standard, []string{wire.BindingJSONRPC, wire.BindingHTTPJSON}, twoBindings},
		{"a card without gRPC gets none added", twoBindings, AllBindings, twoBindings},
		{"gRPC alone", standard, []string{wire.BindingGRPC}, []wire.AgentInterface{iface(wire.BindingGRPC, a, "1.0")}},
		{"HTTP+JSON alone", standard, []string{wire.BindingHTTPJSON}, []wire.AgentInterface{iface(wire.BindingHTTPJSON, a, "1.0")}},
		{"a card listing JSON-RPC alone keeps doing so",
			[]wire.AgentInterface{iface(wire.BindingJSONRPC, a, "2.0")}, AllBindings,
			[]wire.AgentInterface{iface(wire.BindingJSONRPC, a, "2.0")}},
		{"a group the selection empties gets the selection",
			[]wire.AgentInterface{iface(wire.BindingJSONRPC, a, "2.0")}, []string{wire.BindingGRPC, wire.BindingHTTPJSON},
			[]wire.AgentInterface{iface(wire.BindingHTTPJSON, a, "2.0"), iface(wire.BindingGRPC, a, "2.0")}},
		{"another peer's origin, and a foreign url kept",
			[]wire.AgentInterface{foreign, iface(wire.BindingHTTPJSON, b, "1.0"), iface(wire.BindingJSONRPC, b, "1.0")}, []string{wire.BindingGRPC},
			[]wire.AgentInterface{foreign, iface(wire.BindingGRPC, b, "1.0")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := offerBindings(tc.card, tc.selected, []string{a, b}); !slices.Equal(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestBindingsValidated(t *testing.T) {
	for _, bad := range [][]string{{}, {"SOAP"}} {
		_, err := Start(t.Context(), FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{{Name: "A", Cards: []CardFunc{testCard("A")}, Bindings: bad}}})
		if err == nil {
			t.Errorf("Bindings %q accepted", bad)
		}
	}
}
