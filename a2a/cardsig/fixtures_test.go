package cardsig

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/go-jose/go-jose/v4"
)

const testCard = `{"name":"Signed Agent","description":"signs its card","version":"1.0.0",` +
	`"supportedInterfaces":[{"url":"https://127.0.0.2:4432/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],` +
	`"capabilities":{"streaming":true,"pushNotifications":false},"defaultInputModes":["text/plain"],` +
	`"defaultOutputModes":["text/plain"],"skills":[{"id":"summarize","name":"summarize","description":"d","tags":["t"]}]}`

var allAlgs = []string{ES256, ES384, RS256, PS256}

// otherES256 names a second ES256 test key.
const otherES256 = "ES256-other"

// keys are made once per test binary: RSA generation is slow under -race.
var (
	keysOnce sync.Once
	keys     map[string]*Key
)

func testKey(t *testing.T, alg string) *Key {
	t.Helper()
	keysOnce.Do(func() {
		keys = map[string]*Key{}
		for _, a := range allAlgs {
			k, err := GenerateKey(a, "key-"+strings.ToLower(a))
			if err != nil {
				panic(err)
			}
			keys[a] = k
		}
		other, err := GenerateKey(ES256, "key-es256-other")
		if err != nil {
			panic(err)
		}
		keys[otherES256] = other
	})
	return keys[alg]
}

func keySetOf(ks ...*Key) KeySource {
	var set jose.JSONWebKeySet
	for _, k := range ks {
		set.Keys = append(set.Keys, k.Public())
	}
	return KeySet(set)
}

func verifyWith(card []byte, src KeySource, algs ...string) (Verified, error) {
	if algs == nil {
		algs = allAlgs
	}
	return Verify(context.Background(), card, VerifyOptions{Algorithms: algs, Keys: src})
}
