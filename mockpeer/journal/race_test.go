//go:build race

package journal

// raceEnabled: under the race detector sync.Pool drops what it is given at
// random, so a pooled scan allocates now and then.
const raceEnabled = true
