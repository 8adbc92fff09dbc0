package contract

import (
	"strings"
	"testing"
)

// base is a spec-shaped card; each case below edits one field of it.
const base = `{
  "name": "Agent", "description": "d", "version": "1.0.0",
  "supportedInterfaces": [
    {"url": "https://a.example/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "https://a.example/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
  ],
  "capabilities": {"streaming": true, "extensions": [
    {"uri": "https://x.example/opt", "required": false},
    {"uri": "https://x.example/req", "required": true, "params": {"k": "v"}}
  ]},
  "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
  "securityRequirements": [{"schemes": {"bearer": {"list": []}}}],
  "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "summarize", "name": "s", "description": "d", "tags": ["t"]},
    {"id": "payroll", "name": "p", "description": "d", "tags": ["t"],
     "securityRequirements": [{"schemes": {"bearer": {"list": ["payroll.read"]}}}]}
  ]
}`

func hash(t *testing.T, card, skill string) string {
	t.Helper()
	h, err := Hash([]byte(card), skill)
	if err != nil {
		t.Fatalf("Hash: %v", err)
	}
	if len(h) != 64 || strings.ToLower(h) != h {
		t.Fatalf("hash %q is not lowercase hex SHA-256", h)
	}
	return h
}

func edit(old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			panic("fixture does not contain " + old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

func TestCapabilityFieldsDoNotChangeTheHash(t *testing.T) {
	cases := map[string]func(string) string{
		"name":                 edit(`"name": "Agent"`, `"name": "Renamed"`),
		"description":          edit(`"description": "d", "version"`, `"description": "other", "version"`),
		"version":              edit(`"version": "1.0.0"`, `"version": "2.0.0"`),
		"streaming":            edit(`"streaming": true`, `"streaming": false`),
		"input modes":          edit(`"defaultInputModes": ["text/plain"]`, `"defaultInputModes": ["application/pdf"]`),
		"optional extension":   edit(`{"uri": "https://x.example/opt", "required": false},`, ``),
		"skill description":    edit(`{"id": "summarize", "name": "s", "description": "d"`, `{"id": "summarize", "name": "s", "description": "new"`),
		"unrelated skill gone": edit(`{"id": "summarize", "name": "s", "description": "d", "tags": ["t"]},`, ``),
		"whitespace and order": func(s string) string { return strings.ReplaceAll(s, "\n", " ") },
	}
	want := hash(t, base, "payroll")
	for name, change := range cases {
		if got := hash(t, change(base), "payroll"); got != want {
			t.Errorf("%s changed the contract hash", name)
		}
	}
}

func TestContractFieldsChangeTheHash(t *testing.T) {
	cases := map[string]func(string) string{
		"scheme":            edit(`"scheme": "Bearer"`, `"scheme": "Basic"`),
		"card requirement":  edit(`"securityRequirements": [{"schemes": {"bearer": {"list": []}}}],`, `"securityRequirements": [{"schemes": {"bearer": {"list": []}}}, {"schemes": {}}],`),
		"skill requirement": edit(`{"list": ["payroll.read"]}`, `{"list": ["payroll.write"]}`),
		"interface url":     edit(`"https://a.example/rpc"`, `"https://b.example/rpc"`),
		"interface binding": edit(`"protocolBinding": "HTTP+JSON"`, `"protocolBinding": "GRPC"`),
		"interface version": edit(`"protocolVersion": "1.0"}`, `"protocolVersion": "2.0"}`),
		"interface tenant":  edit(`"url": "https://a.example/rest",`, `"url": "https://a.example/rest", "tenant": "t1",`),
		"interface order": edit(`{"url": "https://a.example/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "https://a.example/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}`, `{"url": "https://a.example/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
    {"url": "https://a.example/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`),
		"required extension": edit(`"params": {"k": "v"}`, `"params": {"k": "w"}`),
		"extension required": edit(`"required": false`, `"required": true`),
	}
	want := hash(t, base, "payroll")
	for name, change := range cases {
		if got := hash(t, change(base), "payroll"); got == want {
			t.Errorf("%s left the contract hash unchanged", name)
		}
	}
}

func TestSkillInheritsTheCardRequirement(t *testing.T) {
	// summarize has no requirement of its own: a change of the card's
	// requirement is a change of its contract, a change of payroll's is not.
	sum := hash(t, base, "summarize")
	if hash(t, edit(`{"list": ["payroll.read"]}`, `{"list": []}`)(base), "summarize") != sum {
		t.Error("another skill's requirement changed summarize's contract")
	}
	// A skill that disappears inherits the card's requirement too.
	gone := edit(`{"id": "summarize", "name": "s", "description": "d", "tags": ["t"]},`, ``)(base)
	if hash(t, gone, "summarize") != sum {
		t.Error("dropping a skill without its own security changed its contract")
	}
	// The same card means different contracts for different skills.
	if sum == hash(t, base, "payroll") {
		t.Error("summarize and payroll share a contract although their requirements differ")
	}
}

func TestScopeShapesAreEquivalent(t *testing.T) {
	flat := strings.NewReplacer(`{"list": []}`, `[]`, `{"list": ["payroll.read"]}`, `["payroll.read"]`).Replace(base)
	if hash(t, flat, "payroll") != hash(t, base, "payroll") {
		t.Error("a2a-go's bare-array scopes and the spec's {\"list\"} shape hash differently")
	}
}

func TestAbsentAndEmptyAreEquivalent(t *testing.T) {
	without := edit(`"securityRequirements": [{"schemes": {"bearer": {"list": []}}}],`, ``)(base)
	empty := edit(`"securityRequirements": [{"schemes": {"bearer": {"list": []}}}],`, `"securityRequirements": [],`)(base)
	if hash(t, without, "summarize") != hash(t, empty, "summarize") {
		t.Error("absent and empty securityRequirements hash differently")
	}
}

func TestCanonicalFormIsJCS(t *testing.T) {
	canon, err := Canonical([]byte(base), "summarize")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"requiredExtensions":[{"params":{"k":"v"},"required":true,"uri":"https://x.example/req"}],` +
		`"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}],` +
		`"securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}},` +
		`"skill":"summarize","skillSecurityRequirements":[{"schemes":{"bearer":{"list":[]}}}],` +
		`"supportedInterfaces":[{"protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":"","url":"https://a.example/rpc"},` +
		`{"protocolBinding":"HTTP+JSON","protocolVersion":"1.0","tenant":"","url":"https://a.example/rest"}]}`
	if string(canon) != want {
		t.Errorf("canonical projection\n got %s\nwant %s", canon, want)
	}
}

func TestBadCards(t *testing.T) {
	for _, in := range []string{``, `null`, `[]`, `{"name":`, `"card"`} {
		if _, err := Hash([]byte(in), "s"); err == nil {
			t.Errorf("Hash(%q) gave no error", in)
		}
	}
}
