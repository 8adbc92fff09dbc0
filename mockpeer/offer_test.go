package mockpeer

import (
	"fmt"
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

// Respell rewrites each version's interfaces after the offer, so that a
// respelt card lists the bindings a run selects.
func TestOfferedRespells(t *testing.T) {
	const a = "https://127.0.0.1:1000"
	f := &Farm{peers: []*Peer{{origin: a}}}
	o := func(string) string { return a }
	respell := func(v int, _ Origins, iface wire.AgentInterface) string {
		return fmt.Sprintf("v%d:%s", v, iface.URL)
	}
	for _, tc := range []struct {
		name     string
		selected []string
		want     []string
	}{
		{"every binding", nil, []string{"v1:" + JSONRPCURL(a), "v1:" + RESTURL(a), "v1:" + GRPCTarget(a)}},
		{"gRPC alone", []string{wire.BindingGRPC}, []string{"v1:" + GRPCTarget(a)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := PeerSpec{Name: "A", Bindings: tc.selected, Respell: respell,
				Cards: []CardFunc{NewCard("A").Build, NewCard("A").Build}}
			card := f.offered(spec).Cards[1](o)
			var got []string
			for _, iface := range card.SupportedInterfaces {
				got = append(got, iface.URL)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("interfaces %q, want %q", got, tc.want)
			}
		})
	}
	if spec := (PeerSpec{Name: "A", Cards: []CardFunc{NewCard("A").Build}}); f.offered(spec).Cards[0](o).SupportedInterfaces[0].URL != JSONRPCURL(a) {
		t.Errorf("a spec that selects and respells nothing changed")
	}
}
