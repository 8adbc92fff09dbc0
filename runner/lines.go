package runner

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// lineSplitter reads a session-mode client's stdout: a line that is a JSON
// object with a "task" member is an outcome line, sent on outcomes; every
// other line (logs) is written to rest. A line longer than driver.MaxLine
// is output, not an outcome.
type lineSplitter struct {
	rest     io.Writer
	outcomes chan<- driver.OutcomeLine
	partial  []byte
	// overlong: part of the current line already went to rest, so the
	// remainder up to its newline is output too.
	overlong bool
}

func (l *lineSplitter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			l.partial = append(l.partial, p...)
			if len(l.partial) > driver.MaxLine {
				_, _ = l.rest.Write(l.partial)
				l.partial = l.partial[:0]
				l.overlong = true
			}
			break
		}
		line := append(l.partial, p[:i+1]...)
		l.partial = nil
		p = p[i+1:]
		overlong := l.overlong || len(line) > driver.MaxLine
		l.overlong = false
		if o, ok := outcomeLine(line); ok && !overlong {
			select {
			case l.outcomes <- o:
			default: // a client flooding outcome lines: the runner reads one per task
				_, _ = l.rest.Write(line)
			}
			continue
		}
		_, _ = l.rest.Write(line)
	}
	return n, nil
}

// outcomeLine parses one line; ok when it is an object with a task number.
// An outcome that does not parse is still the task's answer: its problem is
// reported as the outcome's (driver.ParseOutcome).
func outcomeLine(line []byte) (driver.OutcomeLine, bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return driver.OutcomeLine{}, false
	}
	var head struct {
		Task *int `json:"task"`
	}
	if err := json.Unmarshal(line, &head); err != nil || head.Task == nil {
		return driver.OutcomeLine{}, false
	}
	return driver.OutcomeLine{Task: *head.Task, Raw: append([]byte(nil), line...)}, true
}
