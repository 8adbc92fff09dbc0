package journal

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

// WithDefaults is l with every zero field set to its default.
func (l JournalLimits) WithDefaults() JournalLimits {
	d := DefaultJournalLimits
	return JournalLimits{
		HeaderBytes: orDefault(l.HeaderBytes, d.HeaderBytes),
		HeaderCount: orDefault(l.HeaderCount, d.HeaderCount),
		PathBytes:   orDefault(l.PathBytes, d.PathBytes),
		QueryBytes:  orDefault(l.QueryBytes, d.QueryBytes),
		BodyBytes:   orDefault(l.BodyBytes, d.BodyBytes),
		FieldBytes:  orDefault(l.FieldBytes, d.FieldBytes),
		Exchanges:   orDefault(l.Exchanges, d.Exchanges),
		Compact:     orDefault(l.Compact, d.Compact),
		Ring:        l.Ring,
	}
}

// CaptureBytes is how much of a body is captured before it is redacted
// and bounded: a margin past BodyBytes, so that a secret straddling the
// bound is still whole when it is redacted.
func (l JournalLimits) CaptureBytes() int { return l.BodyBytes + captureMargin }

// captureMargin is longer than any farm secret.
const captureMargin = 1 << 10

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}
