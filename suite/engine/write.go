package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Paths of the files a run writes. Empty JSON and JUnit paths mean
// report.json and junit.xml inside Dir.
type Paths struct {
	Dir, JSON, JUnit string
}

// WriteReports writes the journals (journals/SCENARIO.jsonl), report.json
// and junit.xml. Call it after Finish.
func (e *Engine) WriteReports(p Paths) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := os.MkdirAll(filepath.Join(p.Dir, "journals"), 0o755); err != nil {
		return fmt.Errorf("engine: report dir: %w", err)
	}
	for _, rec := range e.rep.Scenarios {
		journal, ok := e.journals[rec.ID]
		if !ok {
			continue
		}
		name := filepath.Join("journals", rec.ID+".jsonl")
		if err := os.WriteFile(filepath.Join(p.Dir, name), journal, 0o644); err != nil {
			return fmt.Errorf("engine: journal: %w", err)
		}
		rec.JournalFile = name
	}
	if p.JSON == "" {
		p.JSON = filepath.Join(p.Dir, "report.json")
	}
	if p.JUnit == "" {
		p.JUnit = filepath.Join(p.Dir, "junit.xml")
	}
	if err := e.rep.WriteJSON(p.JSON); err != nil {
		return err
	}
	return e.rep.WriteJUnit(p.JUnit)
}

// Journal file budget: whatever a client sends, a scenario's journal file
// stays under wholeJournalBytes of whole exchanges plus as much again of
// compact ones (no headers, bodies or metadata), so that a run's report
// folder stays small. What does not fit is counted in the report.
const wholeJournalBytes = 2 << 20

// encodeJournal writes exs as JSON lines within the budget and returns how
// many it left out.
func encodeJournal(out io.Writer, exs []mockpeer.Exchange) (omitted int, err error) {
	w := &countingWriter{w: out}
	enc := json.NewEncoder(w)
	for i, ex := range exs {
		if w.n >= wholeJournalBytes {
			ex.Header, ex.Body, ex.Response, ex.RequestMetadata = nil, "", "", nil
			ex.Truncated = append(ex.Truncated, "journal-file")
		}
		if w.n >= 2*wholeJournalBytes {
			omitted = len(exs) - i
			break
		}
		if err = enc.Encode(ex); err != nil {
			return omitted, fmt.Errorf("engine: journal: %w", err)
		}
	}
	return omitted, nil
}

type countingWriter struct {
	w io.Writer
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += n
	return n, err
}

// Journal decodes the journal kept of a played scenario (nil if it was not
// played): every exchange within the journal file budget.
func (e *Engine) Journal(scenario string) ([]mockpeer.Exchange, error) {
	e.mu.Lock()
	raw := e.journals[scenario]
	e.mu.Unlock()
	var out []mockpeer.Exchange
	dec := json.NewDecoder(bytes.NewReader(raw))
	for dec.More() {
		var ex mockpeer.Exchange
		if err := dec.Decode(&ex); err != nil {
			return out, fmt.Errorf("engine: journal of %s: %w", scenario, err)
		}
		out = append(out, ex)
	}
	return out, nil
}
