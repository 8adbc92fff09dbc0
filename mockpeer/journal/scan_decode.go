package journal

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// The decodings of the scan. Each is lenient where a server's decoder
// might be: what a strict decoder accepts, a lenient one accepts too, so
// the lenient reading finds everything either would.

// appendPercentDecoded appends t with every %XX escape decoded; a percent
// sign that begins no escape stays as it is, as a lenient server's
// decoder leaves it (a strict one would refuse the whole text, and a query
// parser still takes the pairs that decode).
func appendPercentDecoded[T text](dst []byte, t T) []byte {
	for i := 0; i < len(t); i++ {
		if t[i] == '%' && i+2 < len(t) && isHex(t[i+1]) && isHex(t[i+2]) {
			dst = append(dst, unhex(t[i+1])<<4|unhex(t[i+2]))
			i += 2
			continue
		}
		dst = append(dst, t[i])
	}
	return dst
}

// appendJSONUnescaped appends t with its JSON string escapes resolved,
// \uXXXX (surrogate pairs joined) included; anything else, an invalid
// escape too, stays as it is.
func appendJSONUnescaped[T text](dst []byte, t T) []byte {
	for i := 0; i < len(t); i++ {
		if t[i] != '\\' || i+1 >= len(t) {
			dst = append(dst, t[i])
			continue
		}
		if c, ok := jsonSimpleEscapes[t[i+1]]; ok {
			dst = append(dst, c)
			i++
			continue
		}
		r, n := jsonUnicodeEscape(t, i)
		if n == 0 {
			dst = append(dst, t[i])
			continue
		}
		dst = utf8.AppendRune(dst, r)
		i += n - 1
	}
	return dst
}

var jsonSimpleEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// jsonUnicodeEscape reads the \uXXXX escape at i, and the low surrogate
// after a high one: the rune and the bytes read, or 0 bytes.
func jsonUnicodeEscape[T text](t T, i int) (rune, int) {
	hex4 := func(at int) (rune, bool) {
		if at+6 > len(t) || t[at] != '\\' || t[at+1] != 'u' {
			return 0, false
		}
		var r rune
		for _, c := range []byte{t[at+2], t[at+3], t[at+4], t[at+5]} {
			if !isHex(c) {
				return 0, false
			}
			r = r<<4 | rune(unhex(c))
		}
		return r, true
	}
	r, ok := hex4(i)
	if !ok {
		return 0, 0
	}
	if 0xd800 <= r && r < 0xdc00 {
		if lo, ok := hex4(i + 6); ok && 0xdc00 <= lo && lo < 0xe000 {
			return 0x10000 + (r-0xd800)<<10 + (lo - 0xdc00), 12
		}
	}
	return r, 6
}

// b64Value is the 6-bit value of a character of either base64 alphabet
// (+ and - are 62, / and _ are 63: a run holds only one of each pair),
// b64Skip for a line break, which decoders skip.
var b64Value = func() (t [256]byte) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range t {
		t[i] = b64Skip
	}
	for i := range len(alphabet) {
		t[alphabet[i]] = byte(i)
	}
	t['-'], t['_'] = 62, 63
	return t
}()

const b64Skip = 0xff

// scanBase64Runs decodes every run of one base64 alphabet long enough to
// carry a secret in some form, at each of the four alignments: a run may
// begin with characters that are not part of the encoding ("key" before
// it, another encoding without its padding), and one of the four offsets
// is the encoding's own. Inside the decoded bytes the secret may sit at
// any byte offset: the next layer looks everywhere. A run of letters and
// digits only is decoded as part of the standard run that holds it.
func scanBase64Runs[T text](sc *scanner, t T, depth int) {
	// One pass keeps a run of each alphabet: where it began, how many
	// characters it has (line breaks skipped), whether the URL-safe one has
	// a character of its own.
	std, url := b64Run{}, b64Run{}
	for i := 0; i < len(t); i++ {
		if charClass[t[i]] == clsAlnum { // letters and digits, most bytes: in both runs
			j := i + 1
			for j < len(t) && charClass[t[j]] == clsAlnum {
				j++
			}
			std.n += j - i
			url.n += j - i
			i = j - 1
			continue
		}
		k := charClass[t[i]]
		if k&clsBreak != 0 {
			continue
		}
		if k&clsStd != 0 {
			std.n++
		} else if std.n >= sc.ix.minBase64 {
			endRun(sc, &std, t, i, depth, true)
		} else {
			std = b64Run{start: i + 1} // too short to decode: endRun only starts the next
		}
		if k&clsURL != 0 {
			url.n++
			url.own = url.own || k&clsAlnum != clsAlnum
		} else if url.n >= sc.ix.minBase64 {
			endRun(sc, &url, t, i, depth, false)
		} else {
			url = b64Run{start: i + 1}
		}
	}
	endRun(sc, &std, t, len(t), depth, true)
	endRun(sc, &url, t, len(t), depth, false)
}

