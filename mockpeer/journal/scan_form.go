package journal

import (
	"encoding/binary"
	"math/bits"
)

// mayHoldForm is the survey's answer, cheaper, for what a base64 run
// decodes to, which is mostly bytes of no text at all (three of the four
// alignments of a real encoding, and anything that only looks like one:
// an ETag, a trace id, a signature): every textual form of a secret is a
// run of at least minForm ASCII bytes; a compressed one begins with its
// magic; an escape can make either out of bytes that are neither.
//
// It reads eight bytes at a time: a run of at least 15 ASCII bytes holds
// eight of them aligned on a multiple of eight, so only where a block is
// all ASCII, or holds a byte that may begin an escape or a stream, is a
// byte looked at alone. The answer is mayHoldFormByByte's.
func mayHoldForm(b []byte, minForm int) bool {
	if minForm < 15 {
		return mayHoldFormByByte(b, minForm)
	}
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if x&highBits == 0 && asciiRunAround(b, i, minForm) {
			return true
		}
		for m := specialBytes(x); m != 0; m &= m - 1 {
			if at := i + bits.TrailingZeros64(m)/8; beginsForm(b, at) {
				return true
			}
		}
	}
	for ; i < len(b); i++ {
		if charClass[b[i]]&clsSpecial != 0 && beginsForm(b, i) {
			return true
		}
	}
	return false
}

// mayHoldFormByByte is mayHoldForm as its definition reads, a byte at a
// time.
func mayHoldFormByByte(b []byte, minForm int) bool {
	run := 0
	for i, c := range b {
		if c >= 0x80 {
			run = 0
			continue
		}
		if run++; run >= minForm || charClass[c]&clsSpecial != 0 && beginsForm(b, i) {
			return true
		}
	}
	return false
}

// beginsForm: the special character at i begins an escape or a stream.
func beginsForm(b []byte, i int) bool {
	switch b[i] {
	case '%':
		return i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2])
	case '\\':
		return jsonEscapeAt(b, i)
	}
	return StreamAt(b, i)
}

// asciiRunAround: the ASCII bytes b[at:at+8] lie in a run of at least
// minForm ASCII bytes.
func asciiRunAround(b []byte, at, minForm int) bool {
	from, to := at, at+8
	for from > 0 && b[from-1] < 0x80 {
		from--
	}
	for to < len(b) && b[to] < 0x80 && to-from < minForm {
		to++
	}
	return to-from >= minForm
}

const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
	low7Bits = 0x7f7f7f7f7f7f7f7f
)

// specialBytes has the high bit of each byte of x that is one of the
// scan's special characters (clsSpecial: % \ 0x1f x), and of no other.
func specialBytes(x uint64) uint64 {
	return equalBytes(x, '%') | equalBytes(x, '\\') | equalBytes(x, 0x1f) | equalBytes(x, 'x')
}

// equalBytes has the high bit of each byte of x that equals c. Exact per
// byte: adding 0x7f to a byte's low seven bits carries into its high bit
// unless they are all zero, so no borrow crosses from one byte to the next
// (the shorter zero-byte test may flag the byte above a match).
func equalBytes(x uint64, c byte) uint64 {
	y := x ^ lowBits*uint64(c)
	return ^((y&low7Bits + low7Bits) | y | low7Bits)
}
