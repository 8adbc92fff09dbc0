package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// decodeProto decodes ProtoJSON text into v, a pointer to a wire request
// struct, the way a ProtoJSON parser would: unknown fields are ignored,
// snake_case names are aliases of the camelCase ones, int32 values may be
// decimal strings, enums may be numbers, and null means "unset".
// Field names are matched exactly, unlike encoding/json's folding.
// The returned error names the offending field.
func decodeProto(data []byte, v any) error { return decodeProtoAs(data, v, true) }

// decodeValidProto is decodeProto for text already known to be valid
// JSON (JSON-RPC params: part of a body checked whole), which is then not
// validated again before the normal-form check.
func decodeValidProto(data []byte, v any) error {
	if jsonStart(data) == '{' && normalText(data, reflect.TypeOf(v).Elem()) {
		if decodeFlat(data, v) {
			return nil
		}
		return decodeStruct(data, v)
	}
	return decodeProtoAs(data, v, true)
}

// decodeProtoAs is decodeProto, skipping normalize for text that needs
// none only when fast is set (a test compares both ways).
func decodeProtoAs(data []byte, v any, fast bool) error {
	// Clients send camelCase names and plain values: then the text already
	// is what normalize would make of it, and is decoded as it is. Anything
	// else (an error included) takes the way below, which words its errors.
	// The check reads the text where it lies (normalText), without the
	// tree normalize would need: the text is parsed once, into v.
	if fast && jsonStart(data) == '{' && json.Valid(data) && normalText(data, reflect.TypeOf(v).Elem()) {
		if decodeFlat(data, v) {
			return nil
		}
		return decodeStruct(data, v)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return fmt.Errorf("invalid JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("invalid JSON: data after the top-level value")
	}
	if tree == nil {
		return nil // null is an empty message
	}
	if _, ok := tree.(map[string]any); !ok {
		return fmt.Errorf("expected a JSON object, got %s", jsonKind(tree))
	}
	raw := data
	if t := reflect.TypeOf(v).Elem(); !fast || !isNormal(tree, t) {
		var err error
		if raw, err = json.Marshal(normalize(tree, t)); err != nil {
			return fmt.Errorf("re-encoding: %w", err)
		}
	}
	return decodeStruct(raw, v)
}

// decodeStruct decodes normal ProtoJSON text into v, naming the field of a
// type error.
func decodeStruct(raw []byte, v any) error {
	var typeErr *json.UnmarshalTypeError
	if err := json.Unmarshal(raw, v); errors.As(err, &typeErr) {
		return fmt.Errorf("%s: expected %s, got %s", typeErr.Field, protoKind(typeErr.Type), typeErr.Value)
	} else if err != nil {
		return err
	}
	return nil
}

// normalize rewrites a generic JSON tree so that encoding/json decodes it
// into t with ProtoJSON semantics. Values it cannot fix are left as they are
// so that json.Unmarshal reports them with their field path.
func normalize(value any, t reflect.Type) any {
	switch t = pointee(t); t.Kind() {
	case reflect.Struct:
		obj, ok := value.(map[string]any)
		if !ok {
			return value
		}
		fields := fieldsOf(t)
		out := make(map[string]any, len(obj))
		for key, val := range obj {
			f, ok := fields[key]
			if !ok {
				continue // unknown field: ignored (spec §5.7)
			}
			if key != f.name {
				if _, both := obj[f.name]; both {
					continue // the camelCase spelling wins over its alias
				}
			}
			out[f.name] = normalize(val, f.typ)
		}
		return out
	case reflect.Slice:
		if list, ok := value.([]any); ok {
			for i := range list {
				list[i] = normalize(list[i], t.Elem())
			}
		}
	case reflect.Int32, reflect.Int64:
		if s, ok := value.(string); ok {
			if _, err := strconv.ParseInt(s, 10, t.Bits()); err == nil {
				return json.Number(s)
			}
		}
	case reflect.String:
		if n, ok := value.(json.Number); ok {
			return enumName(t, n.String(), value)
		}
	}
	return value
}

// isNormal reports whether normalize would leave value as it is for t:
// every member name exactly a field's camelCase name, no integer as a
// string, no enum as a number. encoding/json then decodes the text with
// the same result, its case folding never coming into play.
func isNormal(value any, t reflect.Type) bool {
	switch t = pointee(t); t.Kind() {
	case reflect.Struct:
		obj, ok := value.(map[string]any)
		if !ok {
			return true // a type error either way, reported by json.Unmarshal
		}
		fields := fieldsOf(t)
		for key, val := range obj {
			if f, ok := fields[key]; !ok || key != f.name || !isNormal(val, f.typ) {
				return false
			}
		}
	case reflect.Slice:
		if list, ok := value.([]any); ok {
			for _, item := range list {
				if !isNormal(item, t.Elem()) {
					return false
				}
			}
		}
	case reflect.Int32, reflect.Int64:
		_, isString := value.(string)
		return !isString
	case reflect.String:
		switch value.(type) {
		case json.Number, float64: // float64: a tree decoded without UseNumber
			return false
		}
	}
	return true
}

// pointee is t with every pointer followed: the type a ProtoJSON value
// of a field of type t decodes into.
func pointee(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// roleNumbers maps lf.a2a.v1.Role numbers to names.
var roleNumbers = []wire.Role{"ROLE_UNSPECIFIED", wire.RoleUser, wire.RoleAgent}

// enumName turns an enum number into its name for the two enums requests
// carry; anything else is returned unchanged.
func enumName(t reflect.Type, number string, unchanged any) any {
	switch t {
	case reflect.TypeFor[wire.Role]():
		if i, err := strconv.Atoi(number); err == nil && i >= 0 && i < len(roleNumbers) {
			return string(roleNumbers[i])
		}
	case reflect.TypeFor[wire.TaskState]():
		if st, ok := wire.ParseTaskState(number); ok {
			return string(st)
		}
	}
	return unchanged
}

type protoField struct {
	name  string // the ProtoJSON (camelCase) name
	typ   reflect.Type
	index int // of the struct field; -1 for a snake_case alias
}

var fieldCache sync.Map // reflect.Type -> map[string]protoField

// fieldsOf indexes t's JSON fields by camelCase name and snake_case alias.
func fieldsOf(t reflect.Type) map[string]protoField {
	if cached, ok := fieldCache.Load(t); ok {
		return cached.(map[string]protoField)
	}
	fields := map[string]protoField{}
	for i := range t.NumField() {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if !sf.IsExported() || name == "-" || name == "" {
			continue
		}
		fields[snakeCase(name)] = protoField{name: name, typ: sf.Type, index: -1}
		fields[name] = protoField{name: name, typ: sf.Type, index: i} // when both spell the same
	}
	fieldCache.Store(t, fields)
	return fields
}

// snakeCase turns a lowerCamelCase name into the proto field name.
func snakeCase(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// protoKind names a Go type the way a client author thinks of it.
func protoKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int32, reflect.Int64, reflect.Int:
		return "integer"
	case reflect.Slice:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return t.String()
}

// jsonKind names the type of a generic JSON value.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case []any:
		return "array"
	}
	return "object"
}
