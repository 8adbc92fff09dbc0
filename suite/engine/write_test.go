package engine

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Whatever a client sends, a journal file stays within its budget; what
// does not fit is counted.
func TestJournalFileBudget(t *testing.T) {
	big := strings.Repeat("x", 16<<10)
	exs := make([]mockpeer.Exchange, 30000)
	for i := range exs {
		exs[i] = mockpeer.Exchange{Seq: int64(i + 1), Body: big, Response: big, Header: http.Header{"X": {big}}}
	}
	var buf bytes.Buffer
	omitted, err := encodeJournal(&buf, exs)
	if err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 2*wholeJournalBytes+64<<10 || omitted == 0 {
		t.Errorf("journal %d bytes, %d omitted; want at most %d bytes and some omitted", buf.Len(), omitted, 2*wholeJournalBytes)
	}
	small, err := encodeJournal(io.Discard, exs[:10])
	if err != nil || small != 0 {
		t.Errorf("a small journal: omitted %d, %v", small, err)
	}
}
