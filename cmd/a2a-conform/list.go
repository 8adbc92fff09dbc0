package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// listCmd prints the requirements the same selection as `run` selects.
func listCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("list", "[flags]", "Lists scenarios and requirements; the selection flags select as run's do.", stderr)
	format := fs.String("format", "text", "text, markdown (docs/requirements.md), acts (docs/acts-mapping.md), json, or requirement-set (the release's frozen set, fixtures/requirements/vVERSION.json; ignores the selection)")
	sel := addSelectionFlags(fs)
	if code, done := parse(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fmt.Errorf("list: unexpected argument %q", fs.Arg(0)))
	}
	selection, err := sel.parse()
	if err != nil {
		return usageError(stderr, err)
	}
	keep := func(sc *scenarios.Scenario, r scenarios.Requirement) bool { return selection.Judges(sc, r) }
	if len(listRows(selection)) == 0 {
		return usageError(stderr, fmt.Errorf("list: %w", selection.NoMatch(scenarios.Catalog())))
	}
	switch *format {
	case "markdown":
		err = scenarios.WriteRequirementsMarkdown(stdout, keep)
	case "acts":
		err = report.WriteACTSMappingMarkdown(stdout, engine.ACTSMappingRows(keep))
	case "json":
		err = writeListJSON(stdout, listRows(selection))
	case "requirement-set":
		err = writeJSON(stdout, scenarios.CurrentRequirementSet(report.SuiteVersion))
	case "text":
		err = writeListText(stdout, listRows(selection))
	default:
		return usageError(stderr, fmt.Errorf("list: unknown --format %q (want text, markdown, acts, json or requirement-set)", *format))
	}
	if err != nil {
		return usageError(stderr, err)
	}
	return 0
}

type listRow struct {
	Scenario string            `json:"scenario"`
	ID       string            `json:"id"`
	Level    verdict.Level     `json:"level"`
	Profile  verdict.Profile   `json:"profile"`
	Text     string            `json:"text"`
	Ref      string            `json:"ref"`
	SpecRefs []verdict.SpecRef `json:"specRefs"`
	Labels   []string          `json:"labels"`
	// Control: judged only as its scenario's positive control.
	Control bool `json:"control,omitempty"`
}

// listRows are the requirements a run with sel judges, its positive
// controls included.
func listRows(sel engine.Selection) []listRow {
	rows := []listRow{}
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.AllRequirements() {
			if sel.Judges(sc, r) {
				rows = append(rows, listRow{sc.ID, r.ID, r.Level, r.Profile, r.Text, r.Ref,
					report.ResolveSpecRefs(r.SpecRefs(), report.SuiteVersion), engine.Labels(sc, r), !sel.Selects(sc, r)})
			}
		}
	}
	return rows
}

func writeListJSON(w io.Writer, rows []listRow) error { return writeJSON(w, rows) }

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeListText(w io.Writer, rows []listRow) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SCENARIO\tID\tLEVEL\tPROFILE\tREQUIREMENT")
	for _, r := range rows {
		text := strings.TrimSpace(r.Text)
		if r.Control {
			text = "[positive control, judged whenever the scenario is played] " + text
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Scenario, r.ID, r.Level, r.Profile, text)
	}
	return tw.Flush()
}
