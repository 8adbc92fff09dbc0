package journal

import (
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"
)

// filled sets every field of v, recursively, to a value of its own
// (strings name their field), so that a field the codec forgets cannot
// round-trip unnoticed.
func filled(v reflect.Value, name string) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 11, 30, 12, 0, 0, 123456789, time.UTC)))
			return
		}
		for i := range v.NumField() {
			filled(v.Field(i), name+"."+v.Type().Field(i).Name)
		}
	case reflect.String:
		v.SetString(name + " ✓")
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(len(name)) * -7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			filled(s.Index(i), fmt.Sprintf("%s[%d]", name, i))
		}
		v.Set(s)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		filled(p.Elem(), name)
		v.Set(p)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		if v.Type() == reflect.TypeFor[http.Header]() {
			m.SetMapIndex(reflect.ValueOf("X-"+name), reflect.ValueOf([]string{"a", "b"}))
		} else { // request metadata: what JSON gives back
			m.SetMapIndex(reflect.ValueOf(name), reflect.ValueOf(map[string]any{"n": 1.5, "list": []any{"x", true, nil}}))
		}
		v.Set(m)
	default:
		panic("filled: no value for " + name + " of kind " + v.Kind().String())
	}
}

func TestJournalCodecRoundTripsEveryField(t *testing.T) {
	var full Exchange
	filled(reflect.ValueOf(&full).Elem(), "Exchange")
	for name, e := range map[string]Exchange{
		"every field": full,
		"zero":        {},
		"empty lists": {Time: time.Unix(0, 0).UTC(), Extensions: []string{}, Truncated: []string{""}, Auth: AuthSeen{Presented: []string{}},
			RunningShown: []int{}, Announced: []string{}, Cuts: []Cut{}, Validators: &Validators{Tags: []Validator{}}, SentContract: &SentContract{}},
		"empty header": {Time: time.Unix(0, 0).UTC(), Header: http.Header{"X-Empty": nil}},
	} {
		got, err := decodeExchange(encodeExchange(&e))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, e) {
			t.Errorf("%s: decoded\n%+v\nwant\n%+v", name, got, e)
		}
	}
}

// A record cut short or with bytes after it is an error, never a panic or
// a silently partial exchange.
func TestJournalCodecRejectsDamagedRecords(t *testing.T) {
	var full Exchange
	filled(reflect.ValueOf(&full).Elem(), "Exchange")
	data := encodeExchange(&full)
	for n := range len(data) {
		if _, err := decodeExchange(data[:n]); err == nil {
			t.Fatalf("a record cut to %d of %d bytes decoded", n, len(data))
		}
	}
	if _, err := decodeExchange(append(data, 0)); err == nil {
		t.Error("a record with a trailing byte decoded")
	}
	if _, err := decodeExchange(append([]byte{codecVersion + 1}, data[1:]...)); err == nil {
		t.Error("a record of another layout decoded")
	}
	// A flag is 0 or 1: the byte where Blocking's two records differ,
	// set to 2, is damage, not "true".
	off, on := encodeExchange(&Exchange{}), encodeExchange(&Exchange{Blocking: true})
	for i := range off {
		if off[i] != on[i] {
			off[i] = 2
			break
		}
	}
	if _, err := decodeExchange(off); err == nil {
		t.Error("a record with a flag byte of 2 decoded")
	}
}

func BenchmarkJournalEncode(b *testing.B) {
	var full Exchange
	filled(reflect.ValueOf(&full).Elem(), "Exchange")
	full.RequestMetadata = nil // the common case: only sends carry it
	b.ReportAllocs()
	for b.Loop() {
		encodeExchange(&full)
	}
}
