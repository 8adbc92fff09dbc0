package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/scenariotest"
)

// TestRedactResultCoversEveryField fills every string of a client's
// result, its outcome's fields included, found by reflection, with the
// farm's bearer token in each spelling the farm's scan reads: none
// survives redactResult.
func TestRedactResultCoversEveryField(t *testing.T) {
	_, farm := scenariotest.StartFarm(t, "skill-reorganization")
	tok := farm.Credentials(mockpeer.Grants{Bearer: true}).BearerToken
	for _, enc := range scantest.Encodings() {
		name, v := enc.Name, enc.Encode(tok)
		r := runner.Result{TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{}}}
		n := fillStrings(reflect.ValueOf(&r).Elem(), v)
		if n < 7 {
			t.Fatalf("filled only %d strings", n)
		}
		redactResult(farm, &r)
		scantest.EachString(reflect.ValueOf(r), "Result", func(path, s string) {
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
