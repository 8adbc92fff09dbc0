package engine

import (
	"encoding/json"
	"fmt"
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
		if err := writeJournal(filepath.Join(p.Dir, name), journal); err != nil {
			return err
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

func writeJournal(path string, exs []mockpeer.Exchange) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("engine: journal: %w", err)
	}
	enc := json.NewEncoder(f)
	for _, ex := range exs {
		if err := enc.Encode(ex); err != nil {
			f.Close()
			return fmt.Errorf("engine: journal: %w", err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("engine: journal: %w", err)
	}
	return nil
}
