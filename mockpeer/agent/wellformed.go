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
// is one. data must be valid JSON.
func duplicateName(data []byte) (string, bool) {
	s := scanJSON(data, nil)
	return s.dupPath, s.dup
}

// jsonScan is what one pass over a valid JSON text finds: the first member
// name that repeats an earlier one of its object, at any depth, and the
// members of the top-level object (in text order, values raw).
type jsonScan struct {
	dupPath string
	dup     bool
	members []member
}

// member is one top-level member: its name as quoted in the text, and its
// value.
type member struct {
	quoted []byte
	value  []byte
}

func (m member) name() string { return unquoteName(m.quoted) }

// get is the value of the last member called name, as encoding/json keeps
// the last of a repeated name.
func (s *jsonScan) get(name string) ([]byte, bool) {
	for i := len(s.members) - 1; i >= 0; i-- {
		// Raw bytes are the name only without escapes: `"a\\"` is a\, not a\\.
		q := s.members[i].quoted
		if escaped := bytes.IndexByte(q, '\\') >= 0; escaped && s.members[i].name() == name ||
			!escaped && len(q) == len(name)+2 && string(q[1:len(q)-1]) == name {
			return s.members[i].value, true
		}
	}
	return nil, false
}

// scanFrame is one open object or array of scanJSON. The names of every
// open object share one slice, each frame's from its first: frames close
// in the reverse order they open. Names are compared as raw bytes while
// they have no escapes, so that a request's names cost no allocation; an
// object with many members switches to a map.
type scanFrame struct {
	isObject bool
	first    int // index of the frame's first name in the shared slice
	many     map[string]struct{}
	key      []byte // the member being read, quoted
	wantKey  bool
}

// scanJSON makes a jsonScan of data in one pass, its members appended to
// members: a caller's array on its stack holds an envelope's four without
// an allocation. Paths are built only for the answer, so that a deeply
// nested text costs linear time.
func scanJSON(data []byte, members []member) jsonScan {
	out := jsonScan{members: members}
	var stackBuf [8]scanFrame
	var namesBuf [32][]byte
	stack, names := stackBuf[:0], namesBuf[:0]
	valueStart := -1 // where the current top-level member's value starts
	for i := 0; i < len(data); i++ {
		c := data[i]
		if len(stack) == 1 && stack[0].isObject && valueStart < 0 && !stack[0].wantKey && c != ':' && !isSpace(c) && c != ',' && c != '}' {
			valueStart = i
		}
		switch c {
		case '{', '[':
			stack = append(stack, scanFrame{isObject: c == '{', wantKey: c == '{', first: len(names)})
		case '}', ']', ',':
			if len(stack) == 1 && valueStart >= 0 {
				out.members = append(out.members, member{stack[0].key, trimSpaceRight(data[valueStart:i])})
				valueStart = -1
			}
			top := &stack[len(stack)-1]
			if c == ',' {
				top.wantKey = top.isObject
				continue
			}
			names = names[:top.first]
			stack = stack[:len(stack)-1]
		case '"':
			end := stringEnd(data, i)
			if n := len(stack); n > 0 && stack[n-1].wantKey {
				top, quoted := &stack[n-1], data[i:end+1]
				var repeated bool
				names, repeated = top.seen(names, quoted)
				if repeated && !out.dup {
					out.dup, out.dupPath = true, dupPath(stack, unquoteName(quoted))
				}
				top.key, top.wantKey = quoted, false
			}
			i = end
		}
	}
	return out
}

// seen adds the quoted name to the frame's names (names[f.first:], or its
// map), reporting whether it was there already.
func (f *scanFrame) seen(names [][]byte, quoted []byte) ([][]byte, bool) {
	if f.many == nil && bytes.IndexByte(quoted, '\\') < 0 && len(names)-f.first < 16 {
		for _, n := range names[f.first:] {
			if bytes.Equal(n, quoted) {
				return names, true
			}
		}
		return append(names, quoted), false
	}
	if f.many == nil {
		f.many = make(map[string]struct{}, 32)
		for _, n := range names[f.first:] {
			f.many[unquoteName(n)] = struct{}{}
		}
		names = names[:f.first]
	}
	name := unquoteName(quoted)
	_, dup := f.many[name]
	f.many[name] = struct{}{}
	return names, dup
}

// dupPath is the path of name, repeated in the innermost frame of stack.
func dupPath(stack []scanFrame, name string) string {
	var b strings.Builder
	for i := range stack[:len(stack)-1] {
		f := &stack[i]
		if !f.isObject {
			b.WriteString("[]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(unquoteName(f.key))
	}
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	b.WriteString(name)
	return b.String()
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// trimSpaceRight is b without the JSON whitespace it ends with, as
// bytes.TrimRight(b, " \t\r\n") but with no set built for each call.
func trimSpaceRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
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
