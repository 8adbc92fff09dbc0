//go:build !unix

package driver

import "os"

// openNonBlocking opens path for reading; without O_NONBLOCK the type
// check before it is the guard.
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }
