package engine

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
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

// A report file that cannot be written leaves no report.json behind and
// turns the run's exit code into a harness error.
func TestWriteReportsFailureIsAHarnessError(t *testing.T) {
	e, err := Run(t.Context(), Options{Client: completes, Catalog: []*scenarios.Scenario{faultyScenario("ok", func() {})}})
	if err != nil {
		t.Fatal(err)
	}
	if code := e.Report().ExitCode; code == report.ExitHarness {
		t.Fatalf("exit %d before writing, want a verdict's exit", code)
	}
	dir := t.TempDir()
	err = e.WriteReports(Paths{Dir: dir, JUnit: filepath.Join(dir, "missing", "junit.xml")})
	if err == nil {
		t.Fatal("no error writing junit.xml into a missing folder")
	}
	if _, err := os.Stat(filepath.Join(dir, "report.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("report.json left behind after a failed write (stat: %v)", err)
	}
	if code := e.Report().ExitCode; code != report.ExitHarness {
		t.Errorf("exit %d after a failed write, want %d", code, report.ExitHarness)
	}
}
