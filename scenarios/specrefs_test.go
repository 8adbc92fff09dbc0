package scenarios

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestParseSpecRefs(t *testing.T) {
	refs := parseSpecRefs("contract-model §3 rule 6 and §6; A2A v1.0 spec §8.4; docs/driver-contract.md; RFC 9111 §4.3.2; https://github.com/a2aproject/a2a-js/issues/705; A2ACLI_AUTH_008")
	ids := map[string]string{}
	for _, r := range refs {
		ids[r.ID] = r.URL
	}
	for id, url := range map[string]string{
		"contract-model §3 rule 6": "docs/contract-model.md#3-the-decision-boundary",
		"contract-model §6":        "docs/contract-model.md#6-rule-6-in-detail-when-a-card-speaks-for-another-origin",
		"A2A v1.0.1 §8.4":          "https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#84-agent-card-signing",
		"A2A v1.0.1 §8.4.3":        "https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#843-signature-verification",
		"RFC 6454 §5":              "https://www.rfc-editor.org/rfc/rfc6454#section-5",
		"RFC 9111 §4.3.2":          "https://www.rfc-editor.org/rfc/rfc9111#section-4.3.2",
		"docs/driver-contract.md":  "docs/driver-contract.md",
		"a2aproject/a2a-js#705":    "https://github.com/a2aproject/a2a-js/issues/705",
		"A2ACLI_AUTH_008":          cliCompliance + "#L215",
	} {
		if ids[id] != url {
			t.Errorf("%s: url %q, want %q (all: %v)", id, ids[id], url, ids)
		}
	}
	if got := parseSpecRefs("spec §99.9"); len(got) != 0 {
		t.Errorf("a section the spec does not have became %v", got)
	}
}

// Every requirement of the catalog cites, with URLs, a section of the
// pinned A2A spec, or, for what the suite's own driver contract asks
// (GEN-003's outcome, GEN-005's bounded journal), that document; and every
// section its Ref names exists.
func TestEveryRequirementCitesTheSpec(t *testing.T) {
	sections := regexp.MustCompile(`(?:spec|§)\s*§?([\d.]*\d)`)
	for _, r := range Requirements() {
		refs := r.SpecRefs()
		var spec, driver bool
		for _, ref := range refs {
			spec = spec || strings.HasPrefix(ref.ID, "A2A ")
			driver = driver || ref.ID == "docs/driver-contract.md"
			if ref.URL == "" {
				t.Errorf("%s: %s has no URL", r.ID, ref.ID)
			}
		}
		if !spec && !driver {
			t.Errorf("%s (%q) cites neither the A2A spec nor the driver contract", r.ID, r.Ref)
		}
		for _, clause := range strings.Split(r.Ref, ";") {
			if !strings.Contains(clause, "spec") {
				continue
			}
			for _, m := range sections.FindAllStringSubmatch(clause[strings.Index(clause, "spec"):], -1) {
				if _, ok := specSections[m[1]]; !ok {
					t.Errorf("%s cites spec §%s, which A2A %s does not have", r.ID, m[1], SpecVersion)
				}
			}
		}
	}
}

// The contract model's sections are the headings of its page.
func TestContractModelSections(t *testing.T) {
	page, err := os.ReadFile("../docs/contract-model.md")
	if err != nil {
		t.Fatal(err)
	}
	for n, s := range contractModelSections {
		if !strings.Contains(string(page), "\n## "+n+". "+s.title+"\n") {
			t.Errorf("docs/contract-model.md has no heading \"## %s. %s\"", n, s.title)
		}
	}
}
