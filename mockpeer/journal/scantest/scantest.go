// Package scantest holds the spellings a client may hide a farm secret in,
// for the tests of the scan (mockpeer/journal), of the farm that uses it
// (mockpeer) and of the engine's redaction (suite/engine): every Encoding
// the scan must see through, each with the form a finding names it by, and
// EachString, which finds every string of a value to look in.
package scantest

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// An Encoding is one spelling of a secret the scan must see through.
type Encoding struct {
	Name   string
	Encode func(string) string
	// Form is how the scan reports it ("base64 of gzip").
	Form string
}

// Base64With encodes prefix+s in enc.
func Base64With(enc *base64.Encoding, prefix string) func(string) string {
	return func(s string) string { return enc.EncodeToString([]byte(prefix + s)) }
}

// PercentAll percent-escapes every byte of s.
func PercentAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

// JSONEscapeAll writes every byte of s as a JSON \u escape.
func JSONEscapeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, `\u%04x`, s[i])
	}
	return b.String()
}

// CompressWith compresses with kind: gzip, zlib, or else raw deflate.
func CompressWith(kind string) func(string) string {
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

// MIMEWrapped is base64 broken into lines of 20 characters.
func MIMEWrapped(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	var lines []string
	for len(enc) > 20 {
		lines, enc = append(lines, enc[:20]), enc[20:]
	}
	return strings.Join(append(lines, enc), "\r\n")
}

// Chain applies fs in order.
func Chain(fs ...func(string) string) func(string) string {
	return func(s string) string {
		for _, f := range fs {
			s = f(s)
		}
		return s
	}
}

// Encodings are every spelling the scan detects, one or more layers deep:
// each base64 alphabet at each alignment inside a longer run, percent and
// JSON escapes, each compressed stream, and encodings of encodings up to
// scanDepth layers. None is the raw deflate a scan decodes only when told
// (Content-Encoding: deflate): see Deflate.
func Encodings() []Encoding {
	gz, zl := CompressWith("gzip"), CompressWith("zlib")
	std, url := base64.StdEncoding, base64.RawURLEncoding
	return []Encoding{
		{"plain", func(s string) string { return s }, "plain"},
		{"upper case", strings.ToUpper, "plain"},
		{"base64", Base64With(std, ""), "base64"},
		{"base64 unpadded", Base64With(base64.RawStdEncoding, ""), "base64"},
		{"base64url", Base64With(base64.URLEncoding, ""), "base64"},
		{"base64url unpadded", Base64With(url, ""), "base64"},
		{"base64, one byte before", Base64With(std, "x"), "base64"},
		{"base64, two bytes before", Base64With(std, "Bearer:"), "base64"},
		{"base64url, two bytes before, in a longer run", func(s string) string {
			return "abc" + url.EncodeToString([]byte("k:"+s+"...end"))
		}, "base64"},
		{"base64 in lines", MIMEWrapped, "base64"},
		{"percent-escaped", PercentAll, "percent-encoding"},
		{"JSON-escaped", JSONEscapeAll, "JSON escapes"},
		{"gzip", gz, "gzip"},
		{"zlib", zl, "zlib"},
		{"gzip behind a gRPC frame header", func(s string) string { return "\x01\x00\x00\x00\x40" + gz(s) }, "gzip"},
		{"base64 of gzip", Chain(gz, Base64With(std, "")), "base64 of gzip"},
		{"gzip of base64", Chain(Base64With(std, "u:"), gz), "gzip of base64"},
		{"base64 of percent-escaped", Chain(PercentAll, Base64With(url, "")), "base64 of percent-encoding"},
		{"percent-escaped base64", Chain(Base64With(std, ""), PercentAll), "percent-encoding of base64"},
		{"JSON-escaped base64", Chain(Base64With(std, "?"), JSONEscapeAll), "JSON escapes of base64"},
		{"base64 of base64", Chain(Base64With(std, ""), Base64With(std, "")), "base64 of base64"},
		{"percent-escaped twice", Chain(PercentAll, PercentAll), "percent-encoding of percent-encoding"},
		{"four layers: base64 of gzip of base64 of percent-escaped",
			Chain(PercentAll, Base64With(std, ""), gz, Base64With(url, "")),
			"base64 of gzip of base64 of percent-encoding"},
	}
}

// Deflate is raw deflate: found only in a body whose
// Content-Encoding says deflate.
var Deflate = Encoding{"raw deflate", CompressWith("deflate"), "deflate"}

// PrivateKeyPEM is a real private key in PEM, as a client might print it.
func PrivateKeyPEM(t testing.TB, blockType string) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	return string(pem.EncodeToMemory(&pem.Block{Type: blockType, Bytes: der}))
}

// KeyMaterial is the base64 body of a PEM block: what must never survive.
func KeyMaterial(block string) []string {
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		if l != "" && !strings.HasPrefix(l, "-----") {
			lines = append(lines, l)
		}
	}
	return lines
}

// EachString calls fn with every string v holds, through structs (their
// unexported fields too; a time.Time holds none), slices, maps (keys
// too), pointers and interfaces, and where: path, then ".Field" per
// struct field, " key" for a map key.
func EachString(v reflect.Value, path string, fn func(path, s string)) {
	switch v.Kind() {
	case reflect.String:
		fn(path, v.String())
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			return
		}
		for i := range v.NumField() {
			EachString(v.Field(i), path+"."+v.Type().Field(i).Name, fn)
		}
	case reflect.Slice:
		for i := range v.Len() {
			EachString(v.Index(i), path, fn)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			EachString(it.Key(), path+" key", fn)
			EachString(it.Value(), path, fn)
		}
	case reflect.Interface, reflect.Pointer:
		if !v.IsNil() {
			EachString(v.Elem(), path, fn)
		}
	}
}
