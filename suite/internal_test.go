package suite

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

func TestParseKnownFailures(t *testing.T) {
	got, err := parseKnownFailures(strings.NewReader("# comment\n\nROT-004  no ETag support yet\nno-validator/NOVAL-003 polls the card\n"), "k.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got["ROT-004"] != "no ETag support yet" || got["no-validator/NOVAL-003"] != "polls the card" || len(got) != 2 {
		t.Errorf("parsed %v", got)
	}
	for in, want := range map[string]string{
		"ROT-004\n":              "k.txt:1: ROT-004 has no reason",
		"ROT-004 a\nROT-004 b\n": "k.txt:2: ROT-004 listed twice",
		"# ok\nGEN-001   \n":     "k.txt:2: GEN-001 has no reason",
	} {
		if _, err := parseKnownFailures(strings.NewReader(in), "k.txt"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v, want %q", in, err, want)
		}
	}
}

func TestLabelFilterComposition(t *testing.T) {
	o := Options{Profiles: []scenarios.Profile{"core", "general"}, Level: scenarios.Should, LabelFilter: "!req:ROT-004"}
	want := "(profile:core || profile:general) && (level:must || level:should) && (!req:ROT-004)"
	if got := o.labelFilter(); got != want {
		t.Errorf("filter %q, want %q", got, want)
	}
	if (Options{}).labelFilter() != "" {
		t.Error("no selection should mean no filter")
	}
	o.Client = &runner.Command{Line: "true"}
	filter, err := o.validate()
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := scenarios.Lookup("rotation-during-send")
	for _, r := range sc.AllRequirements() {
		want := r.ID != "ROT-004"
		if got := filter(Labels(sc, r)); got != want {
			t.Errorf("%s selected = %v, want %v", r.ID, got, want)
		}
	}
}

func TestKnownFailureScoping(t *testing.T) {
	o := Options{KnownFailures: map[string]string{"GEN-001": "all", "no-validator/NOVAL-003": "one"}}
	if _, key, ok := o.knownFailure("version-skew", "GEN-001"); !ok || key != "GEN-001" {
		t.Error("bare ID does not apply to every scenario")
	}
	if _, _, ok := o.knownFailure("skill-reorganization", "NOVAL-003"); ok {
		t.Error("scoped entry leaked into another scenario")
	}
}

// The failure message is evidence on its own: requirement, want/got, the
// cited exchanges, the client's outcome, and where to read more.
func TestFailureMessage(t *testing.T) {
	sc, _ := scenarios.Lookup("rotation-during-send")
	req := sc.Requirements[0]
	ev := &scenarios.Evidence{
		Journal: []mockpeer.Exchange{
			{Seq: 1, Peer: "A", Method: "GET", Path: "/.well-known/agent-card.json", Route: mockpeer.RouteCard, Status: 200, Header: http.Header{}},
			{Seq: 4, Peer: "A", Method: "POST", Path: "/a2a/jsonrpc", Route: mockpeer.RouteA2A, Op: "SendMessage", Binding: "JSONRPC",
				Status: 200, CardVersion: 1, TaskID: "task-1", StateAfter: "TASK_STATE_AUTH_REQUIRED",
				Auth: mockpeer.AuthSeen{Presented: []string{"oauth-token"}}, Header: http.Header{}},
		},
		Client: scenarios.ClientRun{Outcome: &driver.Outcome{Outcome: "failed", Reason: "auth-required"}},
	}
	j := scenarios.Judgement{Verdict: scenarios.Fail, Want: "abort before send", Got: "SendMessage at #4 under card version 1", Exchanges: []int64{4}}
	msg := FailureMessage(sc, req, j, ev)
	for _, want := range []string{
		"ROT-001 [MUST] The client MUST abort before send",
		"scenario: rotation-during-send",
		"want: abort before send",
		"got:  SendMessage at #4 under card version 1",
		"#4 peer A POST /a2a/jsonrpc [JSONRPC SendMessage] → 200 (card v1, task-1 new→AUTH_REQUIRED, credentials oauth-token)",
		"client outcome: failed/auth-required",
		"see: docs/requirements.md#rot-001",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "#1 peer A GET") {
		t.Errorf("message cites an exchange the judgement did not:\n%s", msg)
	}
}
