//go:build !unix

package main

// raiseFDLimit has no RLIMIT_NOFILE to raise: Windows limits handles per
// process far above what a farm opens. The zero limit reads as unknown.
func raiseFDLimit() (fdLimit, error) { return fdLimit{}, nil }
