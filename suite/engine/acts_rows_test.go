package engine

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// The committed docs/acts-mapping.md must be what the code generates.
func TestACTSMappingDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	if err := report.WriteACTSMappingMarkdown(&buf, ACTSMappingRows(nil)); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../docs/acts-mapping.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), committed) {
		t.Error("docs/acts-mapping.md is stale: run `make docs`")
	}
}

// Every requirement of the catalog has an ACTS id of the draft's grammar,
// CATEGORY-AREA-NNN (§14) with the client category.
func TestACTSIDsOfTheCatalog(t *testing.T) {
	grammar := regexp.MustCompile(`^` + report.ACTSCategory + `-[A-Z]+-[0-9]{3}$`)
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.AllRequirements() {
			if id := report.ACTSID(r.ID); !grammar.MatchString(id) {
				t.Errorf("%s maps to %s, not CLIENT-AREA-NNN", r.ID, id)
			}
		}
	}
}
