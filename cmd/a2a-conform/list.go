package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/a2a-conform/a2a-conform/scenarios"
)

func listCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("a2a-conform list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "text, markdown (docs/requirements.md) or json")
	scenario := fs.String("scenario", "", "only this scenario")
	profile := fs.String("profile", "", "only requirements of this profile")
	level := fs.String("level", "may", "only requirements at least this strong: must, should or may")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format == "markdown" {
		if err := scenarios.WriteRequirementsMarkdown(stdout); err != nil {
			return configError(stderr, err)
		}
		return 0
	}
	min, err := scenarios.ParseLevel(*level)
	if err != nil {
		return configError(stderr, err)
	}
	type row struct {
		Scenario string            `json:"scenario"`
		ID       string            `json:"id"`
		Level    scenarios.Level   `json:"level"`
		Profile  scenarios.Profile `json:"profile"`
		Text     string            `json:"text"`
		Ref      string            `json:"ref"`
	}
	var rows []row
	for _, sc := range scenarios.Catalog() {
		if *scenario != "" && sc.ID != *scenario {
			continue
		}
		for _, r := range sc.AllRequirements() {
			if (*profile != "" && string(r.Profile) != *profile) || !r.Level.AtLeast(min) {
				continue
			}
			rows = append(rows, row{sc.ID, r.ID, r.Level, r.Profile, r.Text, r.Ref})
		}
	}
	if *scenario != "" && len(rows) == 0 {
		if _, err := scenarios.Lookup(*scenario); err != nil {
			return configError(stderr, err)
		}
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return configError(stderr, err)
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SCENARIO\tID\tLEVEL\tPROFILE\tREQUIREMENT")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Scenario, r.ID, r.Level, r.Profile, strings.TrimSpace(r.Text))
	}
	if err := tw.Flush(); err != nil {
		return configError(stderr, err)
	}
	return 0
}
