package journal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// maxJSONLine bounds one line DecodeJSONLines reads: far above any
// exchange the journal's bounds let through.
const maxJSONLine = 64 << 20

// DecodeJSONLines decodes the JSON lines of a journal (WriteJSONLines, a
// report's journals/SCENARIO.jsonl), one exchange a line; blank lines are
// skipped. On a line that does not decode it returns the exchanges before
// it and the line's number.
func DecodeJSONLines(raw []byte) ([]Exchange, error) {
	var out []Exchange
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64<<10), maxJSONLine)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var e Exchange
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return out, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	return out, nil
}
