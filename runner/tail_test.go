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
		{"small writes overflow", 6, []string{"a b", "c de f"}, "[runner: output truncated, 4 earlier bytes dropped]\n de f"},
		{"one big write", 4, []string{"a", "0123456789"}, "[runner: output truncated, 11 earlier bytes dropped]\n"},
		{"cut inside a rune", 5, []string{"xx", "é", " abc"}, "[runner: output truncated, 4 earlier bytes dropped]\n abc"},
		// What a cut leaves of a token, or of its base64, goes with its word.
		{"cut inside a token", 10, []string{"token bt-abc_def", " ok"}, "[runner: output truncated, 16 earlier bytes dropped]\n ok"},
		{"cut inside base64", 12, []string{"x YnQtYWJj+/==\n", "done"}, "[runner: output truncated, 14 earlier bytes dropped]\n\ndone"},
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
	if !strings.HasSuffix(got, "END") || !strings.Contains(got, "99491 earlier bytes dropped") {
		t.Errorf("String() = %q…, want the tail and the dropped count", got[:80])
	}
}
