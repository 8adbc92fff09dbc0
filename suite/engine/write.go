package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Paths of the files a run writes. Empty JSON, JUnit and HTML paths mean
// report.json, junit.xml and report.html inside Dir. ACTS, if not empty,
// is a folder for the ACTS reports, one per binding (docs/acts.md).
type Paths struct {
	Dir, JSON, JUnit, HTML, ACTS string
}

// WriteReports writes the journals (journals/SCENARIO.jsonl, and the
// readable journals/SCENARIO.txt, one exchange a line), report.json,
// junit.xml, report.html and, if asked, the ACTS reports. Call it after
// Finish. report.json is written last, so that a failed write never leaves
// it behind; on any failure the report's exit code is ExitHarness.
func (e *Engine) WriteReports(p Paths) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := WriteReport(p, e.rep, e.journals); err != nil {
		e.rep.ExitCode = report.ExitHarness
		return err
	}
	return nil
}

// WriteReport writes every output of a finished report, as a run does:
// the journals (JSON lines by scenario ID, as the run kept them, and their
// text form), report.json, junit.xml and report.html. `a2a-conform merge`
// writes a merged report with it.
func WriteReport(p Paths, rep *report.Report, journals map[string][]byte) error {
	if err := ClearVerdicts(p); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(p.Dir, "journals"), 0o755); err != nil {
		return fmt.Errorf("engine: report dir: %w", err)
	}
	htmlJournals := map[string][]journal.Exchange{}
	for _, rec := range rep.Scenarios {
		raw, ok := journals[rec.ID]
		if !ok {
			continue
		}
		name := filepath.Join("journals", rec.ID+".jsonl")
		if err := os.WriteFile(filepath.Join(p.Dir, name), raw, 0o644); err != nil {
			return fmt.Errorf("engine: journal: %w", err)
		}
		rec.JournalFile = name
		exs, err := journal.DecodeJSONLines(raw)
		if err != nil {
			return fmt.Errorf("engine: journal of %s: %w", rec.ID, err)
		}
		htmlJournals[rec.ID] = exs
		if err := writeJournalText(filepath.Join(p.Dir, "journals", rec.ID+".txt"), exs); err != nil {
			return err
		}
	}
	p = p.withDefaults()
	var page bytes.Buffer
	if err := report.WriteHTML(&page, rep, htmlJournals); err != nil {
		return err
	}
	junit, err := rep.JUnit()
	if err != nil {
		return err
	}
	var acts []report.ACTSFile
	if p.ACTS != "" {
		if acts, err = rep.ACTS(); err != nil {
			return err
		}
	}
	if err := os.WriteFile(p.HTML, page.Bytes(), 0o644); err != nil {
		return fmt.Errorf("engine: html report: %w", err)
	}
	if err := os.WriteFile(p.JUnit, junit, 0o644); err != nil {
		return fmt.Errorf("engine: junit: %w", err)
	}
	if p.ACTS != "" {
		if _, err := report.WriteACTSFiles(p.ACTS, acts); err != nil {
			return err
		}
	}
	return rep.WriteJSON(p.JSON)
}

func (p Paths) withDefaults() Paths {
	if p.JSON == "" {
		p.JSON = filepath.Join(p.Dir, "report.json")
	}
	if p.JUnit == "" {
		p.JUnit = filepath.Join(p.Dir, "junit.xml")
	}
	if p.HTML == "" {
		p.HTML = filepath.Join(p.Dir, "report.html")
	}
	return p
}

// ClearVerdicts removes the report.json and junit.xml an earlier run left
// at p: a run that then fails to write its own (or dies) must not leave a
// CI reading the earlier verdicts as this run's.
func ClearVerdicts(p Paths) error {
	p = p.withDefaults()
	for _, path := range []string{p.JSON, p.JUnit} {
		if err := clearStale(path); err != nil {
			return fmt.Errorf("engine: removing the earlier %s: %w", path, err)
		}
	}
	return nil
}

// clearStale removes the verdict file at path: a regular file is removed,
// one reached through a symbolic link emptied (the link is the user's, and
// the run writes through it). Anything else is no earlier verdict and is
// left alone: `--junit /dev/null` must not delete the device, nor
// `--json` an empty directory.
func clearStale(path string) error {
	link, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if link.Mode().IsRegular() {
		return os.Remove(path)
	}
	if link.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	if target, err := os.Stat(path); err != nil || !target.Mode().IsRegular() {
		return nil // a dangling link or one to a device: no verdict behind it
	}
	return os.Truncate(path, 0)
}

// writeJournalText writes the journal's exchanges in the one-line form
// the peer prints (Exchange.Line), one exchange a line.
func writeJournalText(path string, exs []journal.Exchange) error {
	var b bytes.Buffer
	for _, ex := range exs {
		b.WriteString(ex.Line())
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("engine: journal text: %w", err)
	}
	return nil
}

// Journal file budget: whatever a client sends, a scenario's journal file
// stays under wholeJournalBytes of whole exchanges plus as much again of
// compact ones (no headers, bodies or metadata), so that a run's report
// folder stays small. What does not fit is counted in the report.
const wholeJournalBytes = 2 << 20

// encodeJournal writes exs as JSON lines within the budget and returns how
// many it left out.
func encodeJournal(out io.Writer, exs []journal.Exchange) (omitted int, err error) {
	return encodeJournalHashing(out, nil, exs)
}

// encodeJournalDigest is encodeJournal that also returns digest(exs),
// encoding each exchange once: the line a whole exchange is written as is
// the line the digest hashes (journaling is most of what a flood costs
// the engine, and the journal was encoded twice).
func encodeJournalDigest(out io.Writer, exs []journal.Exchange) (omitted int, sum string, err error) {
	h := sha256.New()
	if omitted, err = encodeJournalHashing(out, h, exs); err != nil {
		return omitted, "", err
	}
	return omitted, "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// encodeJournalHashing is encodeJournal writing every exchange, whole, to
// h too (if not nil): those the file leaves out as well.
func encodeJournalHashing(out, h io.Writer, exs []journal.Exchange) (omitted int, err error) {
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	written := 0
	for i, ex := range exs {
		if omitted == 0 && written >= 2*wholeJournalBytes {
			omitted = len(exs) - i
		}
		if omitted > 0 && h == nil {
			break
		}
		headline := written >= wholeJournalBytes
		if h != nil || !headline {
			line.Reset()
			if err := enc.Encode(ex); err != nil {
				return omitted, fmt.Errorf("engine: journal: %w", err)
			}
		}
		if h != nil {
			h.Write(line.Bytes())
		}
		if omitted > 0 {
			continue // hashed only
		}
		if headline {
			ex.Header, ex.Body, ex.Response, ex.RequestMetadata = nil, "", "", nil
			ex.Truncated = append(slices.Clip(ex.Truncated), "journal-file")
			line.Reset()
			if err := enc.Encode(ex); err != nil {
				return omitted, fmt.Errorf("engine: journal: %w", err)
			}
		}
		n, err := out.Write(line.Bytes())
		written += n
		if err != nil {
			return omitted, fmt.Errorf("engine: journal: %w", err)
		}
	}
	return omitted, nil
}

// Journal decodes the journal kept of a played scenario (nil if it was not
// played): every exchange within the journal file budget.
func (e *Engine) Journal(scenario string) ([]journal.Exchange, error) {
	e.mu.Lock()
	raw := e.journals[scenario]
	e.mu.Unlock()
	out, err := journal.DecodeJSONLines(raw)
	if err != nil {
		return out, fmt.Errorf("engine: journal of %s: %w", scenario, err)
	}
	return out, nil
}
