package mockpeer

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// text is what a scan reads: a field as journaled (string) or a decoded
// layer of one ([]byte), read alike without copying either into the other.
type text interface{ ~string | ~[]byte }

// Character classes of the scan, one table lookup a byte.
const (
	clsPlain   = 1 << iota // a secret's own characters: A-Z a-z 0-9 - _
	clsStd                 // the standard base64 alphabet: A-Z a-z 0-9 + /
	clsURL                 // the URL-safe base64 alphabet: A-Z a-z 0-9 - _
	clsBreak               // \r \n: a base64 decoder skips them inside a run
	clsSpecial             // % \ 0x1f x: may begin an escape or a compressed stream
	// clsWord: a character of a secret or of a textual encoding of one
	// (base64 with its padding, percent and JSON escapes): what a cut may
	// leave part of a secret in (dropOpenEnd).
	clsWord
	clsAlnum = clsPlain | clsStd | clsURL | clsWord
)

var charClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			t[c] = clsAlnum
		case c == '-', c == '_':
			t[c] = clsPlain | clsURL | clsWord
		case c == '+', c == '/':
			t[c] = clsStd | clsWord
		case c == '=':
			t[c] = clsWord
		case c == '\r', c == '\n':
			t[c] = clsBreak
		case c == '%', c == '\\':
			t[c] = clsSpecial | clsWord
		case c == 0x1f:
			t[c] = clsSpecial
		}
	}
	t['x'] |= clsSpecial
	return t
}()

// survey is what one pass over a text says it may hold: a text with
// nothing here holds no secret in any form the scan decodes, and is
// neither decoded nor copied.
type survey struct {
	plainRun int  // longest run of a secret's characters
	b64Run   int  // longest run of one base64 alphabet, line breaks skipped
	percent  bool // a %XX escape
	json     bool // a JSON escape that can spell a character of an encoding (jsonEscapeAt)
	streams  bool // the magic of a gzip or zlib stream (streamAt)
}

func surveyOf[T text](t T) (s survey) {
	// Runs are measured from where they began; a base64 run's line breaks
	// count too, which can only make it look longer: decoded, never missed.
	plain, std, url := 0, 0, 0
	for i := 0; i < len(t); i++ {
		for i < len(t) && charClass[t[i]] == clsAlnum { // most bytes of most texts
			i++
		}
		if i == len(t) {
			break
		}
		k := charClass[t[i]]
		if k&clsPlain == 0 {
			s.plainRun, plain = max(s.plainRun, i-plain), i+1
		}
		if k&(clsStd|clsBreak) == 0 {
			s.b64Run, std = max(s.b64Run, i-std), i+1
		}
		if k&(clsURL|clsBreak) == 0 {
			s.b64Run, url = max(s.b64Run, i-url), i+1
		}
		if k&clsSpecial != 0 {
			switch t[i] {
			case '%':
				s.percent = s.percent || (i+2 < len(t) && isHex(t[i+1]) && isHex(t[i+2]))
			case '\\':
				s.json = s.json || jsonEscapeAt(t, i)
			default:
				s.streams = s.streams || streamAt(t, i)
			}
		}
	}
	n := len(t)
	s.plainRun = max(s.plainRun, n-plain)
	s.b64Run = max(s.b64Run, n-std, n-url)
	return s
}

// worthScanning: the survey leaves room for a secret in some form.
func (s survey) worthScanning(ix *secretIndex) bool {
	return s.plainRun >= ix.minLen || s.b64Run >= ix.minBase64 || s.percent || s.json || s.streams
}

// jsonEscapeAt: the backslash at i begins an escape whose character could
// belong to a secret or to an encoding of one: \/ (base64's slash), \\ (a
// nested escape), or a \u escape of such a character. \n, \" and the
// \u003c a Go encoder writes for "<" spell nothing a secret is made of:
// JSON text full of them is not decoded.
func jsonEscapeAt[T text](t T, i int) bool {
	if i+1 >= len(t) {
		return false
	}
	switch t[i+1] {
	case '/', '\\':
		return true
	case 'u':
		if i+6 > len(t) || t[i+2] != '0' || t[i+3] != '0' || !isHex(t[i+4]) || !isHex(t[i+5]) {
			return false
		}
		return charClass[unhex(t[i+4])<<4|unhex(t[i+5])]&clsWord != 0
	}
	return false
}

// streamAt: a gzip member (1f 8b 08) or a zlib stream with a 32 KiB window
// (78 01, 78 5e, 78 9c, 78 da: what zlib writes at every level) begins at i.
func streamAt[T text](t T, i int) bool {
	switch {
	case t[i] == 0x1f:
		return i+2 < len(t) && t[i+1] == 0x8b && t[i+2] == 0x08
	case t[i] == 'x' && i+1 < len(t):
		switch t[i+1] {
		case 0x01, 0x5e, 0x9c, 0xda:
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// nextPlain finds the first secret in t at or after from, in any letter
// case (net/http folds the case of header names, HTTP/2 lowercases them,
// and a name folded is still the secret less a few bits): its bounds and
// name, or -1. Every secret is a run of a secret's characters, so only
// runs at least as long as the shortest secret are looked into, and in
// them only where two letters begin some secret.
func nextPlain[T text](ix *secretIndex, t T, from int) (int, int, string) {
	for i := from; i+ix.minLen <= len(t); {
		if charClass[t[i]]&clsPlain == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(t) && charClass[t[j]]&clsPlain != 0 {
			j++
		}
		for p := i; j-i >= ix.minLen && p+ix.minLen <= j; p++ {
			if !ix.begins(lower(t[p]), lower(t[p+1])) {
				continue
			}
			for _, n := range ix.lens {
				if p+n > j {
					continue
				}
				var buf [maxSecretLen]byte
				for k := range n {
					buf[k] = lower(t[p+k])
				}
				if name, ok := ix.byLower[string(buf[:n])]; ok {
					return p, p + n, name
				}
			}
		}
		i = j
	}
	return -1, -1, ""
}

// replacePlain is t with every secret it spells plainly, in any letter
// case, replaced by its mark.
func (ix *secretIndex) replacePlain(t string) string {
	var b strings.Builder
	last := 0
	for from := 0; ; {
		start, end, name := nextPlain(ix, t, from)
		if start < 0 {
			break
		}
		b.WriteString(t[last:start])
		b.WriteString(redactionMark(name))
		last, from = end, end
	}
	if last == 0 {
		return t
	}
	b.WriteString(t[last:])
	return b.String()
}

// dropOpenEnd drops the last word of a capture that was cut: the cut may
// have split a secret, or an encoding of one, whose first part no scan can
// recognise, and every such part is a run of word characters (clsWord)
// reaching the end. A word that begins at or past keep is left: the
// journal's bound, which keeps that much, drops it.
func dropOpenEnd(s string, keep int) string {
	i := len(s)
	for i > 0 && charClass[s[i-1]]&clsWord != 0 {
		i--
	}
	if i >= keep {
		return s
	}
	return s[:journal.RuneCut(s, i)]
}
