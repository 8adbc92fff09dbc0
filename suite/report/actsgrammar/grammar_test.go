package actsgrammar

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const example = "acts-report-example-client-rest-20260601T120000Z.json"

// decodeExample is the checked-in valid document, decoded afresh.
func decodeExample(t *testing.T) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", example))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestTheExampleIsValid(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", example))
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateFile(example, raw); err != nil {
		t.Fatal(err)
	}
}

// Each breach of the draft's grammar or arithmetic is found, and named by
// its path.
func TestTheGrammarRejects(t *testing.T) {
	at := func(doc map[string]any, path ...any) map[string]any {
		var v any = doc
		for _, p := range path {
			switch p := p.(type) {
			case string:
				v = v.(map[string]any)[p]
			case int:
				v = v.([]any)[p]
			}
		}
		return v.(map[string]any)
	}
	firstTest := func(doc map[string]any) map[string]any { return at(doc, "suites", 0, "tests", 0) }
	cases := []struct {
		name, want string
		breach     func(doc map[string]any)
	}{
		{"a missing member", "$: missing generated_at", func(d map[string]any) { delete(d, "generated_at") }},
		{"an unknown member", "$: unknown member metadata", func(d map[string]any) { d["metadata"] = map[string]any{} }},
		{"the specification's binding name as transport", "$.transport: want one of", func(d map[string]any) { d["transport"] = "HTTP+JSON" }},
		{"an upper-case level", "$.suites[0].tests[0].level", func(d map[string]any) { firstTest(d)["level"] = "MUST" }},
		{"this suite's verdict name", "$.suites[0].tests[0].result", func(d map[string]any) { firstTest(d)["result"] = "not-applicable" }},
		{"a duration as text", "$.suites[0].tests[0].duration_ms: want an integer", func(d map[string]any) { firstTest(d)["duration_ms"] = "0" }},
		{"a fractional count", "$.summary.total: want an integer", func(d map[string]any) { at(d, "summary")["total"] = 5.5 }},
		{"no suites", "$.suites: want a non-empty array", func(d map[string]any) { d["suites"] = []any{} }},
		{"a suite without tests", "$.suites[0].tests: want a non-empty array", func(d map[string]any) { at(d, "suites", 0)["tests"] = []any{} }},
		{"a level missing from by_level", "$.summary.by_level: missing may", func(d map[string]any) { delete(at(d, "summary", "by_level"), "may") }},
		{"a failure without message", "failure: missing message", func(d map[string]any) {
			delete(at(d, "suites", 0, "tests", 1, "failure"), "message")
		}},
		{"a timestamp that is not ISO 8601", "$.generated_at", func(d map[string]any) { d["generated_at"] = "June 1st" }},
		{"environment values that are not text", "$.environment.port", func(d map[string]any) { at(d, "environment")["port"] = 8080.0 }},
		{"sdk without language", "$.sdk: missing language", func(d map[string]any) { delete(at(d, "sdk"), "language") }},
		{"a step with a bad result", "steps[0].result", func(d map[string]any) { at(d, "suites", 0, "tests", 4, "steps", 0)["result"] = "passed" }},
		{"a total that is not the sum of its parts", "$.summary: total 6 is not", func(d map[string]any) { at(d, "summary")["total"] = 6.0 }},
		{"counts that disagree with the tests", "$.summary.by_level.must: counts", func(d map[string]any) {
			m := at(d, "summary", "by_level", "must")
			m["passed"], m["failed"] = 2.0, 0.0
		}},
		{"a summary that counts a test twice", "$.summary: counts", func(d map[string]any) {
			s := at(d, "summary")
			s["total"], s["passed"] = 6.0, 2.0
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := decodeExample(t)
			c.breach(doc)
			err := Validate(doc)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
}

// The file-level rules of this suite: name, draft commit, ids, reasons.
func TestValidateFileRejects(t *testing.T) {
	firstTest := func(doc map[string]any) map[string]any {
		return doc["suites"].([]any)[0].(map[string]any)["tests"].([]any)[0].(map[string]any)
	}
	cases := []struct {
		name, file, want string
		breach           func(doc map[string]any)
	}{
		{"a name off the draft's pattern", "report.json", "is not acts-report-", nil},
		{"a transport the name contradicts", "acts-report-example-client-jsonrpc-20260601T120000Z.json", "transport jsonrpc", nil},
		{"a timestamp the name contradicts", "acts-report-example-client-rest-20260601T120001Z.json", "timestamp 20260601T120001Z", nil},
		{"no draft commit", example, "acts_draft", func(d map[string]any) { delete(d["environment"].(map[string]any), "acts_draft") }},
		{"an id outside CLIENT", example, "is not CLIENT-AREA-NNN", func(d map[string]any) { firstTest(d)["id"] = "ROT-001" }},
		{"an id repeated in a suite", example, "repeated in the suite", func(d map[string]any) { firstTest(d)["id"] = "CLIENT-ROT-002" }},
		{"a skip without reason", example, "a skip without skip_reason", func(d map[string]any) {
			tt := d["suites"].([]any)[0].(map[string]any)["tests"].([]any)[3].(map[string]any)
			delete(tt, "skip_reason")
		}},
		{"a fail without failure", example, "a fail without failure", func(d map[string]any) {
			tt := d["suites"].([]any)[0].(map[string]any)["tests"].([]any)[1].(map[string]any)
			delete(tt, "failure")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := decodeExample(t)
			if c.breach != nil {
				c.breach(doc)
			}
			raw, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			err = ValidateFile(c.file, raw)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
}
