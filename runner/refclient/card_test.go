package refclient

import (
	"encoding/json"
	"errors"
	"testing"
)

// A 200 whose body is not the card is a peer error, never a card that lost
// its contract: the client fails closed instead of reporting a contract
// change the peer never made (contract-model §3 rule 2).
func TestParseCardRefusesWhatIsNoCard(t *testing.T) {
	card, err := json.Marshal(testCard("https://127.0.0.1:1"))
	if err != nil {
		t.Fatal(err)
	}
	c := &Client{cfg: Config{Skill: "summarize"}}
	if _, err := c.parseCard(card); err != nil {
		t.Fatalf("a card: %v", err)
	}
	for name, body := range map[string]string{
		"the card cut off":     string(card[:len(card)/2]),
		"a maintenance notice": `{"status":"maintenance","message":"the agent card is being republished"}`,
		"no interfaces":        `{"name":"test agent","supportedInterfaces":[]}`,
		"an array":             `[]`,
		"null":                 `null`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := c.parseCard([]byte(body))
			if !errors.Is(err, ErrPeer) || errors.Is(err, ErrContractChanged) {
				t.Errorf("parseCard(%q) = %v, want an ErrPeer", body, err)
			}
		})
	}
}
