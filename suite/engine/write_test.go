package engine

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Whatever a client sends, a journal file stays within its budget; what
// does not fit is counted.
func TestJournalFileBudget(t *testing.T) {
	big := strings.Repeat("x", 16<<10)
	exs := make([]journal.Exchange, 30000)
	for i := range exs {
		exs[i] = journal.Exchange{Seq: int64(i + 1), Body: big, Response: big, Header: http.Header{"X": {big}}}
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

// The digest a played scenario records is of every exchange whole, however
// little its journal file keeps: the file keeps exchanges whole up to the
// budget, then their headlines, then leaves the rest out.
func TestJournalDigestCoversEveryExchange(t *testing.T) {
	big := strings.Repeat("x", 64<<10)
	exs := make([]journal.Exchange, 12000)
	for i := range exs {
		exs[i] = journal.Exchange{Seq: int64(i + 1), Route: journal.RouteCard, Status: 200}
		if i < 40 { // past the whole budget
			exs[i].Body, exs[i].Response = big, big
		}
	}
	var buf bytes.Buffer
	omitted, sum, err := encodeJournalDigest(&buf, exs)
	if err != nil {
		t.Fatal(err)
	}
	if want := digest(exs); sum != want {
		t.Errorf("digest %s, want %s (every exchange whole)", sum, want)
	}
	var plain bytes.Buffer
	if n, err := encodeJournal(&plain, exs); err != nil || n != omitted || !bytes.Equal(plain.Bytes(), buf.Bytes()) {
		t.Errorf("the file differs from encodeJournal's (%d omitted, %d; %v)", omitted, n, err)
	}
	kept, err := journal.DecodeJSONLines(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if omitted == 0 || len(kept)+omitted != len(exs) || kept[0].Body != big || slices.Contains(kept[0].Truncated, "journal-file") {
		t.Errorf("%d kept + %d omitted of %d; the first whole: %v", len(kept), omitted, len(exs), kept[0].Body == big)
	}
	if last := kept[len(kept)-1]; last.Body != "" || !slices.Contains(last.Truncated, "journal-file") {
		t.Errorf("the last exchange kept is whole past the budget: body %d bytes, truncated %v", len(last.Body), last.Truncated)
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

// A run clears earlier verdicts, and only verdicts: a regular file goes, a
// file behind the user's link is emptied and the link kept, and a FIFO
// (standing in for /dev/null, which only root can make) or a directory
// given as --junit or --json survives.
func TestClearVerdictsTouchesOnlyVerdictFiles(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(at("old.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(at("target.xml"), []byte("<testsuites/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(at("target.xml"), at("link.xml")); err != nil {
		t.Fatal(err)
	}
	if err := ClearVerdicts(Paths{Dir: dir, JSON: at("old.json"), JUnit: at("link.xml")}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(at("old.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the earlier report.json: %v, want removed", err)
	}
	if fi, err := os.Lstat(at("link.xml")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the user's link: %v, want kept", err)
	}
	if b, err := os.ReadFile(at("target.xml")); err != nil || len(b) != 0 {
		t.Errorf("the verdict behind the link: %q, %v; want emptied", b, err)
	}

	if err := syscall.Mkfifo(at("fifo"), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := os.Mkdir(at("empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := ClearVerdicts(Paths{Dir: dir, JSON: at("empty"), JUnit: at("fifo")}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fifo", "empty"} {
		if _, err := os.Lstat(at(name)); err != nil {
			t.Errorf("%s given as a verdict path was removed: %v", name, err)
		}
	}
}
