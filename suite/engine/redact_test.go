package engine

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// spellings of a token a client might write: as it is, and in some of the
// forms the farm's scan reads (mockpeer has the full table).
func spellings(tok string) map[string]string {
	var pct strings.Builder
	for i := 0; i < len(tok); i++ {
		fmt.Fprintf(&pct, "%%%02x", tok[i])
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(tok))
	_ = zw.Close()
	return map[string]string{
		"plain":          "token " + tok + " end",
		"base64":         base64.StdEncoding.EncodeToString([]byte("Bearer " + tok)),
		"percent":        pct.String(),
		"base64 of gzip": base64.RawURLEncoding.EncodeToString(gz.Bytes()),
	}
}

// TestRedactResultCoversEveryField fills every string of a client's
// result, its outcome's fields included, found by reflection, with the
// farm's bearer token in each spelling: none survives redactResult.
func TestRedactResultCoversEveryField(t *testing.T) {
	spec := lookup(t, "skill-reorganization").FarmSpec()
	spec.Dir = t.TempDir()
	farm, err := mockpeer.Start(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer farm.Close()
	tok := farm.Credentials(mockpeer.Grants{Bearer: true}).BearerToken
	for name, v := range spellings(tok) {
		r := runner.Result{TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{}}}
		n := fillStrings(reflect.ValueOf(&r).Elem(), v)
		if n < 7 {
			t.Fatalf("filled only %d strings", n)
		}
		redactResult(farm, &r)
		eachString(reflect.ValueOf(r), "Result", func(path, s string) {
			if found, err := journal.SecretsIn(s, map[string]string{journal.CredBearer: tok}); err != nil || len(found) > 0 || strings.Contains(s, v) {
				t.Errorf("%s: %s keeps the token: %q", name, path, s)
			}
		})
	}
}

// fillStrings sets every string v holds, through pointers, to s; it
// returns how many.
func fillStrings(v reflect.Value, s string) int {
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
		return 1
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				n += fillStrings(v.Field(i), s)
			}
		}
		return n
	case reflect.Pointer:
		if !v.IsNil() {
			return fillStrings(v.Elem(), s)
		}
	}
	return 0
}

// eachString calls fn with every string v holds, and where.
func eachString(v reflect.Value, path string, fn func(path, s string)) {
	switch v.Kind() {
	case reflect.String:
		fn(path, v.String())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				eachString(v.Field(i), path+"."+v.Type().Field(i).Name, fn)
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			eachString(v.Elem(), path, fn)
		}
	}
}
