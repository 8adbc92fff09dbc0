package scenarios

import (
	"bytes"
	"cmp"
	"os"
	"regexp"
	"slices"
	"testing"
)

// published lists every requirement ID ever published. IDs never change
// and are never reused: removing one from the catalog must not remove it
// here, and a new one is added here on purpose.
var published = []string{
	"ROT-001", "ROT-002", "ROT-003", "ROT-004",
	"DRIFT-001", "DRIFT-002", "DRIFT-003",
	"REORG-001", "REORG-002",
	"FROZEN-001", "FROZEN-002", "FROZEN-003",
	"STALE-001", "STALE-002",
	"CRED-001", "CRED-002", "CRED-003", "CRED-004", "CRED-005", "CRED-006", "CRED-007",
	"REPOINT-001", "REPOINT-002", "REPOINT-003",
	"SIG-001", "SIG-002", "SIG-003", "SIG-004", "SIG-005", "SIG-006", "SIG-007", "SIG-008", "SIG-009", "SIG-010",
	"REDIR-001", "REDIR-002",
	"NOVAL-001", "NOVAL-002", "NOVAL-003",
	"SKEW-001", "SKEW-002",
	"EXT-001", "EXT-002",
	"GEN-001", "GEN-002", "GEN-003", "GEN-004", "GEN-005",
	"ROT-005", "STALE-003", "STALE-004", "REPOINT-004", "SIG-011", "SIG-012", "SIG-013", "SIG-014",
	"REDIR-003", "REDIR-004", "SKEW-003", "EXT-003",
	"REPOINT-005", "REPOINT-006", "REPOINT-007", "REPOINT-008",
	"REPOINT-009", "REPOINT-010", "REPOINT-011", "REPOINT-012",
	"TLS-001", "TLS-002", "TLS-003", "TLS-004",
	"ORIGIN-001", "ORIGIN-002", "ORIGIN-003", "ORIGIN-004", "ORIGIN-005", "ORIGIN-006",
	"ORIGIN-007", "ORIGIN-008", "ORIGIN-009", "ORIGIN-010", "ORIGIN-011",
	"FIELD-001", "FIELD-002", "FIELD-003", "FIELD-004", "FIELD-005", "FIELD-006",
	"FIELD-007", "FIELD-008", "FIELD-009", "FIELD-010", "FIELD-011",
	"CAP-001", "CAP-002", "CAP-003", "CAP-004", "CAP-005", "CAP-006", "CAP-007",
	"CAP-008", "CAP-009", "CAP-010", "CAP-011", "CAP-012", "CAP-013", "CAP-014",
	"XPL-001", "XPL-002", "XPL-003", "XPL-004", "XPL-005", "XPL-006", "XPL-007", "XPL-008", "XPL-009",
	"REDIR-005",
	"FIRST-001", "FIRST-002", "FIRST-003", "FIRST-004", "FIRST-005", "FIRST-006", "FIRST-007", "FIRST-008",
	"FIRST-009", "FIRST-010", "FIRST-011", "FIRST-012", "FIRST-013", "FIRST-014", "FIRST-015", "FIRST-016",
	"FIRST-017", "FIRST-018", "FIRST-019", "FIRST-020", "FIRST-021", "FIRST-022", "FIRST-023", "FIRST-024",
	"FIRST-025", "FIRST-026", "FIRST-027", "FIRST-028", "FIRST-029", "FIRST-030", "FIRST-031", "FIRST-032",
	"TRUST-001", "TRUST-002", "TRUST-003", "TRUST-004", "TRUST-005", "TRUST-006", "TRUST-007", "TRUST-008",
	"TRUST-009", "TRUST-010", "TRUST-011", "TRUST-012", "TRUST-013", "TRUST-014", "TRUST-015", "TRUST-016",
	"TRUST-017", "TRUST-018", "TRUST-019", "TRUST-020", "TRUST-021", "TRUST-022", "TRUST-023", "TRUST-024",
	"TRUST-025", "TRUST-026", "TRUST-027", "TRUST-028", "TRUST-029",
	"SKEW-004", "SKEW-005", "SKEW-006", "PICK-001", "PICK-002", "PICK-003", "PICK-004",
	"REJECT-001", "REJECT-002", "REJECT-003", "REJECT-004", "REJECT-005", "REJECT-006", "REJECT-007", "REJECT-008",
	"REJECT-009", "REJECT-010", "REJECT-011", "REJECT-012", "REJECT-013", "REJECT-014", "REJECT-015",
	"EXTCARD-001", "EXTCARD-002", "EXTCARD-003", "EXTCARD-004", "EXTCARD-005", "EXTCARD-006",
	"EXTCARD-007", "EXTCARD-008", "EXTCARD-009", "EXTCARD-010", "EXTCARD-011", "EXTCARD-012",
	"EXTCARD-013", "EXTCARD-014", "EXTCARD-015", "EXTCARD-016", "EXTCARD-017", "EXTCARD-018",
	"EXPIRY-001", "EXPIRY-002", "EXPIRY-003", "EXPIRY-004", "EXPIRY-005", "EXPIRY-006",
	"EXPIRY-007", "EXPIRY-008", "EXPIRY-009", "EXPIRY-010", "EXPIRY-011", "EXPIRY-012",
	"ORIGIN-012", "ORIGIN-013", "ORIGIN-014", "ORIGIN-015", "ORIGIN-016", "ORIGIN-017", "ORIGIN-018",
	"REVAL-001", "REVAL-002", "REVAL-003", "REVAL-004", "REVAL-005",
	"NOVAL-004", "NOVAL-005",
}

