package report

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The A2A project's conformance-test draft (ACTS, a2aproject/A2A pull
// request 1882) defines a JSON report that the SDKs' CI produces for
// server tests (§13, Appendix A). A run can write its verdicts in that
// shape too, one document per binding the client used (acts_render.go);
// docs/acts.md has the mapping and the deviations.

// ACTSDraftCommit is the commit of the draft's conformance-spec branch
// this rendering follows (docs/acts-specification.md, §13 and Appendix A).
const ACTSDraftCommit = "dbcabfba4f01cc162c965f0fde5f44fc1f1e70e5"

// ACTSVersion is the format version the draft's own documents and example
// report declare; the draft's heading says 0.1.0 but none of its files do.
const ACTSVersion = "1.0"

// ACTSCategory is the requirement-id category the draft reserves for
// client tests: a requirement ROT-001 is the ACTS test CLIENT-ROT-001.
const ACTSCategory = "CLIENT"

// ACTSReport is one ACTS report document (draft §13.1).
type ACTSReport struct {
	ACTSVersion string            `json:"acts_version"`
	SpecVersion string            `json:"spec_version"`
	GeneratedAt string            `json:"generated_at"`
	SDK         ACTSSDK           `json:"sdk"`
	Transport   string            `json:"transport"`
	Environment map[string]string `json:"environment,omitempty"`
	Summary     ACTSSummary       `json:"summary"`
	Suites      []ACTSSuite       `json:"suites"`
}

// ACTSSDK identifies the client under test (the draft's sdk-info).
type ACTSSDK struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Language string `json:"language"`
}

// ACTSSummary counts the tests of one document (draft §13.2).
type ACTSSummary struct {
	ACTSCounts
	DurationMS int64                 `json:"duration_ms"`
	ByLevel    map[string]ACTSCounts `json:"by_level"`
}

// ACTSCounts are the draft's level-summary: total is the sum of the rest.
type ACTSCounts struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
	Errors  int `json:"errors"`
}

// ACTSSuite is one scenario's results (the draft's suite-result).
type ACTSSuite struct {
	ID    string     `json:"id"`
	Name  string     `json:"name"`
	Tests []ACTSTest `json:"tests"`
}

// ACTSTest is one requirement's verdict (the draft's test-result).
type ACTSTest struct {
	ID         string       `json:"id"`
	Name       string       `json:"name"`
	Level      string       `json:"level"`
	Result     string       `json:"result"`
	DurationMS int64        `json:"duration_ms"`
	SkipReason string       `json:"skip_reason,omitempty"`
	Failure    *ACTSFailure `json:"failure,omitempty"`
}

// ACTSFailure is the draft's failure-detail: want and got, stringified.
type ACTSFailure struct {
	Message  string `json:"message"`
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual,omitempty"`
}

// The draft's results.
const (
	ACTSPass  = "pass"
	ACTSFail  = "fail"
	ACTSSkip  = "skip"
	ACTSError = "error"
)

// actsLevels are the draft's conformance levels, strongest first.
var actsLevels = []string{"must", "should", "may"}

// actsTransports maps the specification's protocolBinding names to the
// draft's transport tokens. The draft's enum is closed, so the token goes
// into transport and the file name, and the specification's name into
// environment.protocol_binding.
var actsTransports = map[string]string{
	wire.BindingJSONRPC:  "jsonrpc",
	wire.BindingHTTPJSON: "rest",
	wire.BindingGRPC:     "grpc",
}

// ACTSTransport is the draft's token for a specification binding name.
func ACTSTransport(binding string) (string, error) {
	t, ok := actsTransports[binding]
	if !ok {
		return "", fmt.Errorf("report: acts: binding %q has no ACTS transport", binding)
	}
	return t, nil
}

// actsIDPattern is the draft's CATEGORY-AREA-NNN (§14) for client tests.
var actsIDPattern = regexp.MustCompile(`^` + ACTSCategory + `-[A-Z]+-[0-9]{3}$`)

// ACTSID is the ACTS test id of requirement id: CLIENT- before it. Every
// catalog id is AREA-NNN, so the result follows the draft's grammar
// (TestACTSIDsOfTheCatalog holds every id to it).
func ACTSID(id string) string { return ACTSCategory + "-" + id }

// validACTSID reports whether id follows CATEGORY-AREA-NNN with CLIENT.
func validACTSID(id string) bool { return actsIDPattern.MatchString(id) }

// ACTSLevel is the draft's level of an RFC 2119 level: its lower case.
func ACTSLevel(l verdict.Level) string { return strings.ToLower(string(l)) }
