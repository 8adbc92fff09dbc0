package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// exchangeNote says what the peer's record adds to the line: a validator
// it never served, an answer it held to the task's end, a bound of the
// journal met.
func exchangeNote(l journal.Exchange) string {
	var notes []string
	if v := l.Validators; v != nil && v.Unserved > 0 {
		n := fmt.Sprintf("%d of %d validators never served", v.Unserved, v.TagCount+v.DateCount)
		if v.Star {
			n += ", \"*\" among them"
		}
		notes = append(notes, n)
	}
	if l.Blocking {
		notes = append(notes, "held to the task's end")
	}
	for _, c := range l.Cuts {
		size := fmt.Sprint(c.Seen)
		if c.AtLeast {
			size = "≥" + size
		}
		notes = append(notes, fmt.Sprintf("%s cut to %d of %s", c.Field, c.Limit, size))
	}
	return strings.Join(notes, "; ")
}

// ReadJournals reads the journals a report's scenarios name, relative to
// the directory of report.json at reportPath: scenario id → exchanges.
// A scenario without a journal file is left out.
func ReadJournals(reportPath string, r *Report) (map[string][]journal.Exchange, error) {
	files, err := ReadJournalFiles(reportPath, r)
	if err != nil {
		return nil, err
	}
	out := map[string][]journal.Exchange{}
	for _, sc := range r.Scenarios {
		raw, ok := files[sc.ID]
		if !ok {
			continue
		}
		lines, err := journal.DecodeJSONLines(raw)
		if err != nil {
			return nil, fmt.Errorf("report: journal of %s: %w", sc.ID, err)
		}
		out[sc.ID] = lines
	}
	return out, nil
}

// ReadJournalFiles reads the journals a report's scenarios name, as they
// were written, relative to the directory of report.json at reportPath:
// scenario id → the file's bytes. A scenario without a journal file is
// left out.
func ReadJournalFiles(reportPath string, r *Report) (map[string][]byte, error) {
	dir := filepath.Dir(reportPath)
	out := map[string][]byte{}
	for _, sc := range r.Scenarios {
		if sc.JournalFile == "" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, sc.JournalFile))
		if err != nil {
			return nil, fmt.Errorf("report: journal of %s: %w", sc.ID, err)
		}
		out[sc.ID] = raw
	}
	return out, nil
}
