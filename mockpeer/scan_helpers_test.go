package mockpeer

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// An encoding is one spelling of a secret the scan must see through.
type encoding struct {
	name   string
	encode func(string) string
	// form is how the scan reports it (finding.form).
	form string
}

func b64With(enc *base64.Encoding, prefix string) func(string) string {
	return func(s string) string { return enc.EncodeToString([]byte(prefix + s)) }
}

func percentAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

func jsonEscapeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, `\u%04x`, s[i])
	}
	return b.String()
}

func compressWith(kind string) func(string) string {
	return func(s string) string {
		var buf bytes.Buffer
		var w interface {
			Write([]byte) (int, error)
			Close() error
		}
		switch kind {
		case "gzip":
			w = gzip.NewWriter(&buf)
		case "zlib":
			w = zlib.NewWriter(&buf)
		default:
			w, _ = flate.NewWriter(&buf, flate.BestCompression)
		}
		_, _ = w.Write([]byte(s))
		_ = w.Close()
		return buf.String()
	}
}

// mimeWrapped is base64 broken into lines of 20 characters.
func mimeWrapped(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	var lines []string
	for len(enc) > 20 {
		lines, enc = append(lines, enc[:20]), enc[20:]
	}
	return strings.Join(append(lines, enc), "\r\n")
}

func chain(fs ...func(string) string) func(string) string {
	return func(s string) string {
		for _, f := range fs {
			s = f(s)
		}
		return s
	}
}

// encodings are every spelling the scan detects, one or more layers deep:
// each base64 alphabet at each alignment inside a longer run, percent and
// JSON escapes, each compressed stream, and encodings of encodings up to
// scanDepth layers. None is the raw deflate a scan decodes only when told
// (Content-Encoding: deflate): see deflateEncoding.
func encodings() []encoding {
	gz, zl := compressWith("gzip"), compressWith("zlib")
	std, url := base64.StdEncoding, base64.RawURLEncoding
	return []encoding{
		{"plain", func(s string) string { return s }, "plain"},
		{"upper case", strings.ToUpper, "plain"},
		{"base64", b64With(std, ""), "base64"},
		{"base64 unpadded", b64With(base64.RawStdEncoding, ""), "base64"},
		{"base64url", b64With(base64.URLEncoding, ""), "base64"},
		{"base64url unpadded", b64With(url, ""), "base64"},
		{"base64, one byte before", b64With(std, "x"), "base64"},
		{"base64, two bytes before", b64With(std, "Bearer:"), "base64"},
		{"base64url, two bytes before, in a longer run", func(s string) string {
			return "abc" + url.EncodeToString([]byte("k:"+s+"...end"))
		}, "base64"},
		{"base64 in lines", mimeWrapped, "base64"},
		{"percent-escaped", percentAll, "percent-encoding"},
		{"JSON-escaped", jsonEscapeAll, "JSON escapes"},
		{"gzip", gz, "gzip"},
		{"zlib", zl, "zlib"},
		{"gzip behind a gRPC frame header", func(s string) string { return "\x01\x00\x00\x00\x40" + gz(s) }, "gzip"},
		{"base64 of gzip", chain(gz, b64With(std, "")), "base64 of gzip"},
		{"gzip of base64", chain(b64With(std, "u:"), gz), "gzip of base64"},
		{"base64 of percent-escaped", chain(percentAll, b64With(url, "")), "base64 of percent-encoding"},
		{"percent-escaped base64", chain(b64With(std, ""), percentAll), "percent-encoding of base64"},
		{"JSON-escaped base64", chain(b64With(std, "?"), jsonEscapeAll), "JSON escapes of base64"},
		{"base64 of base64", chain(b64With(std, ""), b64With(std, "")), "base64 of base64"},
		{"percent-escaped twice", chain(percentAll, percentAll), "percent-encoding of percent-encoding"},
		{"four layers: base64 of gzip of base64 of percent-escaped",
			chain(percentAll, b64With(std, ""), gz, b64With(url, "")),
			"base64 of gzip of base64 of percent-encoding"},
	}
}

// deflateEncoding is raw deflate: found only in a body whose
// Content-Encoding says deflate.
var deflateEncoding = encoding{"raw deflate", compressWith("deflate"), "deflate"}

// testIndex is the index of a fresh set of farm secrets.
func testIndex(t testing.TB) (*secrets, *secretIndex) {
	t.Helper()
	s, err := newSecrets()
	if err != nil {
		t.Fatal(err)
	}
	return s, s.current()
}
