package scenarios

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// SpecVersion is the A2A specification revision the catalog pins its
// references to: the section numbers of every Ref are this tag's.
const SpecVersion = "v1.0.1"

// DefaultSpecVersions are the A2A revisions a requirement applies to when
// it names none: every requirement of this catalog judges A2A 1.0 clients
// (1.0.0 and 1.0.1 share the data model and the wire this suite checks).
var DefaultSpecVersions = []string{"1.0"}

// Revisions are the A2A specification revisions r applies to.
func (r Requirement) Revisions() []string {
	if len(r.SpecVersions) == 0 {
		return DefaultSpecVersions
	}
	return r.SpecVersions
}

// SpecRevisions are every A2A revision some requirement of the catalog
// applies to, sorted: what run --spec-version may select.
func SpecRevisions() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range Requirements() {
		for _, v := range r.Revisions() {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	slices.Sort(out)
	return out
}

// specBase is the pinned specification's text, on GitHub.
const specBase = "https://github.com/a2aproject/A2A/blob/" + SpecVersion + "/docs/specification.md"

type specSection struct{ title, anchor string }

// contractModelSections are the numbered sections of docs/contract-model.md
// (specrefs_test.go holds them to the page's headings).
var contractModelSections = map[string]specSection{
	"1": {"Two kinds of card field", "1-two-kinds-of-card-field"},
	"2": {"Contract projection and contract hash", "2-contract-projection-and-contract-hash"},
	"3": {"The decision boundary", "3-the-decision-boundary"},
	"4": {"How the suite judges it", "4-how-the-suite-judges-it"},
	"5": {"Worked examples", "5-worked-examples"},
	"6": {"Rule 6 in detail: when a card speaks for another origin", "6-rule-6-in-detail-when-a-card-speaks-for-another-origin"},
	"7": {"The extended card", "7-the-extended-card"},
	"8": {"Credentials only where the card names them", "8-credentials-only-where-the-card-names-them"},
}

// The forms a Ref cites its sources in, each a clause of the Ref (clauses
// are separated by ";"): "contract-model §3 rule 6 and §6", "A2A v1.0 spec
// §8.4" or "spec §9, §11", "RFC 9111 §4.3.2", "docs/driver-contract.md",
// and any https URL.
var (
	refContract    = regexp.MustCompile(`contract-model((?:(?:,| and)? ?§\d+(?: rules? \d+(?:(?:,| and) \d+)*)?)+)`)
	refSection     = regexp.MustCompile(`§(\d+)(?: rules? (\d+(?:(?:,| and) \d+)*))?`)
	refSpec        = regexp.MustCompile(`\bspec((?:,? ?§[\d.]+)+)`)
	refRFC         = regexp.MustCompile(`\bRFC ?(\d{4})((?:,? ?§[\d.]+)*)`)
	refDoc         = regexp.MustCompile(`\bdocs/([a-z0-9-]+\.md)(#[a-z0-9-]+)?`)
	refURL         = regexp.MustCompile(`https://[^\s;,)]+`)
	refNumber      = regexp.MustCompile(`§([\d.]+[\d]|\d)`)
	refRuleNumbers = regexp.MustCompile(`\d+`)
	refCLI         = regexp.MustCompile(`\bA2ACLI_[A-Z0-9_]*[A-Z0-9]`)
)

// ruleSources are what each rule of the contract model (docs/contract-model.md
// §3) stands on: the sections of the pinned A2A spec and of the RFCs it
// applies. A requirement citing a rule cites these too.
var ruleSources = map[string][]verdict.SpecRef{
	"1": {spec("3.1.5"), spec("8.1")},
	"2": {spec("8.6.2"), rfc("9111", "4.3", "Validation"), rfc("9110", "13.1.2", "If-None-Match"),
		rfc("9110", "13.1.3", "If-Modified-Since"), rfc("9110", "8.8.3", "ETag")},
	"3": {spec("3.1.3"), spec("3.5"), spec("8.6.2")},
	"4": {spec("8.6.2"), rfc("9110", "8.8", "Metadata for Response Content Negotiation: validator fields"),
		rfc("9111", "4.2.2", "Calculating Heuristic Freshness")},
	"5": {spec("3.6.1"), spec("8.3.2"), cli("A2ACLI_VER_001")},
	"6": {spec("8.3.2"), spec("8.4.3"), spec("7.2"), rfc("6454", "4", "Origin of a URI"), rfc("6454", "5", "Comparing Origins"),
		rfc("9110", "4.3.4", "https Certificate Verification"), rfc("7515", "5.2", "Message Signature or MAC Validation"),
		rfc("8785", "", "JSON Canonicalization Scheme"), cli("A2ACLI_AUTH_008"), cli("A2ACLI_CARD_GET_004"), cli("A2ACLI_AUTH_003")},
	"7": {spec("4.6"), spec("3.2.5"), spec("14.2.2")},
}

func spec(n string) verdict.SpecRef {
	s := specSections[n]
	return verdict.SpecRef{ID: "A2A " + SpecVersion + " §" + n, Title: s.title, URL: specBase + "#" + s.anchor}
}

func rfc(number, section, title string) verdict.SpecRef {
	r := verdict.SpecRef{ID: "RFC " + number, Title: title, URL: "https://www.rfc-editor.org/rfc/rfc" + number}
	if section != "" {
		r.ID += " §" + section
		r.URL += "#section-" + section
	}
	return r
}

// SpecRefs are the sources the requirement's Ref cites, in the order it
// cites them, each with its URL. A Ref naming a section the pinned spec or
// the contract model does not have yields no ref for it (the catalog test
// fails on that).
func (r Requirement) SpecRefs() []verdict.SpecRef {
	if refs, ok := parsedSpecRefs.Load(r.Ref); ok {
		return slices.Clone(refs.([]verdict.SpecRef))
	}
	refs := parseSpecRefs(r.Ref)
	parsedSpecRefs.Store(r.Ref, refs)
	return slices.Clone(refs)
}

// parsedSpecRefs are the SpecRefs of each Ref text parsed so far: every
// run's record asks for every requirement's, and the parse (a handful of
// regular expressions per clause) was a twentieth of a catalog play's CPU
// under the race detector. The catalog's Refs are a few hundred texts.
var parsedSpecRefs sync.Map // Ref → []verdict.SpecRef

func parseSpecRefs(ref string) []verdict.SpecRef {
	var out []verdict.SpecRef
	add := func(s verdict.SpecRef) {
		for _, have := range out {
			if have.ID == s.ID {
				return
			}
		}
		out = append(out, s)
	}
	for _, clause := range strings.Split(ref, ";") {
		for _, m := range refContract.FindAllStringSubmatch(clause, -1) {
			for _, sec := range refSection.FindAllStringSubmatch(m[1], -1) {
				s, ok := contractModelSections[sec[1]]
				if !ok {
					continue
				}
				id := "contract-model §" + sec[1]
				if sec[2] != "" {
					id += " rule " + sec[2]
				}
				add(verdict.SpecRef{ID: id, Title: s.title, URL: "docs/contract-model.md#" + s.anchor})
				for _, rule := range refRuleNumbers.FindAllString(sec[2], -1) {
					for _, src := range ruleSources[rule] {
						add(src)
					}
				}
			}
		}
		for _, m := range refSpec.FindAllStringSubmatch(clause, -1) {
			for _, n := range refNumber.FindAllStringSubmatch(m[1], -1) {
				if _, ok := specSections[n[1]]; ok {
					add(spec(n[1]))
				}
			}
		}
		for _, m := range refRFC.FindAllStringSubmatch(clause, -1) {
			numbers := refNumber.FindAllStringSubmatch(m[2], -1)
			if len(numbers) == 0 {
				add(rfc(m[1], "", ""))
			}
			for _, n := range numbers {
				add(rfc(m[1], n[1], ""))
			}
		}
		for _, m := range refDoc.FindAllStringSubmatch(clause, -1) {
			if m[1] != "contract-model.md" || m[2] != "" {
				add(verdict.SpecRef{ID: "docs/" + m[1] + m[2], URL: "docs/" + m[1] + m[2]})
			}
		}
		for _, id := range refCLI.FindAllString(clause, -1) {
			add(cli(id))
		}
		for _, u := range refURL.FindAllString(clause, -1) {
			add(verdict.SpecRef{ID: threadID(u), URL: u})
		}
	}
	return out
}

// threadID names a public thread by its repository and number
// ("a2aproject/a2a-js#705"), or is the URL itself.
func threadID(u string) string {
	rest, ok := strings.CutPrefix(u, "https://github.com/")
	if !ok {
		return u
	}
	parts := strings.Split(rest, "/")
	if len(parts) >= 4 && (parts[2] == "issues" || parts[2] == "pull" || parts[2] == "discussions") {
		return parts[0] + "/" + parts[1] + "#" + parts[3]
	}
	return u
}

// cliCompliance is the A2A CLI's compliance model (a2aproject/a2a-cli
// specification/COMPLIANCE.md), pinned, whose A2ACLI_* requirements are the
// client behaviours that model names; cliLines are the lines of the IDs the
// catalog cites (an ID not listed links to the page).
const cliCompliance = "https://github.com/a2aproject/a2a-cli/blob/8dd9249e9ff7758764b581ebf23ef59b79b36faa/specification/COMPLIANCE.md"

var cliLines = map[string]string{
	"A2ACLI_AUTH_003": "165", "A2ACLI_TX_002": "168", "A2ACLI_TX_003": "169", "A2ACLI_VER_001": "170",
	"A2ACLI_CARD_GET_003": "214", "A2ACLI_AUTH_008": "215", "A2ACLI_CARD_GET_004": "216", "A2ACLI_VER_002": "225",
}

func cli(id string) verdict.SpecRef {
	r := verdict.SpecRef{ID: id, Title: "A2A CLI compliance", URL: cliCompliance}
	if line, ok := cliLines[id]; ok {
		r.URL += "#L" + line
	}
	return r
}
