package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// ACTSFile is one ACTS document and the file name the draft gives it
// (§13.5): acts-report-{sdk}-{transport}-{timestamp}.json.
type ACTSFile struct {
	Name   string
	Report ACTSReport
	JSON   []byte
}

// ACTS renders the report as ACTS documents, from the report alone (as
// JUnit is), so that a report.json renders the same files again. There is
// one document per binding the client used in some scenario; a scenario
// goes in the document of each binding it used, and a scenario in which
// the client made no A2A call (it aborted before sending, or was never
// played) goes in every document, since its verdicts hold whatever the
// binding. A run without any A2A call has one document, for JSON-RPC: the
// interface every card of the catalog lists first.
func (r *Report) ACTS() ([]ACTSFile, error) {
	var out []ACTSFile
	used := r.bindingsUsed()
	if len(used) == 0 {
		used = []string{wire.BindingJSONRPC}
	}
	for _, binding := range used {
		doc, err := r.actsReport(binding)
		if err != nil {
			return nil, err
		}
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			return nil, fmt.Errorf("report: acts: %w", err)
		}
		name := fmt.Sprintf("acts-report-%s-%s-%s.json", fileSlug(doc.SDK.Name), doc.Transport,
			r.FinishedAt.UTC().Format("20060102T150405Z"))
		out = append(out, ACTSFile{Name: name, Report: doc, JSON: append(b, '\n')})
	}
	return out, nil
}

// WriteACTS writes the report's ACTS documents into dir and returns their
// paths.
func (r *Report) WriteACTS(dir string) ([]string, error) {
	files, err := r.ACTS()
	if err != nil {
		return nil, err
	}
	return WriteACTSFiles(dir, files)
}

