package agent

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// checkJSON refuses what encoding/json would let through: JSON text MUST
// be UTF-8 (RFC 8259 §8.1), and encoding/json replaces invalid bytes
// instead of failing. data must be a complete JSON text.
func checkJSON(call *Call, data []byte) *Error {
	if !utf8.Valid(data) {
		return reject(call, wire.ErrParse, "body is not valid UTF-8")
	}
	if !json.Valid(data) {
		return reject(call, wire.ErrParse, "body is not valid JSON")
	}
	return nil
}

// checkUTF8 refuses path segments and query parameters that decode to
// invalid UTF-8: every string of the proto is UTF-8.
func checkUTF8(call *Call, vars map[string]string, query url.Values) *Error {
	for name, v := range vars {
		if !utf8.ValidString(v) {
			return reject(call, wire.ErrInvalidParams, "path {"+name+"} is not valid UTF-8")
		}
	}
	for name, vs := range query {
		for _, v := range vs {
			if !utf8.ValidString(name) || !utf8.ValidString(v) {
				return reject(call, wire.ErrInvalidParams, "query parameter "+quote(name)+" is not valid UTF-8")
			}
		}
	}
	return nil
}

// checkNames refuses an object with a member name twice, at any depth:
// the request then means whatever a parser picks (encoding/json keeps the
// last, ProtoJSON parsers refuse it). It returns the path of the name too.
func checkNames(call *Call, data []byte) (string, *Error) {
	path, dup := duplicateName(data)
	if !dup {
		return "", nil
	}
	return path, reject(call, wire.ErrInvalidRequest, "member "+quote(path)+" appears twice in its object")
}

// duplicateName returns the path ("params.message.role") of the first
// member name that repeats an earlier one of its object, and whether there
// is one.
// data must be valid JSON. Paths are built only for the answer, so that a
// deeply nested text costs linear time.
func duplicateName(data []byte) (string, bool) {
	type frame struct {
		names   map[string]struct{} // nil for an array
		key     string              // the member being read
		wantKey bool
	}
	var stack []frame
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '{':
			stack = append(stack, frame{names: map[string]struct{}{}, wantKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top := &stack[len(stack)-1]; top.names != nil {
				top.wantKey = true
			}
		case '"':
			end := stringEnd(data, i)
			if n := len(stack); n > 0 && stack[n-1].wantKey {
				top := &stack[n-1]
				name := unquoteName(data[i : end+1])
				if _, dup := top.names[name]; dup {
					var b strings.Builder
					for _, f := range stack[:n-1] {
						if f.names == nil {
							b.WriteString("[]")
							continue
						}
						if b.Len() > 0 {
							b.WriteByte('.')
						}
						b.WriteString(f.key)
					}
					if b.Len() > 0 {
						b.WriteByte('.')
					}
					b.WriteString(name)
					return b.String(), true
				}
				top.names[name] = struct{}{}
				top.key, top.wantKey = name, false
			}
			i = end
		}
	}
	return "", false
}

// stringEnd is the index of the quote closing the string opened at i.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(data) - 1
}

// unquoteName decodes a member name, escapes included ("\u0069d" is "id").
func unquoteName(quoted []byte) string {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return string(quoted[1 : len(quoted)-1])
	}
	var s string
	_ = json.Unmarshal(quoted, &s) // valid JSON: cannot fail
	return s
}
