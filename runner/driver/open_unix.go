//go:build unix

package driver

import (
	"os"
	"syscall"
)

// openNonBlocking opens path for reading without waiting for a writer: a
// FIFO swapped in after the type check cannot block the runner.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
}
