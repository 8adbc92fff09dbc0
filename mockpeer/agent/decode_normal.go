package agent

import (
	"bytes"
	"encoding/json"
	"reflect"
	"unicode/utf8"
)

// normalText is isNormal read from valid JSON text instead of a decoded
// tree: it allocates nothing. It looks at every member, a repeated name's
// earlier ones too, so it is never more lenient than isNormal (a text it
// refuses takes the normalising way, which is right for any text).
func normalText(data []byte, t reflect.Type) bool {
	_, ok := normalAt(data, skipSpace(data, 0), t)
	return ok
}

// normalAt checks the value that starts at data[i] against t and returns
// where it ends.
func normalAt(data []byte, i int, t reflect.Type) (int, bool) {
	t = pointee(t)
	c := data[i]
	switch {
	case t.Kind() == reflect.Struct && c == '{':
		return normalObject(data, i, t)
	case t.Kind() == reflect.Slice && c == '[':
		return normalArray(data, i, t.Elem())
	case t.Kind() == reflect.Int32 || t.Kind() == reflect.Int64:
		if c == '"' {
			return 0, false // an integer as a string
		}
	case t.Kind() == reflect.String:
		if c == '-' || c >= '0' && c <= '9' {
			return 0, false // an enum as a number
		}
	}
	return valueEnd(data, i), true
}

func normalObject(data []byte, i int, t reflect.Type) (int, bool) {
	fields := fieldsOf(t)
	i = skipSpace(data, i+1)
	if data[i] == '}' {
		return i + 1, true
	}
	for {
		end := stringEnd(data, i)
		name := unquoteName(data[i : end+1])
		f, known := fields[name]
		if !known || name != f.name {
			return 0, false
		}
		i = skipSpace(data, skipSpace(data, end+1)+1) // past the colon
		var ok bool
		if i, ok = normalAt(data, i, f.typ); !ok {
			return 0, false
		}
		i = skipSpace(data, i)
		if data[i] == '}' {
			return i + 1, true
		}
		i = skipSpace(data, i+1) // past the comma
	}
}

func normalArray(data []byte, i int, elem reflect.Type) (int, bool) {
	i = skipSpace(data, i+1)
	if data[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = normalAt(data, i, elem); !ok {
			return 0, false
		}
		i = skipSpace(data, i)
		if data[i] == ']' {
			return i + 1, true
		}
		i = skipSpace(data, i+1)
	}
}

// valueEnd is the index just past the valid JSON value at data[i].
func valueEnd(data []byte, i int) int {
	switch data[i] {
	case '"':
		return stringEnd(data, i) + 1
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				j = stringEnd(data, j)
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(data)
	}
	j := i // a number, true, false or null
	for j < len(data) && !isSpace(data[j]) && data[j] != ',' && data[j] != '}' && data[j] != ']' {
		j++
	}
	return j
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

var (
	stringType      = reflect.TypeFor[string]()
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
)

// decodeFlat decodes valid, normal JSON text (normalText) into v, a
// pointer to a struct, when every member is an escape-free string of a
// plain string field, as a poll's params are ({"id":"task-1"}): what
// json.Unmarshal would make of it, without its second pass over the text
// and its reflection per member. It reports false, having set nothing,
// for any other text, which json.Unmarshal then decodes.
func decodeFlat(data []byte, v any) bool {
	rv := reflect.ValueOf(v)
	t := rv.Type()
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct || t.Implements(unmarshalerType) {
		return false
	}
	fields := fieldsOf(t.Elem())
	var set [4]struct {
		index int
		value []byte
	}
	n := 0
	i := skipSpace(data, skipSpace(data, 0)+1)
	for i < len(data) && data[i] != '}' {
		end := stringEnd(data, i)
		name := data[i+1 : end]
		f, known := fields[string(name)]
		i = skipSpace(data, skipSpace(data, end+1)+1)
		if !known || f.typ != stringType || f.index < 0 || data[i] != '"' || n == len(set) {
			return false
		}
		vend := stringEnd(data, i)
		value := data[i+1 : vend]
		if bytes.IndexByte(value, '\\') >= 0 || !utf8.Valid(value) {
			return false
		}
		set[n].index, set[n].value = f.index, value
		n++
		i = skipSpace(data, vend+1)
		if data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	s := rv.Elem()
	for _, m := range set[:n] {
		s.Field(m.index).SetString(string(m.value))
	}
	return true
}
