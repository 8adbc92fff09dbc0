package journal

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

// TestScanFindsEveryEncoding: each spelling of each secret is found, with
// how it was spelled, alone and between other text, and nothing else is
// named.
func TestScanFindsEveryEncoding(t *testing.T) {
	s, ix := testIndex(t)
	for _, n := range []namedSecret{{CredBearer, s.bearer}, {CredAdminSecret, s.admin}} {
		for _, enc := range scantest.Encodings() {
			for _, around := range [][2]string{{"", ""}, {`{"note":"`, `","n":1}`}, {"x-trace: ", "; v=1"}} {
				t.Run(n.name+"/"+enc.Name, func(t *testing.T) {
					res := ix.Scan(around[0]+enc.Encode(n.value)+around[1], false)
					want := []finding{{n.name, enc.Form}}
					if !slices.Equal(res.found, want) || res.unexamined {
						t.Errorf("found %v (unexamined %v), want %v", res.found, res.unexamined, want)
					}
				})
			}
		}
	}
	t.Run("raw deflate, as Content-Encoding says", func(t *testing.T) {
		body := scantest.Deflate.Encode(`{"token":"` + s.bearer + `"}`)
		if res := ix.Scan(body, true); !slices.Equal(res.found, []finding{{CredBearer, "deflate"}}) {
			t.Errorf("found %v", res.found)
		}
	})
}

// TestScanNearMisses: what is not a farm secret is not found, however it
// is spelled: another token of the same shape, a secret cut short or with
// one character changed, an encoding of either, and common text that
// looks encoded.
func TestScanNearMisses(t *testing.T) {
	s, ix := testIndex(t)
	other, err := randomToken("bt-")
	if err != nil {
		t.Fatal(err)
	}
	changed := []byte(s.bearer)
	changed[20] ^= 1
	misses := map[string]string{
		"another token":             other,
		"the secret less its end":   s.bearer[:len(s.bearer)-1],
		"the secret less its start": s.bearer[1:],
		"one character changed":     string(changed),
		"split by a space":          s.bearer[:10] + " " + s.bearer[10:],
	}
	for name, v := range misses {
		for _, enc := range scantest.Encodings() {
			if res := ix.Scan(enc.Encode(v), false); res.Any() {
				t.Errorf("%s, %s: found %v (unexamined %v)", name, enc.Name, res.found, res.unexamined)
			}
		}
	}
	for _, v := range []string{
		"", "application/json", `"be1ee5d27b623d4f7797e4f0194bb153a82a68b5c559ac94fdc2b1e1150a7d3a"`,
		"00-4bf92f3577b34da6a736ce95f0e6b8b7-00f067aa0ba902b7-01", "550e8400-e29b-41d4-a716-446655440000",
		`{"text":"100% done \"quoted\"\n\u003cb\u003e"}`, "x^2 + y^2", strings.Repeat("QUJD", 400),
	} {
		if res := ix.Scan(v, false); res.Any() || res.openStream {
			t.Errorf("%q: found %v", v, res)
		}
	}
}

// TestScanIsFreeForCommonText: a text holding no secret costs no
// allocation, however encoded it looks (an ETag is decoded as base64).
func TestScanIsFreeForCommonText(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop scanners")
	}
	_, ix := testIndex(t)
	for _, v := range []string{
		"Mozilla/5.0 (X11; Linux x86_64)", `"be1ee5d27b623d4f7797e4f0194bb153a82a68b5c559ac94fdc2b1e1150a7d3a"`,
		`{"jsonrpc":"2.0","id":"s","method":"GetTask","params":{"id":"task-1","historyLength":0}}`,
		strings.Repeat("QUJDREVG", 200),
	} {
		if n := testing.AllocsPerRun(100, func() { ix.Scan(v, false) }); n != 0 {
			t.Errorf("%.40q: %v allocations a scan", v, n)
		}
	}
}

// TestScanBombs: a zip bomb, a text of many streams and one built to be
// decoded layer after layer cost bounded work, and leave the scan
// unexamined, which fails closed.
func TestScanBombs(t *testing.T) {
	s, ix := testIndex(t)
	bomb := scantest.CompressWith("gzip")(strings.Repeat("\x00", 8<<20) + s.bearer)
	manyStreams := strings.Repeat(scantest.CompressWith("gzip")("nothing here"), maxStreamTries+1)
	nested := s.bearer
	for range scanDepth + 2 {
		nested = base64.StdEncoding.EncodeToString([]byte(nested))
	}
	for name, v := range map[string]string{"zip bomb": bomb, "many streams": manyStreams} {
		if res := ix.Scan(v, false); !res.unexamined {
			t.Errorf("%s: not unexamined (%v)", name, res)
		}
		if got := ix.Scan(v, false).Names(); !slices.Contains(got, CredUnexamined) {
			t.Errorf("%s: presented %v", name, got)
		}
	}
	if res := ix.Scan(strings.Repeat("x\x9c", 100<<10), false); !res.unexamined {
		t.Errorf("a text of zlib magics: %v", res)
	}
	// Honest bulk (a file part's bytes) is examined whole: random bytes
	// hold a stray magic now and then, which costs a few bytes read.
	random := make([]byte, 256<<10)
	_, _ = rand.Read(random)
	if res := ix.Scan(base64.StdEncoding.EncodeToString(random), false); res.Any() {
		t.Errorf("256 KiB of random bytes in base64: %v", res)
	}
	// Past scanDepth nothing is seen: what no server decodes is not a
	// credential sent.
	if res := ix.Scan(nested, false); res.Any() {
		t.Errorf("six layers of base64: %v", res)
	}
}

