package report

import (
	"fmt"
	"strings"
)

// VerdictTable is the canonical text of a report's verdicts, for comparing
// two runs byte for byte: one "scenario/requirement verdict" line per
// requirement in report order (catalog order), "known" appended to a
// listed known failure, then the summary and the exit code. Times,
// ports and client output, which differ from run to run, are left out.
func (r *Report) VerdictTable() string {
	var b strings.Builder
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			fmt.Fprintf(&b, "%s/%s %s", sc.ID, req.ID, req.Verdict)
			if req.KnownFailure {
				b.WriteString(" known")
			}
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "summary %+v\nexit %d\n", r.Summary, r.ExitCode)
	return b.String()
}
