package cardsig_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
)

func ExampleCanonicalPayload() {
	// The worked example of spec §8.4.1.
	payload, err := cardsig.CanonicalPayload([]byte(`{
	  "name": "Example Agent",
	  "description": "",
	  "capabilities": {"streaming": false, "pushNotifications": false, "extensions": []},
	  "skills": []
	}`))
	fmt.Println(string(payload), err)
	// Output: {"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]} <nil>
}

func ExampleVerify() {
	card := []byte(`{"name":"Agent","description":"d","version":"1.0.0",` +
		`"supportedInterfaces":[{"url":"https://127.0.0.1:4431/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],` +
		`"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],` +
		`"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}`)
	key, err := cardsig.GenerateKey(cardsig.ES256, "card-key-1")
	if err != nil {
		panic(err)
	}
	signed, err := cardsig.Sign(card, cardsig.Signer{Key: key, JKU: "https://127.0.0.1:4431/.well-known/jwks.json"})
	if err != nil {
		panic(err)
	}

	// Here a trusted store; the reference client fetches the JWKS of the
	// card's own origin instead.
	opts := cardsig.VerifyOptions{
		Algorithms: []string{cardsig.ES256},
		Keys:       cardsig.KeySet(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{key.Public()}}),
	}
	v, err := cardsig.Verify(context.Background(), signed, opts)
	fmt.Println(v.KeyID, v.Algorithm, err)

	repointed := bytes.Replace(signed, []byte("127.0.0.1:4431/a2a"), []byte("127.0.0.2:4432/a2a"), 1)
	_, err = cardsig.Verify(context.Background(), repointed, opts)
	fmt.Println(errors.Is(err, cardsig.ErrNoValidSignature))
	// Output:
	// card-key-1 ES256 <nil>
	// true
}
