package live

import (
	"encoding/json"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A default card's three interfaces, the gRPC host:port target included,
// are all on its peer; interfaces on no farm peer are shown as they are.
func TestSummarizeNamesThePeerOfEveryInterface(t *testing.T) {
	origins := map[string]string{"A": "https://127.0.0.1:4431", "B": "https://127.0.0.2:4432", "C": "https://127.0.0.9:1"}
	peerAt := map[string]string{origins["A"]: "A", origins["B"]: "B"}
	const head = "card 1.0.0 · security none · skills  · endpoints on "
	for peer, want := range map[string]string{
		"A": "peer A",
		"B": "peer B",
		"C": "https://127.0.0.9:1/a2a/jsonrpc, https://127.0.0.9:1/a2a/rest, 127.0.0.9:1",
	} {
		card := mockpeer.NewCard("A").Endpoint(peer).Build(func(p string) string { return origins[p] })
		raw, err := json.Marshal(card)
		if err != nil {
			t.Fatal(err)
		}
		if got := summarize(raw, peerAt); got != head+want {
			t.Errorf("got  %q\nwant %q", got, head+want)
		}
	}
}
