package runner

import "time"

// Defaults of Timeouts, in one place.
const (
	DefaultKillGrace      = 500 * time.Millisecond
	DefaultGroupExit      = 5 * time.Second
	DefaultPipeDrain      = time.Second
	DefaultInProcessGrace = 2 * time.Second
	DefaultOutputLimit    = 64 << 10
)

// Timeouts are the runner's own time and size bounds (the client's deadline
// comes from the driver.Assignment). A zero field means its default.
type Timeouts struct {
	// KillGrace is the time between SIGTERM and SIGKILL once a client's
	// deadline passed or its run was canceled.
	KillGrace time.Duration
	// GroupExit bounds the wait for a killed process group to disappear.
	GroupExit time.Duration
	// PipeDrain bounds reading the rest of the output once the process
	// group is gone: a process that left the group may still hold the pipe.
	PipeDrain time.Duration
	// InProcessGrace is how long past its deadline an in-process client
	// may take to return before it is abandoned.
	InProcessGrace time.Duration
	// OutputLimit is how many bytes of stdout and of stderr are kept (the
	// tail).
	OutputLimit int
}

// DefaultTimeouts returns the defaults.
func DefaultTimeouts() Timeouts {
	return Timeouts{
		KillGrace:      DefaultKillGrace,
		GroupExit:      DefaultGroupExit,
		PipeDrain:      DefaultPipeDrain,
		InProcessGrace: DefaultInProcessGrace,
		OutputLimit:    DefaultOutputLimit,
	}
}

// withDefaults fills every zero field with its default.
func (t Timeouts) withDefaults() Timeouts {
	d := DefaultTimeouts()
	if t.KillGrace <= 0 {
		t.KillGrace = d.KillGrace
	}
	if t.GroupExit <= 0 {
		t.GroupExit = d.GroupExit
	}
	if t.PipeDrain <= 0 {
		t.PipeDrain = d.PipeDrain
	}
	if t.InProcessGrace <= 0 {
		t.InProcessGrace = d.InProcessGrace
	}
	if t.OutputLimit <= 0 {
		t.OutputLimit = d.OutputLimit
	}
	return t
}
