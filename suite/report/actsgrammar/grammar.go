// Package actsgrammar checks a document against the report grammar of the
// A2A conformance-test draft (ACTS), a2aproject/A2A branch
// conformance-spec at commit dbcabfba4f01cc162c965f0fde5f44fc1f1e70e5,
// docs/acts-specification.md §13.1–13.3 and Appendix A ("Report Format").
// It works on the decoded JSON, not on this suite's Go types, so that a
// wrong tag, a missing field or a number written as a string is caught.
//
// Besides the draft's types it checks what the draft states in prose or
// implies: generated_at is an ISO 8601 timestamp, and every total is the
// sum of its parts and the count of the tests it summarises (§12.7). Rules
// of this suite's own, stricter than the draft, are in suite.go.
package actsgrammar

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
)

// Enums of the draft.
var (
	transports = []string{"jsonrpc", "grpc", "rest"}
	levels     = []string{"must", "should", "may"}
	results    = []string{"pass", "fail", "skip", "error"}
)

// field is one member of a CDDL map: its name, whether it is optional, and
// the check of its value.
type field struct {
	name     string
	optional bool
	check    func(c *checker, path string, v any)
}

// checker collects every problem found, each with its JSON path.
type checker struct{ problems []error }

func (c *checker) fail(path, format string, args ...any) {
	c.problems = append(c.problems, fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...)))
}

// Validate checks a decoded ACTS report (json.Unmarshal into any) against
// the draft's grammar and its summary arithmetic.
func Validate(doc any) error {
	c := &checker{}
	c.object("$", doc, report)
	if len(c.problems) == 0 {
		c.arithmetic(doc.(map[string]any))
	}
	return errors.Join(c.problems...)
}

// The draft's maps are closed: a member it does not name is an error.
func (c *checker) object(path string, v any, fields []field) {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail(path, "want an object, got %T", v)
		return
	}
	for _, f := range fields {
		val, ok := m[f.name]
		switch {
		case ok:
			f.check(c, path+"."+f.name, val)
		case !f.optional:
			c.fail(path, "missing %s", f.name)
		}
	}
	for name := range m {
		if !slices.ContainsFunc(fields, func(f field) bool { return f.name == name }) {
			c.fail(path, "unknown member %s", name)
		}
	}
}

func text(c *checker, path string, v any) {
	if _, ok := v.(string); !ok {
		c.fail(path, "want text, got %T", v)
	}
}

func integer(c *checker, path string, v any) {
	n, ok := v.(float64)
	if !ok || n != math.Trunc(n) {
		c.fail(path, "want an integer, got %v", v)
	}
}

func timestamp(c *checker, path string, v any) {
	s, ok := v.(string)
	if _, err := time.Parse(time.RFC3339, s); !ok || err != nil {
		c.fail(path, "want an ISO 8601 timestamp, got %v", v)
	}
}

func oneOf(values []string) func(*checker, string, any) {
	return func(c *checker, path string, v any) {
		if s, ok := v.(string); !ok || !slices.Contains(values, s) {
			c.fail(path, "want one of %v, got %v", values, v)
		}
	}
}

func obj(fields []field) func(*checker, string, any) {
	return func(c *checker, path string, v any) { c.object(path, v, fields) }
}

// nonEmpty is the draft's [+ x]: an array of at least one x.
func nonEmpty(each func(*checker, string, any)) func(*checker, string, any) {
	return func(c *checker, path string, v any) {
		a, ok := v.([]any)
		if !ok || len(a) == 0 {
			c.fail(path, "want a non-empty array, got %v", v)
			return
		}
		for i, e := range a {
			each(c, fmt.Sprintf("%s[%d]", path, i), e)
		}
	}
}

// textMap is { * text => text }.
func textMap(c *checker, path string, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail(path, "want an object, got %T", v)
		return
	}
	for k, e := range m {
		text(c, path+"."+k, e)
	}
}