// The run decoder is base64's own: at offset 0 it gives back what any of
// the four alphabets encoded.
func TestBase64RunDecoderAgreesWithEncodingBase64(t *testing.T) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		for n := range 70 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(i*37 + n)
			}
			if got := appendBase64Decoded(nil, strings.TrimRight(enc.EncodeToString(b), "="), 0); !bytes.Equal(got, b) {
				t.Fatalf("%d bytes: %x, want %x", n, got, b)
			}
		}
	}
}

// The run decoder's blocks of eight and four characters decode what
// encoding/base64 does, at every alignment, line breaks anywhere, after
// bytes already in the arena.
func TestBase64RunDecoderAgreesAtEveryAlignment(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"
	rnd := mrand.New(mrand.NewPCG(1, 2))
	for range 2000 {
		run := make([]byte, rnd.IntN(90))
		for i := range run {
			run[i] = alphabet[rnd.IntN(len(alphabet))]
			if rnd.IntN(12) == 0 {
				run[i] = "\r\n"[rnd.IntN(2)]
			}
		}
		prefix := []byte("arena")
		for offset := range 4 {
			want := append(slices.Clone(prefix), decodeAsEncodingBase64(run, offset)...)
			if got := appendBase64Decoded(slices.Clone(prefix), string(run), offset); !bytes.Equal(got, want) {
				t.Fatalf("%q at offset %d: %x, want %x", run, offset, got, want)
			}
		}
	}
}

// decodeAsEncodingBase64 is the run decoder as encoding/base64 reads the same
// run: line breaks dropped, offset characters skipped, one alphabet, and
// a last lone character (six bits, no byte) left out.
func decodeAsEncodingBase64(run []byte, offset int) []byte {
	chars := strings.NewReplacer("\r", "", "\n", "", "-", "+", "_", "/").Replace(string(run))
	chars = chars[min(offset, len(chars)):]
	if len(chars)%4 == 1 {
		chars = chars[:len(chars)-1]
	}
	out, err := base64.RawStdEncoding.DecodeString(chars)
	if err != nil {
		panic(err)
	}
	return out
}

// FuzzDecodeBase64: the run decoder is base64's own on any bytes; and a
// secret at any byte offset of any bytes, base64-encoded in any of the four
// alphabets, wrapped in lines or not, after any text, is found, and
// nothing of it survives its redaction.
func FuzzDecodeBase64(f *testing.F) {
	for _, seed := range []string{"", "Bearer ", "YWJjZA==", "a-b_c+d/", "\x00\xff\xfe", "user:", "bt-0123456789abcdefABCDEF"} {
		f.Add([]byte(seed), []byte(seed), uint16(len(seed)/2), uint8(len(seed)), len(seed)%2 == 0)
	}
	s, ix := testIndex(f)
	alphabets := []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding}
	f.Fuzz(func(t *testing.T, before, inner []byte, at uint16, alphabet uint8, wrap bool) {
		enc := alphabets[int(alphabet)%len(alphabets)]
		if got := appendBase64Decoded(nil, strings.TrimRight(enc.EncodeToString(inner), "="), 0); !bytes.Equal(got, inner) {
			t.Fatalf("%x decodes to %x", inner, got)
		}
		split := int(at) % (len(inner) + 1)
		encoded := enc.EncodeToString(slices.Concat(inner[:split], []byte(s.bearer), inner[split:]))
		if wrap {
			encoded = strings.Join(strings.SplitAfter(encoded, encoded[:min(len(encoded), 19)]), "\r\n")
		}
		v := string(before) + encoded
		res := ix.Scan(v, false)
		if !slices.ContainsFunc(res.found, func(f finding) bool { return f.name == CredBearer }) {
			t.Fatalf("not found in %q: %v", v, res)
		}
		out, _ := ix.Clean(v, false, false)
		if res := ix.Scan(out, false); res.Any() || strings.Contains(out, encoded) {
			t.Fatalf("%q redacted to %q, which holds %v", v, out, res.found)
		}
	})
}

// FuzzScan: any text at all is scanned without a fault, and what clean
// makes of it holds nothing any scan finds, nor anything a scan cannot
// tell: detection and redaction agree on every input.
func FuzzScan(f *testing.F) {
	s, ix := testIndex(f)
	for _, enc := range append(scantest.Encodings(), scantest.Deflate) {
		f.Add([]byte(enc.Encode(s.bearer)), true)
		f.Add([]byte("a="+enc.Encode(s.admin)+"&b="+enc.Encode(s.bearer)), false)
	}
	f.Add([]byte("x\x01x^x\x9c\x1f\x8b\x08%zz%41\\u0041\\/\\\\"), false)
	f.Fuzz(func(t *testing.T, v []byte, deflated bool) {
		for _, cut := range []bool{false, true} {
			out, _ := ix.Clean(string(v), deflated, cut)
			if res := ix.Scan(out, deflated); res.Any() {
				t.Fatalf("%q (cut %v) redacted to %q, in which a scan finds %v (unexamined %v)", v, cut, out, res.found, res.unexamined)
			}
		}
	})
}
