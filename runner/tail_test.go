package runner

import (
	"strings"
	"testing"
)

func TestTailBuffer(t *testing.T) {
	tests := []struct {
		name   string
		limit  int
		writes []string
		want   string
	}{
		{"under the limit", 8, []string{"ab", "cd"}, "abcd"},
		{"exactly the limit", 4, []string{"ab", "cd"}, "abcd"},
		{"small writes overflow", 4, []string{"abc", "def"}, "[runner: output truncated, 2 earlier bytes dropped]\ncdef"},
		{"one big write", 4, []string{"a", "0123456789"}, "[runner: output truncated, 7 earlier bytes dropped]\n6789"},
		{"cut inside a rune", 4, []string{"xx", "é", "abc"}, "[runner: output truncated, 4 earlier bytes dropped]\nabc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newTailBuffer(tt.limit)
			for _, w := range tt.writes {
				if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if got := b.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	b := newTailBuffer(1 << 10)
	for i := 0; i < 1000; i++ {
		b.Write([]byte(strings.Repeat("x", 100)))
	}
	b.Write([]byte("END"))
	got := b.String()
	if !strings.HasSuffix(got, "END") || !strings.Contains(got, "98979 earlier bytes dropped") {
		t.Errorf("String() = %q…, want the tail and the dropped count", got[:80])
	}
}
