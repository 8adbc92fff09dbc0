package runner

import (
	"bytes"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestLineSplitterSeparatesOutcomesFromLogs(t *testing.T) {
	var rest bytes.Buffer
	outcomes := make(chan driver.OutcomeLine, 4)
	l := &lineSplitter{rest: &rest, outcomes: outcomes}
	_, _ = l.Write([]byte("log line\n{\"task\":1,\"outcome\":\"comp"))
	_, _ = l.Write([]byte("leted\"}\n"))
	if len(outcomes) != 1 {
		t.Fatalf("%d outcome lines, want 1", len(outcomes))
	}
	if got := (<-outcomes).Task; got != 1 {
		t.Errorf("task %d, want 1", got)
	}
	if rest.String() != "log line\n" {
		t.Errorf("rest %q, want the log line", rest.String())
	}
}

// The tail of an over-long line must not become an outcome, whether the
// line arrives in pieces or in one write.
func TestLineSplitterOverlongLineIsOutput(t *testing.T) {
	tail := `{"task":1,"outcome":"completed"}` + "\n"
	filler := strings.Repeat("x", driver.MaxLine+1)
	for name, writes := range map[string][]string{
		"pieces":    {filler, tail},
		"one write": {filler + tail},
		"split":     {filler[:10], filler[10:] + tail},
	} {
		var rest bytes.Buffer
		outcomes := make(chan driver.OutcomeLine, 4)
		l := &lineSplitter{rest: &rest, outcomes: outcomes}
		for _, w := range writes {
			_, _ = l.Write([]byte(w))
		}
		if len(outcomes) != 0 {
			t.Errorf("%s: an over-long line's tail was taken as an outcome", name)
		}
		if rest.Len() != len(filler)+len(tail) {
			t.Errorf("%s: rest has %d bytes, want the whole line (%d)", name, rest.Len(), len(filler)+len(tail))
		}
		// The next line is read normally.
		_, _ = l.Write([]byte(tail))
		if len(outcomes) != 1 {
			t.Errorf("%s: the line after an over-long one was not read as an outcome", name)
		}
	}
}
