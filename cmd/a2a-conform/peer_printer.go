package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// journalPrinter prints a peer's exchanges one line each, off the request
// path: a peer only hands an exchange over (never waiting), and the lines
// are formatted and written here, every flushInterval, so a terminal costs
// a loaded peer neither latency nor a system call per request, and a
// person still sees each line at once. The printer wakes once an interval
// and takes what was queued: waking it for each line (up to 2,000 a
// second) scheduled a goroutine on a request's path for a line that waits
// for the interval's flush anyway. Under load it prints
// at most linesPerInterval lines per interval: nobody reads thousands of
// lines a second, and a peer under a load test should not spend its CPU
// formatting them. What is not printed, for either reason, is counted and
// said, never silently lost: the admin journal has every exchange.
type journalPrinter struct {
	queue   chan journal.Exchange
	budget  atomic.Int64 // lines still allowed in this interval
	skipped atomic.Int64
}

const (
	// flushInterval is how long a printed line may wait in the buffer.
	flushInterval = 50 * time.Millisecond
	// linesPerInterval bounds the printed lines: 2,000 a second.
	linesPerInterval = 100
)

func newJournalPrinter() *journalPrinter {
	return newJournalPrinterSized(4096, linesPerInterval)
}

func newJournalPrinterSized(queue, budget int) *journalPrinter {
	p := &journalPrinter{queue: make(chan journal.Exchange, queue)}
	p.budget.Store(int64(budget))
	return p
}

// offer is the farm's OnExchange hook. Past the interval's budget it only
// counts: no copy, no channel, nothing woken.
func (p *journalPrinter) offer(ex journal.Exchange) {
	if p.budget.Add(-1) < 0 {
		p.skipped.Add(1)
		return
	}
	select {
	case p.queue <- ex:
	default:
		p.skipped.Add(1)
	}
}

// interval ends one interval: it says what was not printed in it, then
// allows the next interval's lines.
func (p *journalPrinter) interval(out io.Writer) {
	if n := p.skipped.Swap(0); n > 0 {
		fmt.Fprintf(out, "… %d exchanges not printed (over %d lines a second, or the terminal fell behind; the admin journal has them)\n",
			n, linesPerInterval*int(time.Second/flushInterval))
	}
	p.budget.Store(linesPerInterval)
}

// run prints until ctx ends, what is queued then included.
func (p *journalPrinter) run(ctx context.Context, w io.Writer) {
	out := bufio.NewWriterSize(w, 64<<10)
	defer out.Flush()
	tick := time.NewTicker(flushInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			p.print(out)
			p.interval(out)
			return
		case <-tick.C:
			p.print(out)
			p.interval(out)
			if out.Buffered() > 0 {
				out.Flush()
			}
		}
	}
}

// print writes a line for each exchange queued, in the order offered.
func (p *journalPrinter) print(out *bufio.Writer) {
	for {
		select {
		case ex := <-p.queue:
			out.WriteString(ex.Line())
			out.WriteByte('\n')
		default:
			return
		}
	}
}
