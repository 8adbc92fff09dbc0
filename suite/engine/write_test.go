package engine

import (
	"net/http"
	"os"
	"path/filepath"
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
	path := filepath.Join(t.TempDir(), "j.jsonl")
	omitted, err := writeJournal(path, exs)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 2*wholeJournalBytes+64<<10 || omitted == 0 {
		t.Errorf("journal file %d bytes, %d omitted; want at most %d bytes and some omitted", st.Size(), omitted, 2*wholeJournalBytes)
	}
	small, err := writeJournal(filepath.Join(t.TempDir(), "s.jsonl"), exs[:10])
	if err != nil || small != 0 {
		t.Errorf("a small journal: omitted %d, %v", small, err)
	}
}
