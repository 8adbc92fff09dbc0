//go:build !race

package mockpeer

const raceEnabled = false
