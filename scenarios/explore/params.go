// Package explore is the generated catalog: `a2a-conform run --explore N
// --seed S` plays N scenario variants beside the fixed catalog, each one
// field of the contract model's table (scenarios.Fields) changed at one
// point of a session, with one kind of validator, over one binding, with or
// without a signature that makes a cross-origin endpoint authoritative. The
// variants cover the parameter space pairwise (pairwise.go); what each
// requires is derived from the contract model's rules (rules.go), its
// oracle the contract hash; a seed and N give the same variants, byte for
// byte, so a failure replays exactly.
package explore

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Point is when in a session the field changes.
type Point string

// The points of a session at which a field changes.
const (
	// FirstContact: the session's first card already has the change.
	FirstContact Point = "first-contact"
	// BeforeSend: between the client's look at the card and its send.
	BeforeSend Point = "before-send"
	// BetweenTasks: after one task ends, before the next is handed out.
	BetweenTasks Point = "between-tasks"
	// MidTask: while a task the client sent runs.
	MidTask Point = "mid-task"
)

// Points lists every point, in a fixed order.
func Points() []Point { return []Point{FirstContact, BeforeSend, BetweenTasks, MidTask} }

// Validator is what the peer gives to revalidate the card with.
type Validator string

// The validators a peer may give.
const (
	ETag         Validator = "etag"
	LastModified Validator = "last-modified"
	NoValidator  Validator = "none"
)

// Validators lists every validator, in a fixed order.
func Validators() []Validator { return []Validator{ETag, LastModified, NoValidator} }

// Variant is one generated scenario's parameters.
type Variant struct {
	Field     string // a scenarios.Field ID
	Point     Point
	Validator Validator
	Binding   string // a protocolBinding value
	// Signed: the card's interfaces are on another origin, made
	// authoritative by a valid signature (as in repointed-endpoint-signed).
	Signed bool
}

// ID is the variant's stable scenario ID, made of its parameters alone.
func (v Variant) ID() string {
	id := fmt.Sprintf("x-%s-%s-%s-%s", v.Field, v.Point, v.Validator, bindingSlug(v.Binding))
	if v.Signed {
		id += "-signed"
	}
	return id
}

// Params are the parameters by name, as the reports show them.
func (v Variant) Params() map[string]string {
	signed := "no"
	if v.Signed {
		signed = "yes"
	}
	return map[string]string{"field": v.Field, "point": string(v.Point), "validator": string(v.Validator),
		"binding": v.Binding, "signed": signed}
}

// ParamNames are the names of Params, in the order reports list them.
func ParamNames() []string { return []string{"field", "point", "validator", "binding", "signed"} }

func bindingSlug(b string) string {
	switch b {
	case wire.BindingHTTPJSON:
		return "httpjson"
	}
	return strings.ToLower(b)
}
