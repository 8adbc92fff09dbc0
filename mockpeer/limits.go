package mockpeer

import (
	"net/http"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// ServerLimits bound what one connection may cost a peer (and the admin
// listener). A zero field means its default; the defaults suit any client
// that means well, so scenarios leave them alone.
type ServerLimits struct {
	// ReadHeaderTimeout bounds the request line and headers (default 10 s).
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds the request body, from the end of the headers to
	// its last byte (default 30 s). It is a per-request deadline, lifted
	// once the body is read, so that a stream answered after it lives on.
	ReadTimeout time.Duration
	// WriteTimeout bounds each write of a response (default 30 s). The
	// deadline moves with every write, so an SSE stream lasts as long as the
	// client keeps reading its events; a client that stops reading is cut.
	WriteTimeout time.Duration
	// IdleTimeout bounds a keep-alive connection between requests (default 60 s).
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds the request line and headers (default 1 MiB,
	// net/http's); what the journal keeps of them is bounded separately.
	MaxHeaderBytes int
	// MaxBodyBytes bounds a request body (default 1 MiB). Bodies are read as
	// a stream against it; a longer one is answered in the error shape of the
	// endpoint (JSON-RPC error object, google.rpc.Status, OAuth error).
	MaxBodyBytes int64
}

// DefaultServerLimits are the limits a zero ServerLimits stands for.
var DefaultServerLimits = ServerLimits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      30 * time.Second,
	IdleTimeout:       60 * time.Second,
	MaxHeaderBytes:    http.DefaultMaxHeaderBytes,
	MaxBodyBytes:      agent.DefaultMaxBodyBytes,
}

func (l ServerLimits) withDefaults() ServerLimits {
	d := DefaultServerLimits
	return ServerLimits{
		ReadHeaderTimeout: or(l.ReadHeaderTimeout, d.ReadHeaderTimeout),
		ReadTimeout:       or(l.ReadTimeout, d.ReadTimeout),
		WriteTimeout:      or(l.WriteTimeout, d.WriteTimeout),
		IdleTimeout:       or(l.IdleTimeout, d.IdleTimeout),
		MaxHeaderBytes:    or(l.MaxHeaderBytes, d.MaxHeaderBytes),
		MaxBodyBytes:      or(l.MaxBodyBytes, d.MaxBodyBytes),
	}
}

// JournalLimits bound what a journal keeps, so that a flooding client
// cannot grow a farm's memory without bound. A zero field means its
// default. With the defaults one farm's journal holds at most about 80 MB
// whatever the client sends, and a few hundred kilobytes for any client
// that means well.
type JournalLimits struct {
	// HeaderBytes bounds the names and values of the headers kept of one
	// request (default 16 KiB), HeaderCount their number (default 64).
	// Known headers (Host, A2A-Version, Authorization, ...) are kept first,
	// then the others, smallest first.
	HeaderBytes int
	HeaderCount int
	// PathBytes and QueryBytes bound Path and Query (default 2 KiB each).
	PathBytes  int
	QueryBytes int
	// BodyBytes bounds Body and Response each (default 16 KiB), and the
	// JSON of RequestMetadata (a quarter of it).
	BodyBytes int
	// FieldBytes bounds every other string the client controls: Op,
	// TaskID, A2AVersion, Malformed, and Extensions all together (default 1 KiB).
	FieldBytes int
	// Exchanges is how many exchanges are kept whole (default 1000).
	Exchanges int
	// Compact is how many more are kept in compact form once Exchanges are
	// kept (default 10000): no headers, bodies or metadata, every string cut
	// to 128 bytes, "compact" in Truncated. Past both, exchanges are only
	// counted (Journal.Counts). Ignored with Ring.
	Compact int
	// Ring keeps the newest Exchanges exchanges instead of the first, for a
	// standalone peer that runs for days: older ones are dropped and counted.
	Ring bool
}

// DefaultJournalLimits are the limits a zero JournalLimits stands for.
var DefaultJournalLimits = JournalLimits{
	HeaderBytes: 16 << 10,
	HeaderCount: 64,
	PathBytes:   2 << 10,
	QueryBytes:  2 << 10,
	BodyBytes:   16 << 10,
	FieldBytes:  1 << 10,
	Exchanges:   1000,
	Compact:     10000,
}

// compactFieldBytes bounds every string of a compact exchange.
const compactFieldBytes = 128

func (l JournalLimits) withDefaults() JournalLimits {
	d := DefaultJournalLimits
	return JournalLimits{
		HeaderBytes: or(l.HeaderBytes, d.HeaderBytes),
		HeaderCount: or(l.HeaderCount, d.HeaderCount),
		PathBytes:   or(l.PathBytes, d.PathBytes),
		QueryBytes:  or(l.QueryBytes, d.QueryBytes),
		BodyBytes:   or(l.BodyBytes, d.BodyBytes),
		FieldBytes:  or(l.FieldBytes, d.FieldBytes),
		Exchanges:   or(l.Exchanges, d.Exchanges),
		Compact:     or(l.Compact, d.Compact),
		Ring:        l.Ring,
	}
}

// captureBytes is how much of a body is captured before it is redacted
// and bounded: a margin past BodyBytes, so that a secret straddling the
// bound is still whole when it is redacted.
func (l JournalLimits) captureBytes() int { return l.BodyBytes + captureMargin }

// captureMargin is longer than any farm secret.
const captureMargin = 1 << 10

func or[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}
