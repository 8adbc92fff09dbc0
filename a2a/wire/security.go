package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// SecurityRequirement is one alternative of an "OR of ANDs" list: every
// scheme named here must be satisfied together. An empty requirement ({})
// means "no authentication" and makes security optional when listed.
type SecurityRequirement struct {
	Schemes map[string]StringList `json:"schemes"`
}

// StringList is proto StringList. On the wire the spec writes
// {"list":[...]}; a2a-go v2.3.1 writes a bare array. Both are read.
type StringList struct {
	List []string `json:"list"`
}

// UnmarshalJSON accepts the spec shape and the bare-array shape.
func (s *StringList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		return json.Unmarshal(b, &s.List)
	}
	var obj struct {
		List []string `json:"list"`
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return fmt.Errorf("wire: security scopes: %w", err)
	}
	s.List = obj.List
	return nil
}

// MarshalJSON writes the spec shape, always with a list (possibly empty),
// because a2a-js drops scopes it cannot find.
func (s StringList) MarshalJSON() ([]byte, error) {
	list := s.List
	if list == nil {
		list = []string{}
	}
	return json.Marshal(struct {
		List []string `json:"list"`
	}{list})
}

// Require builds a requirement for the given scheme names, no scopes.
func Require(names ...string) SecurityRequirement {
	r := SecurityRequirement{Schemes: map[string]StringList{}}
	for _, n := range names {
		r.Schemes[n] = StringList{}
	}
	return r
}

// SecurityScheme is the proto oneof; exactly one member is set and its
// wrapper key is the discriminator.
type SecurityScheme struct {
	APIKey        *APIKeySecurityScheme        `json:"apiKeySecurityScheme,omitempty"`
	HTTPAuth      *HTTPAuthSecurityScheme      `json:"httpAuthSecurityScheme,omitempty"`
	OAuth2        *OAuth2SecurityScheme        `json:"oauth2SecurityScheme,omitempty"`
	OpenIDConnect *OpenIDConnectSecurityScheme `json:"openIdConnectSecurityScheme,omitempty"`
	MTLS          *MTLSSecurityScheme          `json:"mtlsSecurityScheme,omitempty"`
}

// APIKeySecurityScheme: location is "header", "query" or "cookie".
type APIKeySecurityScheme struct {
	Description string `json:"description,omitempty"`
	Location    string `json:"location"`
	Name        string `json:"name"`
}

// HTTPAuthSecurityScheme: scheme is e.g. "Bearer".
type HTTPAuthSecurityScheme struct {
	Description  string `json:"description,omitempty"`
	Scheme       string `json:"scheme"`
	BearerFormat string `json:"bearerFormat,omitempty"`
}

// OAuth2SecurityScheme carries exactly one flow.
type OAuth2SecurityScheme struct {
	Description       string     `json:"description,omitempty"`
	Flows             OAuthFlows `json:"flows"`
	OAuth2MetadataURL string     `json:"oauth2MetadataUrl,omitempty"`
}

// OAuthFlows is a oneof; this project issues client-credentials only but
// reads the others so that a card using them still parses.
type OAuthFlows struct {
	ClientCredentials *ClientCredentialsOAuthFlow `json:"clientCredentials,omitempty"`
	AuthorizationCode map[string]any              `json:"authorizationCode,omitempty"`
	DeviceCode        map[string]any              `json:"deviceCode,omitempty"`
}

// ClientCredentialsOAuthFlow names the token endpoint.
type ClientCredentialsOAuthFlow struct {
	TokenURL   string            `json:"tokenUrl"`
	RefreshURL string            `json:"refreshUrl,omitempty"`
	Scopes     map[string]string `json:"scopes"`
}

// OpenIDConnectSecurityScheme points at a discovery document.
type OpenIDConnectSecurityScheme struct {
	Description      string `json:"description,omitempty"`
	OpenIDConnectURL string `json:"openIdConnectUrl"`
}

// MTLSSecurityScheme asks for a TLS client certificate.
type MTLSSecurityScheme struct {
	Description string `json:"description,omitempty"`
}

// Kind names the member that is set: "apiKey", "http", "oauth2",
// "openIdConnect", "mtls", or "" when none is.
func (s SecurityScheme) Kind() string {
	switch {
	case s.APIKey != nil:
		return "apiKey"
	case s.HTTPAuth != nil:
		return "http"
	case s.OAuth2 != nil:
		return "oauth2"
	case s.OpenIDConnect != nil:
		return "openIdConnect"
	case s.MTLS != nil:
		return "mtls"
	}
	return ""
}

// FlattenSecurityScopes rewrites every {"list":[...]} under a
// securityRequirements "schemes" map into a bare array: the shape a2a-go
// v2.3.1 insists on. It touches nothing else in the document.
func FlattenSecurityScopes(doc []byte) ([]byte, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("wire: flatten security scopes: %w", err)
	}
	flattenWalk(v, false)
	return json.Marshal(v)
}

func flattenWalk(v any, inRequirements bool) {
	switch t := v.(type) {
	case map[string]any:
		if inRequirements {
			if schemes, ok := t["schemes"].(map[string]any); ok {
				for name, scopes := range schemes {
					if obj, ok := scopes.(map[string]any); ok {
						list, _ := obj["list"].([]any)
						if list == nil {
							list = []any{}
						}
						schemes[name] = list
					}
				}
			}
			return
		}
		for k, child := range t {
			flattenWalk(child, k == "securityRequirements")
		}
	case []any:
		for _, child := range t {
			flattenWalk(child, inRequirements)
		}
	}
}
