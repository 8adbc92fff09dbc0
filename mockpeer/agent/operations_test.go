package agent

import (
	"reflect"
	"testing"
)

// TestOperationTable: every Handler method but Admit serves exactly one row
// of the table, every row has an HTTP+JSON route, and methods are unique.
func TestOperationTable(t *testing.T) {
	served := map[string]int{}
	for _, o := range operations {
		if found := byMethod[o.method]; found == nil || found.method != o.method {
			t.Errorf("%s: not found by its method", o.method)
		}
		if len(o.routes) == 0 {
			t.Errorf("%s: no HTTP+JSON route", o.method)
		}
		if o.newRequest != nil {
			served[o.method]++
		}
	}
	if len(byMethod) != len(operations) {
		t.Errorf("%d rows but %d distinct methods", len(operations), len(byMethod))
	}
	handler := reflect.TypeFor[Handler]()
	for i := range handler.NumMethod() {
		name := handler.Method(i).Name
		if name != "Admit" && served[name] != 1 {
			t.Errorf("Handler.%s serves %d rows, want 1", name, served[name])
		}
	}
	if len(served) != handler.NumMethod()-1 {
		t.Errorf("%d served rows for %d Handler methods", len(served), handler.NumMethod()-1)
	}
}
