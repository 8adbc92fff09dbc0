package actsgrammar

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// DraftCommit is the draft commit this grammar was read from.
const DraftCommit = "dbcabfba4f01cc162c965f0fde5f44fc1f1e70e5"

// fileName is the draft's file naming (§13.5) with this suite's slug of
// the sdk name.
var fileName = regexp.MustCompile(`^acts-report-([a-z0-9.-]+)-(jsonrpc|grpc|rest)-([0-9]{8}T[0-9]{6}Z)\.json$`)

// clientID is the draft's CATEGORY-AREA-NNN (§14) in the CLIENT category.
var clientID = regexp.MustCompile(`^CLIENT-[A-Z]+-[0-9]{3}$`)

// ValidateFile checks a report file a2a-conform wrote: the draft's grammar
// (Validate), its file naming, and this suite's own rules: every test id
// is CLIENT-AREA-NNN and unique in its suite, suite ids are unique, a skip
// says why, a fail or an error carries a failure, and the environment
// names the draft commit followed.
func ValidateFile(name string, raw []byte) error {
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := Validate(doc); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	c := &checker{}
	m := doc.(map[string]any)
	if parts := fileName.FindStringSubmatch(name); parts == nil {
		c.fail("file name", "%q is not acts-report-{sdk}-{transport}-{timestamp}.json", name)
	} else {
		if parts[2] != m["transport"] {
			c.fail("file name", "transport %s, the document's is %v", parts[2], m["transport"])
		}
		at, _ := time.Parse(time.RFC3339, m["generated_at"].(string))
		if stamp := at.UTC().Format("20060102T150405Z"); parts[3] != stamp {
			c.fail("file name", "timestamp %s, generated_at is %s", parts[3], stamp)
		}
	}
	env, _ := m["environment"].(map[string]any)
	if draft, _ := env["acts_draft"].(string); !strings.HasSuffix(draft, "@"+DraftCommit) {
		c.fail("$.environment.acts_draft", "want the draft commit %s, got %q", DraftCommit, draft)
	}
	suites := map[string]bool{}
	for i, s := range m["suites"].([]any) {
		suite := s.(map[string]any)
		path := fmt.Sprintf("$.suites[%d]", i)
		if id := suite["id"].(string); suites[id] {
			c.fail(path, "suite id %s repeated", id)
		} else {
			suites[id] = true
		}
		c.tests(path, suite["tests"].([]any))
	}
	if len(c.problems) > 0 {
		return fmt.Errorf("%s: %w", name, errors.Join(c.problems...))
	}
	return nil
}

func (c *checker) tests(suitePath string, tests []any) {
	ids := map[string]bool{}
	for i, t := range tests {
		test := t.(map[string]any)
		path := fmt.Sprintf("%s.tests[%d]", suitePath, i)
		id := test["id"].(string)
		switch {
		case !clientID.MatchString(id):
			c.fail(path, "id %s is not CLIENT-AREA-NNN", id)
		case ids[id]:
			c.fail(path, "id %s repeated in the suite", id)
		}
		ids[id] = true
		_, hasReason := test["skip_reason"]
		_, hasFailure := test["failure"]
		switch result := test["result"]; {
		case result == "skip" && !hasReason:
			c.fail(path, "a skip without skip_reason")
		case (result == "fail" || result == "error") && !hasFailure:
			c.fail(path, "a %s without failure", result)
		}
	}
}
