package engine

import (
	"slices"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// ACTSMappingRows are the rows of docs/acts-mapping.md: every requirement
// of the catalog keep accepts (nil keeps all), scenario by scenario, then
// the general requirements some scenario keeps, as played in every scenario.
func ACTSMappingRows(keep func(*scenarios.Scenario, scenarios.Requirement) bool) []report.ACTSMappingRow {
	if keep == nil {
		keep = func(*scenarios.Scenario, scenarios.Requirement) bool { return true }
	}
	var rows []report.ACTSMappingRow
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.Requirements {
			if keep(sc, r) {
				rows = append(rows, report.ACTSMappingRow{ID: r.ID, Level: r.Level, Scenario: sc.ID})
			}
		}
	}
	for _, r := range scenarios.General() {
		if slices.ContainsFunc(scenarios.Catalog(), func(sc *scenarios.Scenario) bool { return keep(sc, r) }) {
			rows = append(rows, report.ACTSMappingRow{ID: r.ID, Level: r.Level, Scenario: "every scenario"})
		}
	}
	return rows
}