// The generated scenarios' requirement IDs are published like the
// catalog's, and never shared with it.
func TestGeneratedRequirementIDsArePublished(t *testing.T) {
	for _, r := range GeneratedRequirements() {
		if !idPattern.MatchString(r.ID) || !slices.Contains(published, r.ID) {
			t.Errorf("%s: not of the form ABC-001, or not published", r.ID)
		}
		for _, c := range Requirements() {
			if c.ID == r.ID {
				t.Errorf("%s is both a generated and a catalog requirement", r.ID)
			}
		}
	}
}

var idPattern = regexp.MustCompile(`^[A-Z]+-\d{3}$`)

func TestCatalogIsWellFormed(t *testing.T) {
	seen := map[string]string{}
	for _, sc := range Catalog() {
		if sc.ID == "" || sc.Title == "" || sc.Description == "" || sc.Skill == "" || sc.Message == "" {
			t.Errorf("scenario %q lacks an ID, title, description, skill or message", sc.ID)
		}
		if len(sc.Peers) == 0 || len(sc.Requirements) == 0 {
			t.Errorf("scenario %s has no peers or no requirements", sc.ID)
		}
		if _, err := Lookup(sc.ID); err != nil {
			t.Error(err)
		}
		if !slices.ContainsFunc(sc.Requirements, func(r Requirement) bool { return r.Control && r.Level == Must }) {
			t.Errorf("scenario %s has no MUST positive control: a narrow selection of it could be passed by a client that does nothing", sc.ID)
		}
		for _, r := range sc.AllRequirements() {
			if r.Control && r.Profile == ProfileGeneral {
				t.Errorf("%s: general requirement %s is marked a positive control", sc.ID, r.ID)
			}
			if !idPattern.MatchString(r.ID) {
				t.Errorf("%s: requirement ID %q is not of the form ABC-001", sc.ID, r.ID)
			}
			if r.Text == "" || r.Ref == "" || r.Check == nil || r.Level == "" || r.Profile == "" {
				t.Errorf("%s: requirement %s lacks text, reference, check, level or profile", sc.ID, r.ID)
			}
			if prev, dup := seen[r.ID]; dup && r.Profile != ProfileGeneral {
				t.Errorf("requirement %s is declared by %s and %s", r.ID, prev, sc.ID)
			}
			seen[r.ID] = sc.ID
			if !slices.Contains(published, r.ID) {
				t.Errorf("requirement %s is not in the published list: add it there on purpose", r.ID)
			}
		}
	}
	if order(Catalog()[0].ID) != 0 {
		t.Errorf("catalog does not start with the SPEC's first scenario")
	}
}

func TestLookupUnknown(t *testing.T) {
	if _, err := Lookup("no-such-scenario"); err == nil {
		t.Error("Lookup of an unknown scenario gave no error")
	}
}

func TestParseLevel(t *testing.T) {
	for in, want := range map[string]Level{"must": Must, "SHOULD": Should, "May": May} {
		if got, err := ParseLevel(in); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseLevel("always"); err == nil {
		t.Error("ParseLevel accepted nonsense")
	}
	if !Must.AtLeast(Should) || Should.AtLeast(Must) || !May.AtLeast(May) {
		t.Error("AtLeast orders levels wrongly")
	}
}

// The committed docs/requirements.md must be what the catalog generates.
func TestRequirementsDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteRequirementsMarkdown(&buf, nil); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../docs/requirements.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), committed) {
		t.Error("docs/requirements.md is stale: run `make docs`")
	}
}

// Nothing a client is handed tells one scenario from another: the same
// task text, skill and deadline everywhere, and the card always on the
// same loopback address (the card it fetches is the scenario), but for
// namedCardHosts.
// namedCardHosts are the scenarios whose card must be on a host name: the
// spellings of a name (its letter case, a trailing dot, the address it
// resolves to) can be played only against a card served from one. A
// client can tell these scenarios by the card URL, and learns only that
// every task's card is judged there as everywhere: the look-alikes and
// their controls alternate, each one's verdict grounded in the journal.
var namedCardHosts = map[string]string{"origin-lookalike-named": "localhost"}

func TestAssignmentsRevealNoScenario(t *testing.T) {
	for _, sc := range Catalog() {
		card := sc.Peers[sc.CardPeerIndex()]
		host := cmp.Or(namedCardHosts[sc.ID], "127.0.0.1")
		if sc.Skill != skillSummarize || sc.EffectiveDeadline() != DefaultDeadline || card.Host != "" && card.Host != host || card.Addr != "" {
			t.Errorf("%s: skill %q, deadline %s, card peer host %q: a client could tell the scenario", sc.ID, sc.Skill, sc.EffectiveDeadline(), card.Host)
		}
		for i, task := range sc.SessionTasks() {
			if task.Message != taskMessage {
				t.Errorf("%s task %d: message %q", sc.ID, i+1, task.Message)
			}
		}
	}
}
