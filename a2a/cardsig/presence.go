package cardsig

// The proto field presence rules of spec §5.7 and §8.4.1, for the messages
// of an AgentCard. They decide which members of a received card take part
// in the signed payload: a member that is present stays, except
//   - an implicit-presence scalar (no `optional`, not REQUIRED) holding its
//     default ("", false, 0): a ProtoJSON serializer would not write it;
//   - a repeated or map field that is not REQUIRED and is empty.
// REQUIRED fields, `optional` fields and message fields count as set
// whenever they are present, even at a default value. Members this table
// does not know are kept verbatim, so a field the verifier cannot interpret
// is still covered by the signature.

// drop says when a present member is left out of the payload.
type drop int

const (
	keepPresent drop = iota // REQUIRED, `optional` and message fields
	dropDefault             // implicit-presence scalars at "", false or 0
	dropEmpty               // repeated and map fields that are not REQUIRED, when empty
)

// shape says how a member's value holds messages of its type.
type shape int

const (
	single shape = iota
	list         // JSON array of messages
	dict         // JSON object whose values are messages
)

// field is one known member of a message.
type field struct {
	drop  drop
	shape shape
	// msg names the message type of the value (of its elements or map
	// values); "" means the value is kept as received (scalars, string
	// lists, string maps, google.protobuf.Struct).
	msg string
}

var (
	required = field{drop: keepPresent}
	optional = field{drop: keepPresent}
	implicit = field{drop: dropDefault}
	repeated = field{drop: dropEmpty}
)

func message(name string) field      { return field{drop: keepPresent, msg: name} }
func messages(name string) field     { return field{drop: dropEmpty, shape: list, msg: name} }
func messageMap(name string) field   { return field{drop: dropEmpty, shape: dict, msg: name} }
func requiredList(name string) field { return field{drop: keepPresent, shape: list, msg: name} }

// Message names of the schema.
const (
	msgAgentCard         = "AgentCard"
	msgAgentInterface    = "AgentInterface"
	msgAgentProvider     = "AgentProvider"
	msgAgentCapabilities = "AgentCapabilities"
	msgAgentExtension    = "AgentExtension"
	msgAgentSkill        = "AgentSkill"
	msgSecurityReq       = "SecurityRequirement"
	msgStringList        = "StringList"
	msgSecurityScheme    = "SecurityScheme"
	msgAPIKey            = "APIKeySecurityScheme"
	msgHTTPAuth          = "HTTPAuthSecurityScheme"
	msgOAuth2            = "OAuth2SecurityScheme"
	msgOpenIDConnect     = "OpenIdConnectSecurityScheme"
	msgMTLS              = "MutualTlsSecurityScheme"
	msgOAuthFlows        = "OAuthFlows"
	msgAuthCodeFlow      = "AuthorizationCodeOAuthFlow"
	msgClientCredsFlow   = "ClientCredentialsOAuthFlow"
	msgImplicitFlow      = "ImplicitOAuthFlow"
	msgPasswordFlow      = "PasswordOAuthFlow"
	msgDeviceCodeFlow    = "DeviceCodeOAuthFlow"
)

// schema is lf.a2a.v1 (specification/a2a.proto) as far as an AgentCard
// reaches, in ProtoJSON member names.
var schema = map[string]map[string]field{
	msgAgentCard: {
		"name":                 required,
		"description":          required,
		"supportedInterfaces":  requiredList(msgAgentInterface),
		"provider":             message(msgAgentProvider),
		"version":              required,
		"documentationUrl":     optional,
		"capabilities":         message(msgAgentCapabilities),
		"securitySchemes":      messageMap(msgSecurityScheme),
		"securityRequirements": messages(msgSecurityReq),
		"defaultInputModes":    required,
		"defaultOutputModes":   required,
		"skills":               requiredList(msgAgentSkill),
		"iconUrl":              optional,
	},
	msgAgentInterface: {
		"url":             required,
		"protocolBinding": required,
		"tenant":          implicit,
		"protocolVersion": required,
	},
	msgAgentProvider: {"url": required, "organization": required},
	msgAgentCapabilities: {
		"streaming":         optional,
		"pushNotifications": optional,
		"extensions":        messages(msgAgentExtension),
		"extendedAgentCard": optional,
		"skillQuery":        optional,
	},
	msgAgentExtension: {
		"uri":         implicit,
		"description": implicit,
		"required":    implicit,
		"params":      message(""), // google.protobuf.Struct: kept as received
	},
	msgAgentSkill: {
		"id":                   required,
		"name":                 required,
		"description":          required,
		"tags":                 required,
		"examples":             repeated,
		"inputModes":           repeated,
		"outputModes":          repeated,
		"securityRequirements": messages(msgSecurityReq),
	},
	msgSecurityReq: {"schemes": messageMap(msgStringList)},
	msgStringList:  {"list": repeated},
	msgSecurityScheme: {
		"apiKeySecurityScheme":        message(msgAPIKey),
		"httpAuthSecurityScheme":      message(msgHTTPAuth),
		"oauth2SecurityScheme":        message(msgOAuth2),
		"openIdConnectSecurityScheme": message(msgOpenIDConnect),
		"mtlsSecurityScheme":          message(msgMTLS),
	},
	msgAPIKey:        {"description": implicit, "location": required, "name": required},
	msgHTTPAuth:      {"description": implicit, "scheme": required, "bearerFormat": implicit},
	msgOAuth2:        {"description": implicit, "flows": message(msgOAuthFlows), "oauth2MetadataUrl": implicit},
	msgOpenIDConnect: {"description": implicit, "openIdConnectUrl": required},
	msgMTLS:          {"description": implicit},
	msgOAuthFlows: {
		"authorizationCode": message(msgAuthCodeFlow),
		"clientCredentials": message(msgClientCredsFlow),
		"implicit":          message(msgImplicitFlow),
		"password":          message(msgPasswordFlow),
		"deviceCode":        message(msgDeviceCodeFlow),
	},
	msgAuthCodeFlow: {
		"authorizationUrl": required, "tokenUrl": required, "refreshUrl": implicit,
		"scopes": required, "pkceRequired": implicit,
	},
	msgClientCredsFlow: {"tokenUrl": required, "refreshUrl": implicit, "scopes": required},
	msgImplicitFlow:    {"authorizationUrl": implicit, "refreshUrl": implicit, "scopes": repeated},
	msgPasswordFlow:    {"tokenUrl": implicit, "refreshUrl": implicit, "scopes": repeated},
	msgDeviceCodeFlow: {
		"deviceAuthorizationUrl": required, "tokenUrl": required, "refreshUrl": implicit, "scopes": required,
	},
}
