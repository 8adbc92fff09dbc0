package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The JSON Schemas of the contract (outcome.schema.json, session.schema.json)
// are held here to what this package writes and refuses. The check below
// knows the few keywords the schemas use and stops at any other, so a schema
// cannot grow a rule this test would silently ignore.

// schemaKeywords are the keywords schemaSet validates (or, for the
// annotations, knows to ignore).
var schemaKeywords = map[string]bool{"$schema": true, "$id": true, "title": true, "description": true,
	"$defs": true, "$ref": true, "allOf": true, "oneOf": true, "type": true, "required": true,
	"properties": true, "enum": true, "minimum": true}

// schemaSet is the contract's schema files by name, for $ref.
type schemaSet struct {
	t    *testing.T
	docs map[string]map[string]any
}

func loadSchemas(t *testing.T) *schemaSet {
	t.Helper()
	s := &schemaSet{t: t, docs: map[string]map[string]any{}}
	for _, name := range []string{"outcome.schema.json", "session.schema.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if id, _ := doc["$id"].(string); !strings.HasSuffix(id, "/runner/driver/"+name) {
			t.Fatalf("%s: $id %q does not name the file", name, id)
		}
		s.docs[name] = doc
	}
	return s
}

// problems validates the JSON text instance against ref ("file#/pointer").
func (s *schemaSet) problems(ref string, instance []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(instance))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	file, sch := s.resolve("", ref)
	return s.check(file, sch, v, "")
}

func (s *schemaSet) resolve(from, ref string) (string, map[string]any) {
	file, pointer, _ := strings.Cut(ref, "#")
	if file == "" {
		file = from
	}
	node, ok := s.docs[file]
	if !ok {
		s.t.Fatalf("$ref %q: no schema %q", ref, file)
	}
	for part := range strings.SplitSeq(strings.TrimPrefix(pointer, "/"), "/") {
		if part == "" {
			continue
		}
		if node, ok = node[part].(map[string]any); !ok {
			s.t.Fatalf("$ref %q: nothing at %q", ref, part)
		}
	}
	return file, node
}

func (s *schemaSet) check(file string, sch map[string]any, v any, at string) []string {
	for k := range sch {
		if !schemaKeywords[k] {
			s.t.Fatalf("%s: keyword %q is not one this test validates", file, k)
		}
	}
	var out []string
	if ref, ok := sch["$ref"].(string); ok {
		f, target := s.resolve(file, ref)
		out = append(out, s.check(f, target, v, at)...)
	}
	for _, sub := range subschemas(sch["allOf"]) {
		out = append(out, s.check(file, sub, v, at)...)
	}
	if alts := subschemas(sch["oneOf"]); len(alts) > 0 {
		matched := 0
		for _, sub := range alts {
			if len(s.check(file, sub, v, at)) == 0 {
				matched++
			}
		}
		if matched != 1 {
			out = append(out, fmt.Sprintf("%s: matches %d of oneOf, want 1", at, matched))
		}
	}
	if typ, ok := sch["type"].(string); ok && !hasType(v, typ) {
		return append(out, fmt.Sprintf("%s: %v is not of type %s", at, v, typ))
	}
	if enum, ok := sch["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return reflect.DeepEqual(e, v) }) {
		out = append(out, fmt.Sprintf("%s: %v is not one of %v", at, v, enum))
	}
	if min, ok := sch["minimum"].(float64); ok {
		if n, isNum := v.(json.Number); isNum {
			if f, _ := n.Float64(); f < min {
				out = append(out, fmt.Sprintf("%s: %v is below %v", at, v, min))
			}
		}
	}
	obj, isObject := v.(map[string]any)
	if !isObject {
		return out
	}
	required, _ := sch["required"].([]any)
	for _, name := range required {
		if _, ok := obj[name.(string)]; !ok {
			out = append(out, fmt.Sprintf("%s: %s is missing", at, name))
		}
	}
	props, _ := sch["properties"].(map[string]any)
	for name, sub := range props {
		if member, ok := obj[name]; ok {
			out = append(out, s.check(file, sub.(map[string]any), member, at+"/"+name)...)
		}
	}
	return out
}

func subschemas(v any) []map[string]any {
	list, _ := v.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, sub := range list {
		out = append(out, sub.(map[string]any))
	}
	return out
}

func hasType(v any, typ string) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		_, err := strconv.ParseInt(n.String(), 10, 64)
		return err == nil
	}
	panic("schema_test: type " + typ + " is not one this test validates")
}

// The schema's vocabulary is the code's.
func TestSchemaListsTheVocabulary(t *testing.T) {
	s := loadSchemas(t)
	props := s.docs["outcome.schema.json"]["properties"].(map[string]any)
	enum := func(name string) []string {
		var out []string
		for _, v := range props[name].(map[string]any)["enum"].([]any) {
			out = append(out, v.(string))
		}
		return out
	}
	var kinds, reasons []string
	for _, k := range OutcomeKinds() {
		kinds = append(kinds, string(k))
	}
	for _, r := range Reasons() {
		reasons = append(reasons, string(r))
	}
	if got := enum("outcome"); !slices.Equal(got, kinds) {
		t.Errorf("outcome.schema.json lists outcomes %v, the code %v", got, kinds)
	}
	if got := enum("reason"); !slices.Equal(got, reasons) {
		t.Errorf("outcome.schema.json lists reasons %v, the code %v", got, reasons)
	}
}

