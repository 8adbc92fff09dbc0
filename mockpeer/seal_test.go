package mockpeer

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

// farmWrites are the fields of Exchange the farm writes. Every other field
// holding a string is the client's: what it holds was sent, and counts as
// presented. A field added to Exchange is the client's until listed here.
var farmWrites = []string{"Peer", "Origin", "Route", "Binding", "ContractHash", "StateBefore", "StateAfter",
	"Response", "Auth.Presented", "Auth.TokenScopes", "Auth.TokenState", "Truncated", "Announced", "SentContract.Hash", "Cuts.Field",
	"Conn.Remote", "Conn.Handshake", "Conn.Protocol", "Conn.EndedBy", "Conn.Unscanned", "CardFault",
	"Auth.Places.Cred", "Auth.Places.Where"}

// TestSealRedactsEveryField fills each field of an Exchange that can hold
// a string, found by reflection, with a secret in each encoding the scan
// detects, and seals it: no string of the sealed exchange, nor its JSON,
// holds the secret in any form the scan finds, nor the encoded text
// itself; and the secret is presented exactly when the client wrote it.
func TestSealRedactsEveryField(t *testing.T) {
	s, ix := testIndex(t)
	farm := &Farm{secrets: s, journal: journal.New(journal.JournalLimits{}, nil)}
	fields := stringFields(t, reflect.TypeFor[journal.Exchange](), "")
	if len(fields) < 20 {
		t.Fatalf("found only %d fields: %v", len(fields), fields)
	}
	for _, enc := range scantest.Encodings() {
		for _, field := range fields {
			sent := enc.Encode(s.bearer)
			var e journal.Exchange
			fill(t, reflect.ValueOf(&e).Elem(), field, sent)
			farm.seal(&e, false, false)
			checkSealed(t, ix, e, enc.Name+" in "+field, sent)
			if presented, want := slices.Contains(e.Auth.Presented, journal.CredBearer), !slices.Contains(farmWrites, field); presented != want {
				t.Errorf("%s in %s: presented %v, want bearer presented %v", enc.Name, field, e.Auth.Presented, want)
			}
		}
	}
	t.Run("a raw deflate body", func(t *testing.T) {
		sent := scantest.Deflate.Encode(`{"t":"` + s.bearer + `"}`)
		e := journal.Exchange{Header: http.Header{"Content-Encoding": {"deflate"}}, Body: sent}
		farm.seal(&e, false, false)
		checkSealed(t, ix, e, "raw deflate body", sent)
		if !slices.Contains(e.Auth.Presented, journal.CredBearer) {
			t.Errorf("presented %v", e.Auth.Presented)
		}
	})
}

func checkSealed(t *testing.T, ix *journal.SecretIndex, e journal.Exchange, what, sent string) {
	t.Helper()
	raw, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if res := ix.Scan(string(raw), false); res.Any() {
		t.Errorf("%s: the sealed exchange's JSON holds %v:\n%s", what, res.Names(), raw)
	}
	scantest.EachString(reflect.ValueOf(e), "", func(path, v string) {
		if res := ix.Scan(v, false); res.Any() {
			t.Errorf("%s: sealed %s holds %v: %q", what, path, res.Names(), v)
		}
		if len(sent) >= 8 && strings.Contains(v, sent) {
			t.Errorf("%s: sealed %s keeps what was sent: %q", what, path, v)
		}
	})
}

// stringFields are the paths of the fields of typ that hold strings: a
// string, a list of them, a header, decoded JSON, or a struct holding any,
// directly, through a pointer or as the items of a list.
func stringFields(t *testing.T, typ reflect.Type, prefix string) []string {
	var out []string
	for f := range typ.Fields() {
		path := prefix + f.Name
		ft := f.Type
		if ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
			ft = ft.Elem()
		}
		switch {
		case ft == reflect.TypeFor[time.Time]():
		case ft.Kind() == reflect.String, ft == reflect.TypeFor[[]string](), ft == reflect.TypeFor[http.Header](),
			ft == reflect.TypeFor[map[string]any]():
			out = append(out, path)
		case ft.Kind() == reflect.Struct:
			out = append(out, stringFields(t, ft, path+".")...)
		case ft.Kind() == reflect.Bool, ft.Kind() == reflect.Int, ft.Kind() == reflect.Int64, ft == reflect.TypeFor[[]int]():
		default:
			t.Fatalf("Exchange.%s is a %s: teach this test to fill it, and seal to redact it", path, f.Type)
		}
	}
	return out
}

// fill sets the field at path to hold v: every key and value of a map, a
// one-item list, a pointer or a list of one struct made on the way.
func fill(t *testing.T, e reflect.Value, path, v string) {
	name, rest, nested := strings.Cut(path, ".")
	f := e.FieldByName(name)
	if nested {
		switch f.Kind() {
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
			f = f.Elem()
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
			f = f.Index(0)
		}
		fill(t, f, rest, v)
		return
	}
	switch f.Type() {
	case reflect.TypeFor[[]string]():
		f.Set(reflect.ValueOf([]string{v}))
	case reflect.TypeFor[http.Header]():
		f.Set(reflect.ValueOf(http.Header{v: {v}, "X-Request-Id": {v}, "Authorization": {v}}))
	case reflect.TypeFor[map[string]any]():
		f.Set(reflect.ValueOf(map[string]any{v: []any{v, map[string]any{"k": v}}}))
	default:
		f.SetString(v)
	}
}

// testIndex is the index of a fresh set of farm secrets.
func testIndex(t testing.TB) (*secrets, *journal.SecretIndex) {
	t.Helper()
	s, err := newSecrets()
	if err != nil {
		t.Fatal(err)
	}
	return s, s.current()
}
