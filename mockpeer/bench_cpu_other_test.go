//go:build !unix

package mockpeer

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
