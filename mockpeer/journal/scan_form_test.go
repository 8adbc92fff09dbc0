package journal

import (
	mrand "math/rand/v2"
	"testing"
)

// mayHoldForm's blocks of eight answer what a byte at a time does, on
// bytes as a run's wrong alignments decode (mostly not ASCII), on text,
// and on everything between, with the special characters sprinkled in.
func TestMayHoldFormAgreesWithByteByByte(t *testing.T) {
	rnd := mrand.New(mrand.NewPCG(3, 4))
	specials := []byte{'%', '\\', 0x1f, 'x', 0x8b, 0x08, 0x9c, '/', 'u', '0', 'A'}
	for range 20000 {
		b := make([]byte, rnd.IntN(100))
		ascii := rnd.Float64()
		for i := range b {
			switch c := byte(rnd.UintN(256)); {
			case rnd.IntN(10) == 0:
				b[i] = specials[rnd.IntN(len(specials))]
			case rnd.Float64() < ascii:
				b[i] = c & 0x7f
			default:
				b[i] = c | 0x80
			}
		}
		for _, minForm := range []int{1, 8, 14, 15, 16, 17, 24, 40} {
			if got, want := mayHoldForm(b, minForm), mayHoldFormByByte(b, minForm); got != want {
				t.Fatalf("minForm %d, %x: %v, want %v", minForm, b, got, want)
			}
		}
	}
}

// equalBytes flags exactly the bytes equal to c, wherever they sit and
// whatever their neighbours.
func TestEqualBytesIsExact(t *testing.T) {
	for c := range 256 {
		for v := range 256 {
			for _, fill := range []byte{0, byte(c), byte(c) + 1, byte(c) - 1, 0xff} {
				for at := range 8 {
					var x uint64
					for i := range 8 {
						b := fill
						if i == at {
							b = byte(v)
						}
						x |= uint64(b) << (8 * i)
					}
					got := equalBytes(x, byte(c))
					for i := range 8 {
						b := byte(x >> (8 * i))
						if flagged := got>>(8*i+7)&1 == 1; flagged != (b == byte(c)) || got>>(8*i)&0x7f != 0 {
							t.Fatalf("c %#x in %#016x: %#016x", c, x, got)
						}
					}
				}
			}
		}
	}
}

// specialBytes writes the set of special characters out a second time
// (charClass's clsSpecial is the first): the two must name the same bytes.
func TestSpecialBytesAreCharClassSpecials(t *testing.T) {
	for c := range 256 {
		flagged := specialBytes(lowBits*uint64(c)) != 0
		if special := charClass[c]&clsSpecial != 0; flagged != special {
			t.Errorf("byte %#x: specialBytes %v, charClass special %v", c, flagged, special)
		}
	}
}
