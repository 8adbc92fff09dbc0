package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A terminal that falls behind loses lines, never silently: the printer
// says how many it could not print.
func TestJournalPrinterSaysWhatItSkipped(t *testing.T) {
	p := newJournalPrinterSized(1, linesPerInterval)
	for seq := range int64(3) {
		p.offer(journal.Exchange{Seq: seq + 1, Peer: "A", Method: "GET", Path: "/.well-known/agent-card.json", Status: 200})
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the printer prints what is queued when it stops
	var out bytes.Buffer
	p.run(ctx, &out)
	text := out.String()
	if !strings.Contains(text, "… 2 exchanges not printed") || !strings.Contains(text, "#1 peer A GET /.well-known/agent-card.json") {
		t.Errorf("printed:\n%s", text)
	}
}

// Past its budget of lines an interval, the printer takes nothing more from
// the peer and says how much it left out; the next interval prints again.
func TestJournalPrinterKeepsToItsBudget(t *testing.T) {
	p := newJournalPrinterSized(10, 2)
	for seq := range int64(5) {
		p.offer(journal.Exchange{Seq: seq + 1, Peer: "A", Method: "GET", Path: "/", Status: 404})
	}
	if len(p.queue) != 2 {
		t.Fatalf("queued %d exchanges, want the budget of 2", len(p.queue))
	}
	var out bytes.Buffer
	p.interval(&out)
	if !strings.HasPrefix(out.String(), "… 3 exchanges not printed (over 2000 lines a second") {
		t.Errorf("interval printed %q", out.String())
	}
	p.offer(journal.Exchange{Seq: 6})
	if len(p.queue) != 3 || p.skipped.Load() != 0 {
		t.Errorf("after the interval: %d queued, %d skipped; want 3 and 0", len(p.queue), p.skipped.Load())
	}
}