// b64Run is a run of one base64 alphabet being read.
type b64Run struct {
	start, n int
	own      bool // holds - or _, so the standard run does not hold it
}

// endRun closes the run r before i, decoding it at each alignment if it
// is long enough (a URL-safe run only if the standard run does not hold
// it), and starts the next one after i.
func endRun[T text](sc *scanner, r *b64Run, t T, i, depth int, std bool) {
	if r.n >= sc.ix.minBase64 && (std || r.own) {
		if depth > 0 || len(t) != len(sc.top) || !scanRepeat(sc, sc.top[r.start:i]) {
			for offset := range 4 {
				decodeBase64Run(sc, t[r.start:i], offset, depth)
			}
		}
	}
	*r = b64Run{start: i + 1}
}

// scanRepeat scans a base64 run of the text itself (depth 0), or skips it
// when the same run was scanned before in this scan, and reports whether
// it did either. A keep-alive stream's chunk holds the same run in every
// request (a revalidation's ETag, a Basic credential), each decoded at
// four alignments. The skip changes nothing the scan finds: the run's
// decodings are a function of its text, every secret they hold was
// recorded the first time (in the same form: at depth 0 no decoding lies
// above), and the run's cost is spent again, so the bounds stop the rest
// of the scan exactly where they would have. A run is remembered only if
// no bound stopped it (the result was still examined before and after),
// and skipped only while the bounds left hold its cost: otherwise it is
// decoded, and stopped where it would be.
func scanRepeat(sc *scanner, run string) bool {
	if !sc.repeats {
		return false
	}
	if c, ok := sc.runs[run]; ok && c.budget <= sc.budget && c.streams <= sc.streams {
		sc.budget -= c.budget
		sc.streams -= c.streams
		return true
	}
	budget, streams, examined := sc.budget, sc.streams, !sc.res.unexamined
	for offset := range 4 {
		decodeBase64Run(sc, run, offset, 0)
	}
	if examined && !sc.res.unexamined {
		if sc.runs == nil {
			sc.runs = map[string]runCost{}
		}
		sc.runs[run] = runCost{budget - sc.budget, streams - sc.streams}
	}
	return true
}

// decodeBase64Run scans what run decodes to, its first offset characters
// skipped.
func decodeBase64Run[T text](sc *scanner, run T, offset, depth int) {
	if !sc.spend(len(run) * 3 / 4) {
		return
	}
	mark := len(sc.arena)
	sc.arena = appendBase64Decoded(sc.arena, run, offset)
	if decoded := sc.arena[mark:]; mayHoldForm(decoded, sc.ix.minForm) {
		sc.descend(decoded, depth, viaBase64)
	}
	sc.arena = sc.arena[:mark]
}

