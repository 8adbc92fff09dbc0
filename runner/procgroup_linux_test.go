//go:build linux

package runner

import "testing"

func TestParseProcStat(t *testing.T) {
	tests := []struct {
		line      string
		wantState byte
		wantPgid  int
		wantOK    bool
	}{
		{"4242 (sleep) S 4241 4240 4240 0 -1 4194560", 'S', 4240, true},
		{"17 (a) (b) c) Z 1 9 9 0", 'Z', 9, true},
		{"17 (my prog) R 1 33 33", 'R', 33, true},
		{"garbage", 0, 0, false},
		{"1 (x) S 1", 0, 0, false},
	}
	for _, tt := range tests {
		state, pgid, ok := parseProcStat([]byte(tt.line))
		if state != tt.wantState || pgid != tt.wantPgid || ok != tt.wantOK {
			t.Errorf("parseProcStat(%q) = %c, %d, %v; want %c, %d, %v", tt.line, state, pgid, ok, tt.wantState, tt.wantPgid, tt.wantOK)
		}
	}
}
