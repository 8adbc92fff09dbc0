package runner

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// tailBuffer is an io.Writer that keeps the last limit bytes written and
// counts what it dropped, so a client flooding its output costs bounded
// memory and the end of the output (usually the error) survives.
type tailBuffer struct {
	mu      sync.Mutex
	limit   int
	buf     []byte
	dropped int64
}

func newTailBuffer(limit int) *tailBuffer {
	return &tailBuffer{limit: limit}
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(p)
	if len(p) >= b.limit {
		b.dropped += int64(len(b.buf) + len(p) - b.limit)
		b.buf = append(b.buf[:0], p[len(p)-b.limit:]...)
		return n, nil
	}
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.limit; over > 0 {
		b.dropped += int64(over)
		b.buf = b.buf[:copy(b.buf, b.buf[over:])]
	}
	return n, nil
}

// String returns the kept tail, preceded by a note when bytes were dropped.
func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dropped == 0 {
		return string(b.buf)
	}
	kept := b.buf
	// Do not start in the middle of a UTF-8 sequence, nor of a word: the
	// cut may have left the end of a token, or of an encoding of one, which
	// no redaction can recognise. A longer word keeps its end: the whole of
	// any token encoded in it, which redaction finds.
	for i := 0; i < utf8.UTFMax-1 && len(kept) > 0 && !utf8.RuneStart(kept[0]); i++ {
		kept = kept[1:]
	}
	for i := 0; i < maxCutWord && len(kept) > 0 && wordByte(kept[0]); i++ {
		kept = kept[1:]
	}
	dropped := b.dropped + int64(len(b.buf)-len(kept))
	return fmt.Sprintf("[runner: output truncated, %d earlier bytes dropped]\n%s", dropped, kept)
}

// maxCutWord bounds what a cut tail loses of its first word: more than
// any textual encoding of a farm token spans (JSON \\u escapes, the widest,
// take 6 characters a character of a 36-character token).
const maxCutWord = 512

// wordByte: c may be part of a token or of a textual encoding of one (the
// base64 alphabets and padding, percent and JSON escapes): the characters
// the farm's scan reads a secret from (mockpeer, scan_text.go clsWord).
func wordByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("+/=_-%\\", c) >= 0
}
