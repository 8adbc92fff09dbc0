package scenarios

import (
	"encoding/json"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// announcedHashes returns the contract hashes a response announces under
// the frozen-contract extension: in the metadata of the peer's own status
// message, never anywhere else. The task history echoes the client's
// messages, metadata included, so a hash found there is the client's word.
// The response is a JSON body (JSON-RPC or HTTP+JSON) or an SSE stream
// whose data lines are such bodies.
func announcedHashes(response string) []string {
	docs := []string{response}
	if !strings.HasPrefix(strings.TrimSpace(response), "{") {
		docs = docs[:0]
		for _, line := range strings.Split(response, "\n") {
			if data, ok := strings.CutPrefix(line, "data:"); ok {
				docs = append(docs, data)
			}
		}
	}
	var out []string
	for _, doc := range docs {
		var body struct {
			Result *statusCarrier `json:"result"`
			statusCarrier
		}
		if json.Unmarshal([]byte(doc), &body) != nil {
			continue
		}
		c := &body.statusCarrier
		if body.Result != nil {
			c = body.Result
		}
		for _, st := range []*statusOnly{c.asTask(), c.Task, c.StatusUpdate} {
			if h := st.announced(); h != "" {
				out = append(out, h)
			}
		}
	}
	return out
}

// statusCarrier is what may carry a status: a task itself, or a stream
// event wrapping a task or a status update.
type statusCarrier struct {
	Status       *statusMessage `json:"status"`
	Task         *statusOnly    `json:"task"`
	StatusUpdate *statusOnly    `json:"statusUpdate"`
}

type statusOnly struct {
	Status *statusMessage `json:"status"`
}

type statusMessage struct {
	Message *struct {
		// Other entries (progress...) have other shapes: decoded apart.
		Metadata map[string]json.RawMessage `json:"metadata"`
	} `json:"message"`
}

func (c *statusCarrier) asTask() *statusOnly { return &statusOnly{Status: c.Status} }

func (s *statusOnly) announced() string {
	if s == nil || s.Status == nil || s.Status.Message == nil {
		return ""
	}
	var ext struct {
		ContractHash string `json:"contractHash"`
	}
	_ = json.Unmarshal(s.Status.Message.Metadata[mockpeer.FrozenContractExtension], &ext)
	return ext.ContractHash
}
