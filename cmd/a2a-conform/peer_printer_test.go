package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A terminal that falls behind loses lines, never silently: the printer
// says how many it could not print.
func TestJournalPrinterSaysWhatItSkipped(t *testing.T) {
	p := &journalPrinter{queue: make(chan mockpeer.Exchange, 1)}
	for seq := range int64(3) {
		p.offer(mockpeer.Exchange{Seq: seq + 1, Peer: "A", Method: "GET", Path: "/.well-known/agent-card.json", Status: 200})
	}
	ctx, cancel := context.WithCancel(t.Context())
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { p.run(ctx, &out); close(done) }()
	for len(p.queue) > 0 { // the printer takes the one line queued, then prints it before it looks at ctx again
		runtime.Gosched()
	}
	cancel()
	<-done
	text := out.String()
	if !strings.Contains(text, "… 2 exchanges not printed") || !strings.Contains(text, "#1 peer A GET /.well-known/agent-card.json") {
		t.Errorf("printed:\n%s", text)
	}
}