// appendBase64Decoded appends what a run of one base64 alphabet decodes
// to, its first offset characters skipped, as a non-strict decoder
// decodes it: line breaks skipped, the bits of an incomplete last group
// dropped. The bytes are written in place, eight characters at a time
// while no line break comes, then four, then one by one; the scan runs
// this four times over every long run, the bulk of its decoding.
func appendBase64Decoded[T text](dst []byte, run T, offset int) []byte {
	i := 0
	for ; offset > 0 && i < len(run); i++ {
		if b64Value[run[i]] != b64Skip {
			offset--
		}
	}
	start := len(dst)
	dst = slices.Grow(dst, (len(run)-i)*3/4+1)
	out := dst[start:cap(dst)]
	w := 0
	for ; i+8 <= len(run) && w+6 <= len(out); i += 8 {
		c := run[i : i+8]
		a, b, e, d := b64Value[c[0]], b64Value[c[1]], b64Value[c[2]], b64Value[c[3]]
		f, g, h, k := b64Value[c[4]], b64Value[c[5]], b64Value[c[6]], b64Value[c[7]]
		if a|b|e|d|f|g|h|k == b64Skip {
			break
		}
		v := uint64(a)<<42 | uint64(b)<<36 | uint64(e)<<30 | uint64(d)<<24 | uint64(f)<<18 | uint64(g)<<12 | uint64(h)<<6 | uint64(k)
		o := out[w : w+6]
		o[0], o[1], o[2], o[3], o[4], o[5] = byte(v>>40), byte(v>>32), byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
		w += 6
	}
	for ; i+4 <= len(run) && w+3 <= len(out); i += 4 {
		a, b, c, d := b64Value[run[i]], b64Value[run[i+1]], b64Value[run[i+2]], b64Value[run[i+3]]
		if a|b|c|d == b64Skip {
			break
		}
		v := uint32(a)<<18 | uint32(b)<<12 | uint32(c)<<6 | uint32(d)
		o := out[w : w+3]
		o[0], o[1], o[2] = byte(v>>16), byte(v>>8), byte(v)
		w += 3
	}
	dst = dst[:start+w]
	var acc uint32
	bits := 0
	for ; i < len(run); i++ {
		v := b64Value[run[i]]
		if v == b64Skip {
			continue
		}
		acc, bits = acc<<6|uint32(v), bits+6
		if bits >= 8 {
			bits -= 8
			dst = append(dst, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return dst
}

// scanStreams inflates every gzip member and zlib stream whose magic
// appears in t, wherever it is: a body that is gzip whatever its headers
// say, a compressed gRPC message behind its frame header, a compressed
// blob inside another encoding.
func scanStreams[T text](sc *scanner, t T, depth int) {
	for i := range len(t) {
		if !StreamAt(t, i) {
			continue
		}
		if sc.streams == 0 {
			sc.res.unexamined = true
			return
		}
		sc.streams--
		via := viaZlib
		if t[i] == 0x1f {
			via = viaGzip
		}
		inflateAt(sc, t, i, via, depth)
	}
}

// inflaters are a scanner's decompressors, reset for each stream: a
// magic that begins no stream costs a few bytes read, not a decompressor
// made (tens of kilobytes).
type inflaters struct {
	gz   *gzip.Reader
	zl   io.ReadCloser // a zlib.Resetter
	fl   io.ReadCloser // a flate.Resetter
	src  bytes.Reader
	ssrc strings.Reader
}

// open resets the decompressor of kind via onto src, or says src begins
// no such stream.
func (in *inflaters) open(via decoding, src io.Reader) (io.Reader, bool) {
	switch via {
	case viaGzip:
		if in.gz == nil {
			zr, err := gzip.NewReader(src)
			if err != nil {
				return nil, false
			}
			in.gz = zr
		} else if in.gz.Reset(src) != nil {
			return nil, false
		}
		in.gz.Multistream(false) // a member after it has its own magic
		return in.gz, true
	case viaZlib:
		if in.zl == nil {
			zr, err := zlib.NewReader(src)
			if err != nil {
				return nil, false
			}
			in.zl = zr
		} else if in.zl.(zlib.Resetter).Reset(src, nil) != nil {
			return nil, false
		}
		return in.zl, true
	}
	if in.fl == nil {
		in.fl = flate.NewReader(src)
	} else if in.fl.(flate.Resetter).Reset(src, nil) != nil {
		return nil, false
	}
	return in.fl, true
}

// inflateAt scans what the stream of kind via at t[i:] inflates to, up to
// maxInflated bytes; a stream that is not one yields nothing, and one
// that breaks off yields what came before the break.
func inflateAt[T text](sc *scanner, t T, i int, via decoding, depth int) {
	var src io.Reader
	switch v := any(t).(type) {
	case string:
		sc.ssrc.Reset(v[i:])
		src = &sc.ssrc
	case []byte:
		sc.src.Reset(v[i:])
		src = &sc.src
	default:
		src = bytes.NewReader([]byte(t[i:]))
	}
	r, ok := sc.open(via, src)
	if !ok {
		return
	}
	limit := min(maxInflated, sc.budget)
	mark := len(sc.arena)
	for {
		sc.arena = slices.Grow(sc.arena, min(32<<10, limit+1-(len(sc.arena)-mark)))
		end := min(cap(sc.arena), mark+limit+1)
		n, err := r.Read(sc.arena[len(sc.arena):end])
		sc.arena = sc.arena[:len(sc.arena)+n]
		if len(sc.arena)-mark > limit {
			sc.arena = sc.arena[:mark+limit]
			sc.res.unexamined = true
			break
		}
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				sc.res.openStream = true
			}
			break
		}
		if n == 0 {
			break // a reader that neither reads nor fails: nothing more to come
		}
	}
	sc.budget -= len(sc.arena) - mark
	sc.descend(sc.arena[mark:], depth, via)
	sc.arena = sc.arena[:mark]
}
