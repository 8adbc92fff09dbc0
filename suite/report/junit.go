package report

import (
	"encoding/xml"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// JUnit XML, rendered from the report alone so that CI test tabs and
// report.json can never disagree. One testsuite per scenario, one testcase
// per requirement; not-applicable, skipped and known failures are
// <skipped>, errors <error>, failures <failure>. The counts are the same
// at both levels.
type junitSuites struct {
	XMLName xml.Name `xml:"testsuites"`
	Name    string   `xml:"name,attr"`
	junitCounts
	Suites []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name string `xml:"name,attr"`
	junitCounts
	// Properties are a generated scenario's parameters and its seed.
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase      `xml:"testcase"`
	// The client's output tails (redacted): why a client that wrote no
	// outcome broke is there, and CI test tabs show these.
	SystemOut string `xml:"system-out,omitempty"`
	SystemErr string `xml:"system-err,omitempty"`
}

// junitCounts are the attributes both levels carry, in the same order.
type junitCounts struct {
	Tests    int    `xml:"tests,attr"`
	Failures int    `xml:"failures,attr"`
	Errors   int    `xml:"errors,attr"`
	Skipped  int    `xml:"skipped,attr"`
	Disabled int    `xml:"disabled,attr"`
	Time     string `xml:"time,attr"`
}

// add counts a suite into the totals; the time stays the run's own.
func (c *junitCounts) add(s junitCounts) {
	c.Tests += s.Tests
	c.Failures += s.Failures
	c.Errors += s.Errors
	c.Skipped += s.Skipped
	c.Disabled += s.Disabled
}

// properties are sc's parameters, sorted by name, then the seed that
// replays it; nil for a scenario of the fixed catalog.
func (r *Report) properties(sc *Scenario) *junitProperties {
	if len(sc.Params) == 0 {
		return nil
	}
	p := &junitProperties{}
	for _, k := range slices.Sorted(maps.Keys(sc.Params)) {
		p.Property = append(p.Property, junitProperty{k, sc.Params[k]})
	}
	if x := r.Explore; x != nil {
		p.Property = append(p.Property, junitProperty{"seed", strconv.FormatUint(x.Seed, 10)}, junitProperty{"replay", x.Replay})
	}
	return p
}

type junitCase struct {
	Name      string `xml:"name,attr"`
	Classname string `xml:"classname,attr"`
	Time      string `xml:"time,attr"`
	// Properties carry the requirement's level and what it enforces
	// (spec-ref: "ID URL"), as CI test tabs show them.
	Properties *junitProperties `xml:"properties,omitempty"`
	Failure    *junitProblem    `xml:"failure,omitempty"`
	Error      *junitProblem    `xml:"error,omitempty"`
	Skipped    *junitProblem    `xml:"skipped,omitempty"`
}

type junitProperties struct {
	Property []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

func caseProperties(req *Requirement) *junitProperties {
	p := &junitProperties{Property: []junitProperty{{"level", string(req.Level)}, {"profile", string(req.Profile)}}}
	for _, ref := range req.SpecRefs {
		p.Property = append(p.Property, junitProperty{"spec-ref", ref.ID + " " + ref.URL})
	}
	return p
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML to path.
func (r *Report) WriteJUnit(path string) error {
	b, err := r.JUnit()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("report: junit: %w", err)
	}
	return nil
}

// JUnit is the report as JUnit XML.
func (r *Report) JUnit() ([]byte, error) {
	out := junitSuites{Name: "a2a-conform: " + r.Client.Title(),
		junitCounts: junitCounts{Time: seconds(r.FinishedAt.Sub(r.StartedAt).Milliseconds())}}
	for _, sc := range r.Scenarios {
		s := junitSuite{Name: sc.ID, junitCounts: junitCounts{Time: seconds(sc.DurationMS)},
			Properties: r.properties(sc), SystemOut: sc.ClientStdout, SystemErr: sc.ClientStderr}
		for _, req := range sc.Requirements {
			c := junitCase{Name: req.ID + " " + req.Text, Classname: sc.ID, Time: "0", Properties: caseProperties(req)}
			switch {
			case req.Verdict == verdict.Pass:
			case req.Verdict == verdict.Fail && !req.KnownFailure:
				c.Failure = &junitProblem{Message: problemLine(req), Type: string(req.Level), Text: req.Message}
				s.Failures++
			case req.Verdict == verdict.Fail:
				c.Skipped = &junitProblem{Message: "known failure: " + req.KnownReason, Text: req.Message}
				s.Skipped++
			case req.Verdict == verdict.NotApplicable:
				c.Skipped = &junitProblem{Message: "not applicable: " + req.Reason}
				s.Skipped++
			case req.Verdict == verdict.Skipped:
				c.Skipped = &junitProblem{Message: "not selected"}
				s.Skipped++
			default:
				c.Error = &junitProblem{Message: "harness error: " + req.Reason, Text: req.Message}
				s.Errors++
			}
			s.Cases = append(s.Cases, c)
		}
		s.Tests = len(s.Cases)
		out.add(s.junitCounts)
		out.Suites = append(out.Suites, s)
	}
	b, err := xml.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("report: junit: %w", err)
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}

func problemLine(req *Requirement) string {
	switch {
	case req.Want != "" && req.Got != "":
		return "want " + req.Want + "; got " + req.Got
	case req.Got != "":
		return req.Got
	}
	return req.Reason
}

func seconds(ms int64) string {
	return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64)
}
