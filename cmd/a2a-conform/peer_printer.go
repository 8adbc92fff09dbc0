package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// journalPrinter prints a peer's exchanges one line each, off the request
// path: a peer only hands an exchange over (never waiting), and the lines
// are formatted and written here, buffered and flushed every flushInterval,
// so a terminal costs a loaded peer neither latency nor a system call per
// request, and a person still sees each line at once. What a slow terminal could not take is counted and
// said, never silently lost: the admin journal has every exchange.
type journalPrinter struct {
	queue   chan mockpeer.Exchange
	skipped atomic.Int64
}

// flushInterval is how long a printed line may wait in the buffer.
const flushInterval = 50 * time.Millisecond

func newJournalPrinter() *journalPrinter {
	return &journalPrinter{queue: make(chan mockpeer.Exchange, 4096)}
}

// offer is the farm's OnExchange hook.
func (p *journalPrinter) offer(ex mockpeer.Exchange) {
	select {
	case p.queue <- ex:
	default:
		p.skipped.Add(1)
	}
}

// run prints until ctx ends.
func (p *journalPrinter) run(ctx context.Context, w io.Writer) {
	out := bufio.NewWriterSize(w, 64<<10)
	defer out.Flush()
	tick := time.NewTicker(flushInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if out.Buffered() > 0 {
				out.Flush()
			}
		case ex := <-p.queue:
			if n := p.skipped.Swap(0); n > 0 {
				fmt.Fprintf(out, "… %d exchanges not printed: the terminal fell behind (the admin journal has them)\n", n)
			}
			out.WriteString(ex.Line())
			out.WriteByte('\n')
		}
	}
}
