package cardsig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/gowebpki/jcs"
)

// signaturesMember is the card member a payload never covers.
const signaturesMember = "signatures"

// CanonicalPayload returns the bytes a card signature covers (spec §8.4.1):
// the card as received, pruned by proto field presence (presence.go), its
// `signatures` member removed, in RFC 8785 (JCS) form. Members absent from
// the card stay absent: nothing is filled in.
//
// Security scopes written the way a2a-go writes them ({"x": [...]}) are
// read as the spec's {"x": {"list": [...]}}: every parser in this project
// reads both shapes alike, so both must sign alike. A card that JCS cannot
// canonicalize (duplicate member names, lone surrogates) is an error.
func CanonicalPayload(card []byte) ([]byte, error) {
	obj, err := decodeObject(card)
	if err != nil {
		return nil, err
	}
	delete(obj, signaturesMember)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(pruneMessage(obj, msgAgentCard)); err != nil {
		return nil, fmt.Errorf("cardsig: encode payload: %w", err)
	}
	out, err := jcs.Transform(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("cardsig: canonicalize payload: %w", err)
	}
	return out, nil
}

// decodeObject parses card strictly: JCS must accept it as it is (which
// rejects duplicate member names), and it must be one JSON object.
func decodeObject(card []byte) (map[string]any, error) {
	if _, err := jcs.Transform(card); err != nil {
		return nil, fmt.Errorf("cardsig: card is not canonicalizable JSON: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(card))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("cardsig: card is not a JSON object: %w", err)
	}
	if obj == nil {
		return nil, errors.New("cardsig: card is null")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("cardsig: data after the card object")
	}
	return obj, nil
}

// pruneMessage applies the presence rules of message msg to obj.
func pruneMessage(obj map[string]any, msg string) map[string]any {
	fields := schema[msg]
	out := make(map[string]any, len(obj))
	for name, v := range obj {
		f, known := fields[name]
		switch {
		case !known:
			out[name] = v // unknown to the verifier: covered as received
		case v == nil:
			// ProtoJSON reads null as "not set".
		default:
			if kept, ok := pruneField(f, v); ok {
				out[name] = kept
			}
		}
	}
	return out
}

// pruneField returns the value of a present, non-null member as the
// payload holds it, or false when presence rules leave it out.
func pruneField(f field, v any) (any, bool) {
	switch {
	case f.drop == dropDefault && isDefault(v):
		return nil, false
	case f.drop == dropEmpty && isEmpty(v):
		return nil, false
	case f.msg == "":
		return v, true
	}
	switch f.shape {
	case list:
		if arr, ok := v.([]any); ok {
			out := make([]any, len(arr))
			for i, e := range arr {
				out[i] = pruneValue(e, f.msg)
			}
			return out, true
		}
	case dict:
		if m, ok := v.(map[string]any); ok {
			out := make(map[string]any, len(m))
			for k, e := range m {
				out[k] = pruneValue(e, f.msg)
			}
			return out, true
		}
	default:
		return pruneValue(v, f.msg), true
	}
	return v, true // not the JSON type the proto expects: kept as received
}

// pruneValue prunes one message value; anything but an object is kept as
// received, apart from the bare-array shape of a StringList.
func pruneValue(v any, msg string) any {
	if arr, ok := v.([]any); ok && msg == msgStringList {
		v = map[string]any{"list": arr}
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return v
	}
	return pruneMessage(obj, msg)
}

func isDefault(v any) bool {
	switch t := v.(type) {
	case string:
		return t == ""
	case bool:
		return !t
	case json.Number:
		f, err := t.Float64()
		return err == nil && f == 0
	}
	return false
}

func isEmpty(v any) bool {
	switch t := v.(type) {
	case []any:
		return len(t) == 0
	case map[string]any:
		return len(t) == 0
	}
	return false
}
