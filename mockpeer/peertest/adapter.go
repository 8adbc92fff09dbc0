package peertest

import (
	"context"
	"errors"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The one-peer farm the driver-contract adapters of the real SDKs are
// tested against, once per kind of credential.

const (
	// AdapterPeer is the name of the adapter farm's one peer.
	AdapterPeer = "A"
	// AdapterSkill is the one skill its card lists.
	AdapterSkill = "summarize"
)

// Schemes builds a card's securitySchemes once the origins are known.
type Schemes = mockpeer.Schemes

// AdapterCard is a one-skill card with the given security, no streaming,
// and JSON-RPC then HTTP+JSON interfaces of protocol version pv.
func AdapterCard(description string, schemes Schemes, req wire.SecurityRequirement, pv string) mockpeer.CardFunc {
	return mockpeer.NewCard(AdapterPeer).Name("adapter test peer").Description(description).Provider(nil).
		Streaming(false).ProtocolVersion(pv).Security(schemes, req).
		Skills(mockpeer.Skill(AdapterSkill, "Summarizes.", "test")).Build
}

// The schemes the adapters are tested with, one per kind of credential.
var (
	// BearerSchemes is an HTTP Bearer scheme named "bearer".
	BearerSchemes = mockpeer.BearerScheme()
	// OAuthSchemes is an oauth2 client-credentials scheme named "oauth"
	// whose token URL is the adapter peer's.
	OAuthSchemes = mockpeer.OAuthScheme(AdapterPeer, map[string]string{"a2a.tasks": "delegate"})
	// APIKeySchemes is a header API key scheme named "apikey".
	APIKeySchemes = mockpeer.APIKeyScheme()
	// MTLSSchemes is a mutual-TLS scheme named "mtls".
	MTLSSchemes = mockpeer.MTLSScheme("")
)

// CredentialCase is one kind of credential: what the farm grants, what the
// card asks for, and what the journal must show presented.
type CredentialCase struct {
	Name      string
	Grants    mockpeer.Grants
	Schemes   Schemes
	Req       wire.SecurityRequirement
	Presented string
}

// CredentialCases lists every kind of credential an adapter must wire.
func CredentialCases() []CredentialCase {
	return []CredentialCase{
		{"bearer", mockpeer.Grants{Bearer: true}, BearerSchemes, wire.Require("bearer"), "bearer"},
		{"oauth2 client credentials", mockpeer.Grants{OAuth: true}, OAuthSchemes,
			wire.SecurityRequirement{Schemes: map[string]wire.StringList{"oauth": {List: []string{"a2a.tasks"}}}}, "oauth-token"},
		{"api key", mockpeer.Grants{APIKey: true}, APIKeySchemes, wire.Require("apikey"), "api-key"},
		{"mtls", mockpeer.Grants{ClientCert: true}, MTLSSchemes, wire.Require("mtls"), "client-cert"},
	}
}

// StartAdapterFarm starts one peer serving card, granting grants, whose
// tasks go WORKING then COMPLETED. flatScopes serves securityRequirements
// in the flat shape. Close the farm when done; it also closes when ctx is.
func StartAdapterFarm(ctx context.Context, card mockpeer.CardFunc, grants mockpeer.Grants, flatScopes bool) (*mockpeer.Farm, error) {
	return startOnePeer(ctx, grants, adapterPeer(card, flatScopes))
}

// StartGRPCAdapterFarm is StartAdapterFarm with the peer offering gRPC
// alone: its card lists one gRPC interface (host:port), as under
// a2a-conform run --bindings grpc.
func StartGRPCAdapterFarm(ctx context.Context, card mockpeer.CardFunc, grants mockpeer.Grants, flatScopes bool) (*mockpeer.Farm, error) {
	peer := adapterPeer(card, flatScopes)
	peer.Bindings = []string{wire.BindingGRPC}
	return startOnePeer(ctx, grants, peer)
}

func adapterPeer(card mockpeer.CardFunc, flatScopes bool) mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		Name: AdapterPeer, Skill: AdapterSkill, Cards: []mockpeer.CardFunc{card}, FlatSecurityScopes: flatScopes,
		Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
			{State: wire.TaskStateWorking, Progress: 50},
			{State: wire.TaskStateCompleted, Progress: 100},
		}},
	}
}

// CheckBinding checks that every A2A request of the journal went over
// binding.
func CheckBinding(recorded []journal.Exchange, binding string) error {
	var errs []error
	for _, ex := range A2ACalls(recorded) {
		if ex.Binding != binding {
			errs = append(errs, errors.New(ex.Line()+": want "+binding))
		}
	}
	return errors.Join(errs...)
}

// A2ACalls returns the journal's A2A requests (no card, token or JWKS
// fetches).
func A2ACalls(recorded []journal.Exchange) []journal.Exchange {
	var calls []journal.Exchange
	for _, ex := range recorded {
		if ex.Route == journal.RouteA2A {
			calls = append(calls, ex)
		}
	}
	return calls
}

// CheckCredentialCalls checks that the journal holds SendMessage and at
// least one GetTask, and that every A2A request presented the presented
// credential and satisfied the card.
func CheckCredentialCalls(recorded []journal.Exchange, presented string) error {
	var errs []error
	calls := A2ACalls(recorded)
	for _, ex := range calls {
		if !slices.Contains(ex.Auth.Presented, presented) || !ex.Auth.SatisfiesCurrent {
			errs = append(errs, errors.New(ex.Line()+": want "+presented+" presented and satisfying the card"))
		}
	}
	if len(calls) < 2 {
		errs = append(errs, errors.New("want SendMessage and at least one GetTask\n"+JournalLines(recorded)))
	}
	return errors.Join(errs...)
}
