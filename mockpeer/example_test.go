package mockpeer_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A peer whose card rotates right after its first card response; the
// journal shows which version each response carried.
func ExampleStart() {
	v1 := mockpeer.NewCard("A").Bindings(wire.BindingJSONRPC).Skills(mockpeer.Skill("echo", "Echoes.", "demo"))
	farm, err := mockpeer.Start(context.Background(), mockpeer.FarmSpec{
		Peers: []mockpeer.PeerSpec{{
			Name:      "A",
			Skill:     "echo",
			Cards:     []mockpeer.CardFunc{v1.Build, v1.Version("1.1.0").Build},
			Caching:   mockpeer.Caching{CacheControl: "max-age=300"},
			Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterCardResponses, N: 1}, To: 1}},
		}},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer farm.Close()

	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(farm.CAPEM())
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	defer client.CloseIdleConnections()
	for range 2 {
		resp, err := client.Get(farm.Peer("A").CardURL())
		if err != nil {
			log.Fatal(err)
		}
		resp.Body.Close()
	}

	// Each connection is journaled too (route connection), with the
	// sequence number of its accept: the first one, its body left unread,
	// was closed by the client, which made a second.
	for _, e := range farm.Journal().All() {
		if e.Route == journal.RouteCard {
			fmt.Println(e.Seq, e.Route, e.Status, "card version", e.CardVersion)
		}
	}
	// Output:
	// 2 agent-card 200 card version 0
	// 4 agent-card 200 card version 1
}

// Hooks compose with triggers: this peer rotates to card version 1 after
// its first task is created, and only from then on does CancelTask demand
// a client certificate.
func ExampleHooks() {
	cancelNeedsMTLSFromV1 := func(s mockpeer.State, r *http.Request, call *agent.Call) *agent.Error {
		if s.Version < 1 {
			return nil
		}
		return mockpeer.CancelRequiresMTLS()(s, r, call)
	}
	_ = mockpeer.PeerSpec{
		Name:      "A",
		Skill:     "echo",
		Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterSend, N: 1}, To: 1}},
		Hooks: mockpeer.Hooks{
			Admit:        cancelNeedsMTLSFromV1,
			StepMetadata: mockpeer.AnnounceContractHash(),
		},
	}
}

// A change on the harness's schedule: the card goes from open to bearer
// required before the client's next send. This client never fetches the
// card, yet its bare send is judged, and journaled, under the new card.
func ExamplePeer_Arm() {
	open := mockpeer.NewCard("A").Bindings(wire.BindingJSONRPC).Skills(mockpeer.Skill("echo", "Echoes.", "demo"))
	farm, err := mockpeer.Start(context.Background(), mockpeer.FarmSpec{
		Peers: []mockpeer.PeerSpec{{
			Name:  "A",
			Skill: "echo",
			Cards: []mockpeer.CardFunc{
				open.Build,
				open.Security(mockpeer.BearerScheme(), wire.Require(mockpeer.SchemeBearer)).Version("2").Build,
			},
		}},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer farm.Close()
	peer := farm.Peer("A")
	if err := peer.Arm(1); err != nil {
		log.Fatal(err)
	}

	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(farm.CAPEM())
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	defer client.CloseIdleConnections()
	send := `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}`
	req, _ := http.NewRequest(http.MethodPost, mockpeer.JSONRPCURL(peer.Origin()), strings.NewReader(send))
	req.Header.Set("A2A-Version", "1.0")
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()

	for _, e := range farm.Journal().All() {
		if e.Route == journal.RouteA2A { // not the connection, journaled once it ends
			fmt.Println(e.Op, "card version", e.CardVersion, "admitted", e.Auth.Admitted)
		}
	}
	// Output:
	// SendMessage card version 1 admitted false
}
