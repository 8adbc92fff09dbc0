// Package contract computes the contract projection and contract hash of an
// Agent Card (docs/contract-model.md). The suite, the mock peers and the
// reference client all call Hash, so "the contract changed" means the same
// thing to every part of the project.
//
// The projection works on the card's JSON, not on a Go struct, so that fields
// a struct would drop or reshape (the two shapes of security scopes, unknown
// members) cannot make two different contracts look equal.
package contract

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/gowebpki/jcs"
)

// Projection member names. They are part of the published hash: never rename.
const (
	keySchemes            = "securitySchemes"
	keyRequirements       = "securityRequirements"
	keySkill              = "skill"
	keySkillRequirements  = "skillSecurityRequirements"
	keyInterfaces         = "supportedInterfaces"
	keyRequiredExtensions = "requiredExtensions"
)

// Project returns the contract projection of card (JSON bytes) for the target
// skill: exactly the contract fields, the skill's effective security
// requirement resolved (its own when present, else the card's).
func Project(card []byte, skill string) (map[string]any, error) {
	var c map[string]any
	dec := json.NewDecoder(bytes.NewReader(card))
	dec.UseNumber()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("contract: card is not a JSON object: %w", err)
	}
	if c == nil {
		return nil, fmt.Errorf("contract: card is null")
	}
	schemes, _ := c["securitySchemes"].(map[string]any)
	if schemes == nil {
		schemes = map[string]any{}
	}
	cardReqs := requirements(c["securityRequirements"])
	skillReqs := cardReqs
	if s := findSkill(c["skills"], skill); s != nil {
		if raw, present := s["securityRequirements"]; present && raw != nil {
			skillReqs = requirements(raw)
		}
	}
	return map[string]any{
		keySchemes:            schemes,
		keyRequirements:       cardReqs,
		keySkill:              skill,
		keySkillRequirements:  skillReqs,
		keyInterfaces:         interfaces(c["supportedInterfaces"]),
		keyRequiredExtensions: requiredExtensions(c["capabilities"]),
	}, nil
}

// Canonical returns the RFC 8785 (JCS) form of the projection.
func Canonical(card []byte, skill string) ([]byte, error) {
	p, err := Project(card, skill)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("contract: %w", err)
	}
	out, err := jcs.Transform(raw)
	if err != nil {
		return nil, fmt.Errorf("contract: canonicalize: %w", err)
	}
	return out, nil
}

// Hash is the lowercase hex SHA-256 of the canonical projection.
func Hash(card []byte, skill string) (string, error) {
	canon, err := Canonical(card, skill)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:]), nil
}

func findSkill(v any, id string) map[string]any {
	list, _ := v.([]any)
	for _, s := range list {
		if m, ok := s.(map[string]any); ok && m["id"] == id {
			return m
		}
	}
	return nil
}

// requirements normalises an OR-of-ANDs list: both scope shapes
// ({"list":[...]} and a bare array) become {"list":[...]}, absent and empty
// both become [].
func requirements(v any) []any {
	list, _ := v.([]any)
	out := make([]any, 0, len(list))
	for _, r := range list {
		m, _ := r.(map[string]any)
		schemes, _ := m["schemes"].(map[string]any)
		norm := map[string]any{}
		for name, scopes := range schemes {
			norm[name] = map[string]any{"list": scopeList(scopes)}
		}
		out = append(out, map[string]any{"schemes": norm})
	}
	return out
}

func scopeList(v any) []any {
	switch t := v.(type) {
	case []any:
		return t
	case map[string]any:
		if l, ok := t["list"].([]any); ok {
			return l
		}
	}
	return []any{}
}

// interfaces keeps, in card order, the routing members of each interface.
func interfaces(v any) []any {
	list, _ := v.([]any)
	out := make([]any, 0, len(list))
	for _, i := range list {
		m, _ := i.(map[string]any)
		out = append(out, map[string]any{
			"url":             str(m["url"]),
			"protocolBinding": str(m["protocolBinding"]),
			"protocolVersion": str(m["protocolVersion"]),
			"tenant":          str(m["tenant"]),
		})
	}
	return out
}

// requiredExtensions keeps the extensions a client must speak, whole.
func requiredExtensions(v any) []any {
	caps, _ := v.(map[string]any)
	list, _ := caps["extensions"].([]any)
	out := []any{}
	for _, e := range list {
		if m, ok := e.(map[string]any); ok && m["required"] == true {
			out = append(out, m)
		}
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
