package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// DocsBase is where a report's doc links point: the docs of the suite
// version that wrote it, so a link works from a CI artifact anywhere.
func DocsBase(version string) string {
	return "https://github.com/a2a-conform/a2a-conform/blob/v" + version + "/"
}

// ResolveSpecRefs makes the suite's own docs among refs ("docs/...")
// absolute, in the docs of the given suite version; the others are.
func ResolveSpecRefs(refs []verdict.SpecRef, version string) []verdict.SpecRef {
	out := make([]verdict.SpecRef, len(refs))
	for i, r := range refs {
		if strings.HasPrefix(r.URL, "docs/") {
			r.URL = DocsBase(version) + r.URL
		}
		out[i] = r
	}
	return out
}

// failure is one failed requirement of one scenario, for the summaries.
type failure struct {
	scenario string
	req      *Requirement
}

// failures lists the run's failed requirements: the unexpected ones,
// then those the known-failures file expects.
func (r *Report) failures() (unexpected, known []failure) {
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			if req.Verdict != verdict.Fail {
				continue
			}
			if req.KnownFailure {
				known = append(known, failure{sc.ID, req})
			} else {
				unexpected = append(unexpected, failure{sc.ID, req})
			}
		}
	}
	return unexpected, known
}

// WriteJobSummary writes the run as Markdown for a CI job's summary page
// (GitHub's $GITHUB_STEP_SUMMARY): the verdict line, every failure with its
// evidence and the link to its requirement, the stale known failures, and
// the verdicts per scenario. docs is the base of the links ("" means
// DocsBase of the report's suite version).
func WriteJobSummary(w io.Writer, r *Report, docs string) error {
	if docs == "" {
		docs = DocsBase(r.Suite.Version)
	}
	var b strings.Builder
	s := r.Summary
	fmt.Fprintf(&b, "### a2a-conform: %s — %s\n\n", mdText(r.Client.Title()), exitWords(r.ExitCode))
	fmt.Fprintf(&b, "%d passed, %d failed (%d as known), %d not applicable, %d skipped, %d errors; MUST failures %d. "+
		"Suite %s, A2A %s, exit code %d.\n\n", s.Pass, s.Fail, s.KnownFailures, s.NotApplicable, s.Skipped, s.Error,
		s.MustFailures, r.Suite.Version, r.SpecVersion, r.ExitCode)
	unexpected, known := r.failures()
	writeFailures(&b, "Failures", unexpected, docs)
	if len(s.StaleKnownFailures) > 0 {
		fmt.Fprintf(&b, "#### Stale known failures\n\nListed in the known-failures file, failed by nothing: %s\n\n",
			mdCode(strings.Join(s.StaleKnownFailures, ", ")))
	}
	for _, sc := range r.Scenarios {
		if sc.HarnessError != "" {
			fmt.Fprintf(&b, "- **harness error** in %s: %s\n", mdCode(sc.ID), mdText(sc.HarnessError))
		}
	}
	writeFailures(&b, "Known failures", known, docs)
	b.WriteString("| scenario | pass | fail | not applicable | skipped | error |\n|---|---:|---:|---:|---:|---:|\n")
	for _, sc := range r.Scenarios {
		var c Counts
		for _, req := range sc.Requirements {
			c.add(req.Verdict)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", mdCode(sc.ID), c.Pass, c.Fail, c.NotApplicable, c.Skipped, c.Error)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeFailures(b *strings.Builder, title string, list []failure, docs string) {
	if len(list) == 0 {
		return
	}
	fmt.Fprintf(b, "#### %s\n\n", title)
	for _, f := range list {
		req := f.req
		fmt.Fprintf(b, "- **[%s](%s)** %s in %s: %s\n", req.ID, docs+req.Doc, req.Level, mdCode(f.scenario), mdText(req.Text))
		if req.Want != "" {
			fmt.Fprintf(b, "  - want: %s\n", mdText(req.Want))
		}
		if req.Got != "" {
			fmt.Fprintf(b, "  - got: %s\n", mdText(req.Got))
		}
		if req.KnownReason != "" {
			fmt.Fprintf(b, "  - known: %s\n", mdText(req.KnownReason))
		}
	}
	b.WriteString("\n")
}

func exitWords(code int) string {
	switch code {
	case ExitPass:
		return "passed"
	case ExitFail:
		return "conformance failure"
	}
	return "harness or configuration error"
}

// mdText is s on one line with Markdown's and HTML's active characters
// escaped: client-written text must not format, link or inject markup.
func mdText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return mdEscaper.Replace(s)
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "|", `\|`, "#", `\#`, "!", `\!`)

// mdCode is s as inline code (backticks in s cannot end it: it is
// fenced with more than s holds).
func mdCode(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	return fence + " " + s + " " + fence // the spaces let s start or end with a backtick
}

// WriteAnnotations writes GitHub workflow commands that annotate the run:
// an error per unexpected MUST failure and per harness error, a warning per
// unexpected SHOULD or MAY failure and per stale known failure.
func WriteAnnotations(w io.Writer, r *Report) error {
	var b strings.Builder
	unexpected, _ := r.failures()
	for _, f := range unexpected {
		kind := "warning"
		if f.req.Level == verdict.Must {
			kind = "error"
		}
		msg := f.req.Text
		if f.req.Got != "" {
			msg += " Got: " + f.req.Got
		}
		fmt.Fprintf(&b, "::%s title=%s::%s\n", kind, ghProperty("a2a-conform "+f.req.ID+" in "+f.scenario), ghData(strings.TrimSpace(msg)))
	}
	for _, sc := range r.Scenarios {
		if sc.HarnessError != "" {
			fmt.Fprintf(&b, "::error title=%s::%s\n", ghProperty("a2a-conform harness error in "+sc.ID), ghData(sc.HarnessError))
		}
	}
	for _, key := range r.Summary.StaleKnownFailures {
		fmt.Fprintf(&b, "::warning title=%s::%s\n", ghProperty("a2a-conform stale known failure"),
			ghData(key+" is listed in the known-failures file but nothing failed it: remove the line"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ghData and ghProperty escape a workflow command's message and property
// values as the runner unescapes them.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
