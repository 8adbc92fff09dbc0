//go:build linux

package runner

import (
	"bytes"
	"os"
	"strconv"
)

// hasLiveMember scans /proc for a non-zombie process of the group. It
// answers true when /proc cannot be read: unsure means alive.
func hasLiveMember(pgid int) bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return true
	}
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // exited meanwhile
		}
		state, group, ok := parseProcStat(stat)
		if ok && group == pgid && state != 'Z' && state != 'X' {
			return true
		}
	}
	return false
}

// parseProcStat reads the state and the process group from a
// /proc/<pid>/stat line: "pid (comm) S ppid pgrp ...". The command name may
// contain spaces and parentheses, so parsing starts after the last ')'.
func parseProcStat(stat []byte) (state byte, pgid int, ok bool) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, 0, false
	}
	fields := bytes.Fields(stat[i+1:])
	if len(fields) < 3 || len(fields[0]) != 1 {
		return 0, 0, false
	}
	pgid, err := strconv.Atoi(string(fields[2]))
	if err != nil {
		return 0, 0, false
	}
	return fields[0][0], pgid, true
}