// WriteACTSFiles writes rendered ACTS documents into dir, creating it.
func WriteACTSFiles(dir string, files []ACTSFile) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("report: acts: %w", err)
	}
	var paths []string
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if err := os.WriteFile(path, f.JSON, 0o644); err != nil {
			return paths, fmt.Errorf("report: acts: %w", err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// bindingsUsed lists, sorted, the bindings of every A2A call of the run.
func (r *Report) bindingsUsed() []string {
	var used []string
	for _, sc := range r.Scenarios {
		for _, b := range sc.Bindings {
			if !slices.Contains(used, b) {
				used = append(used, b)
			}
		}
	}
	slices.Sort(used)
	return used
}

func (r *Report) actsReport(binding string) (ACTSReport, error) {
	transport, err := ACTSTransport(binding)
	if err != nil {
		return ACTSReport{}, err
	}
	doc := ACTSReport{
		ACTSVersion: ACTSVersion, SpecVersion: r.SpecVersion,
		GeneratedAt: r.FinishedAt.UTC().Format(time.RFC3339),
		SDK:         actsSDK(r.Client), Transport: transport,
		Environment: r.actsEnvironment(binding),
		Summary:     ACTSSummary{ByLevel: map[string]ACTSCounts{}},
	}
	for _, l := range actsLevels {
		doc.Summary.ByLevel[l] = ACTSCounts{}
	}
	for _, sc := range r.Scenarios {
		if len(sc.Bindings) > 0 && !slices.Contains(sc.Bindings, binding) {
			continue
		}
		suite := ACTSSuite{ID: sc.ID, Name: sc.Title}
		for _, req := range sc.Requirements {
			t := actsTest(req)
			level, ok := doc.Summary.ByLevel[t.Level]
			if !ok {
				return ACTSReport{}, fmt.Errorf("report: acts: %s/%s has level %q", sc.ID, req.ID, req.Level)
			}
			level.count(t.Result)
			doc.Summary.ByLevel[t.Level] = level
			doc.Summary.count(t.Result)
			suite.Tests = append(suite.Tests, t)
		}
		if len(suite.Tests) > 0 {
			doc.Summary.DurationMS += sc.DurationMS
			doc.Suites = append(doc.Suites, suite)
		}
	}
	if len(doc.Suites) == 0 {
		return ACTSReport{}, fmt.Errorf("report: acts: no requirement to report for %s", binding)
	}
	return doc, nil
}

// actsEnvironment is what the draft's open environment map carries: the
// draft commit followed, and the specification's name of the binding.
func (r *Report) actsEnvironment(binding string) map[string]string {
	env := map[string]string{
		"runner":           r.Suite.Name + " " + r.Suite.Version,
		"report_schema":    r.SchemaVersion,
		"acts_draft":       "a2aproject/A2A@" + ACTSDraftCommit,
		"protocol_binding": binding,
		"client":           r.Client.Name,
	}
	if r.Interrupted {
		env["interrupted"] = "true"
	}
	return env
}

func (c *ACTSCounts) count(result string) {
	c.Total++
	switch result {
	case ACTSPass:
		c.Passed++
	case ACTSFail:
		c.Failed++
	case ACTSSkip:
		c.Skipped++
	default:
		c.Errors++
	}
}

// actsTest maps one verdict. A known failure stays a failure: the draft
// has no expected failure, and its skip means a test that did not apply.
func actsTest(req *Requirement) ACTSTest {
	t := ACTSTest{ID: ACTSID(req.ID), Name: req.Text, Level: ACTSLevel(req.Level)}
	switch req.Verdict {
	case verdict.Pass:
		t.Result = ACTSPass
	case verdict.Fail:
		t.Result = ACTSFail
		msg := failureText(req)
		if req.KnownFailure {
			msg = "known failure (" + req.KnownReason + "): " + msg
		}
		t.Failure = &ACTSFailure{Message: msg, Expected: req.Want, Actual: req.Got}
	case verdict.NotApplicable:
		t.Result, t.SkipReason = ACTSSkip, "not applicable: "+req.Reason
	case verdict.Skipped:
		t.Result, t.SkipReason = ACTSSkip, "not selected by this run's --profile, --level or --label-filter"
	default:
		t.Result = ACTSError
		t.Failure = &ACTSFailure{Message: failureText(req)}
	}
	return t
}

// failureText is the requirement's failure message (evidence on its own),
// or a line from what the report holds when it has none.
func failureText(req *Requirement) string {
	if m := strings.TrimSpace(req.Message); m != "" {
		return m
	}
	if req.Verdict != verdict.Fail {
		return "harness error: " + req.Reason
	}
	if line := problemLine(req); line != "" {
		return line
	}
	return req.Text
}

// builtinPrefix is runner/builtin.Prefix; this package does not import the
// clients.
const builtinPrefix = "builtin:"

// actsSDK is the draft's sdk-info. The label's last word is the version
// when it looks like one ('@a2a-js/sdk 1.3.0'); a built-in client is Go
// at the suite's version; what the suite cannot know is "unknown".
func actsSDK(c Client) ACTSSDK {
	sdk := ACTSSDK{Name: c.Title(), Version: "unknown", Language: "unknown"}
	if name, version, ok := splitVersion(c.Label); ok {
		sdk.Name, sdk.Version = name, version
	}
	if c.Label == "" && strings.HasPrefix(c.Name, builtinPrefix) {
		sdk.Version, sdk.Language = SuiteVersion, "go"
	}
	return sdk
}

var versionWord = regexp.MustCompile(`^v?[0-9]+(\.[0-9]+)*([-+][0-9A-Za-z.+-]*)?$`)

func splitVersion(label string) (name, version string, ok bool) {
	label = strings.TrimSpace(label)
	i := strings.LastIndexAny(label, " \t")
	if i < 0 {
		return "", "", false
	}
	name, version = strings.TrimSpace(label[:i]), strings.TrimSpace(label[i:])
	return name, version, name != "" && versionWord.MatchString(version)
}

var unsafeInName = regexp.MustCompile(`[^a-z0-9.]+`)

// fileSlug is name as a file-name part: lower case, runs of anything but
// letters, digits and dots as one hyphen, at most 64 bytes.
func fileSlug(name string) string {
	s := strings.Trim(unsafeInName.ReplaceAllString(strings.ToLower(name), "-"), "-.")
	if len(s) > 64 {
		s = strings.TrimRight(s[:64], "-.")
	}
	if s == "" {
		return "client"
	}
	return s
}