// Every outcome WriteOutcome writes is valid, and the schema refuses what
// ParseOutcome refuses as an object (size and trailing data are the file's,
// not the object's).
func TestSchemaOfOutcomeFiles(t *testing.T) {
	s := loadSchemas(t)
	path := filepath.Join(t.TempDir(), "outcome.json")
	for _, o := range []Outcome{{Outcome: OutcomeCompleted, TaskID: "task-7", Detail: "TASK_STATE_COMPLETED"},
		{Outcome: OutcomeAborted, Reason: ReasonContractChanged, Detail: "securitySchemes changed"},
		{Outcome: OutcomeFailed, Reason: ReasonDeadline}, {Outcome: OutcomeCanceled}, {Outcome: OutcomeRejected, Reason: ReasonPeerError}} {
		if err := WriteOutcome(path, o); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if p := s.problems("outcome.schema.json", data); len(p) > 0 {
			t.Errorf("written outcome %s: %v", data, p)
		}
	}
	for _, c := range []struct {
		object string
		valid  bool
	}{
		{`{"outcome":"completed","later":{"members":true}}`, true},
		{`{"outcome":"aborted","reason":"untrusted-endpoint","taskId":"","detail":""}`, true},
		{`{}`, false},
		{`{"outcome":"done"}`, false},
		{`{"outcome":"aborted","reason":"because"}`, false},
		{`{"outcome":5}`, false},
		{`{"outcome":"completed","taskId":7}`, false},
		{`{"outcome":"failed","detail":["x"]}`, false},
		{`["completed"]`, false},
		{`"completed"`, false},
	} {
		schemaProblems := s.problems("outcome.schema.json", []byte(c.object))
		_, parseProblem := ParseOutcome([]byte(c.object))
		if (len(schemaProblems) == 0) != c.valid {
			t.Errorf("%s: schema problems %v, want valid %v", c.object, schemaProblems, c.valid)
		}
		if (parseProblem == "") != c.valid {
			t.Errorf("%s: ParseOutcome problem %q, want valid %v", c.object, parseProblem, c.valid)
		}
	}
}

// The task lines the runner writes (TaskLineOf, marshalled) and the outcome
// lines Serve writes are valid session lines; malformed ones are not.
func TestSchemaOfSessionLines(t *testing.T) {
	s := loadSchemas(t)
	var in bytes.Buffer
	for i, a := range []Assignment{{CardURL: "https://127.0.0.1:1/.well-known/agent-card.json", Message: "m", Skill: "summarize", Deadline: 30 * time.Second},
		{Task: 2, CardURL: "https://127.0.0.1:1/c", Deadline: 0}} {
		line, err := json.Marshal(TaskLineOf(a))
		if err != nil {
			t.Fatal(err)
		}
		for _, ref := range []string{"session.schema.json#/$defs/taskLine", "session.schema.json"} {
			if p := s.problems(ref, line); len(p) > 0 {
				t.Errorf("task line %d %s against %s: %v", i+1, line, ref, p)
			}
		}
		in.Write(append(line, '\n'))
	}
	var out bytes.Buffer
	outcomes := []Outcome{{Outcome: OutcomeCompleted, TaskID: "task-1"}, {Outcome: OutcomeAborted, Reason: ReasonContractChanged, Detail: "d"}}
	err := Serve(context.Background(), Assignment{}, &in, &out, func(_ context.Context, a Assignment) Outcome { return outcomes[a.Task-1] })
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	if len(lines) != len(outcomes) {
		t.Fatalf("Serve wrote %d lines, want %d", len(lines), len(outcomes))
	}
	for _, line := range lines {
		for _, ref := range []string{"session.schema.json#/$defs/outcomeLine", "session.schema.json"} {
			if p := s.problems(ref, line); len(p) > 0 {
				t.Errorf("outcome line %s against %s: %v", line, ref, p)
			}
		}
	}
	for _, c := range []struct{ ref, line string }{
		{"#/$defs/taskLine", `{"task":1,"message":"m","skill":"s","deadlineMs":1}`},
		{"#/$defs/taskLine", `{"task":1,"cardUrl":"u","message":"m","skill":"s","deadlineMs":"1000"}`},
		{"#/$defs/taskLine", `{"task":0,"cardUrl":"u","message":"m","skill":"s","deadlineMs":1}`},
		{"#/$defs/outcomeLine", `{"outcome":"completed"}`},
		{"#/$defs/outcomeLine", `{"task":"1","outcome":"completed"}`},
		{"#/$defs/outcomeLine", `{"task":1.5,"outcome":"completed"}`},
		{"#/$defs/outcomeLine", `{"task":1,"outcome":"finished"}`},
		{"", `{"task":1}`},
		{"", `{"task":1,"cardUrl":"u","message":"m","skill":"s","deadlineMs":1,"outcome":"completed"}`},
	} {
		if p := s.problems("session.schema.json"+c.ref, []byte(c.line)); len(p) == 0 {
			t.Errorf("%s is a valid session line (%s), want invalid", c.line, c.ref)
		}
	}
}
