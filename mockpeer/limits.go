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

func or[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}
