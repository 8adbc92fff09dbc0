package wire

import (
	"encoding/json"
	"net/http"
)

// ErrorDomain is the google.rpc.ErrorInfo domain of every A2A error.
const ErrorDomain = "a2a-protocol.org"

// ErrorInfoType is the ProtoJSON Any type URL of google.rpc.ErrorInfo.
const ErrorInfoType = "type.googleapis.com/google.rpc.ErrorInfo"

// ErrorKind is one error of the spec's table (§5.4 of v1.0.1), with its
// code on each binding. JSON-RPC auth errors follow a2a-go (-31401/-31403).
type ErrorKind struct {
	Name       string // e.g. "TaskNotFoundError"
	RPCCode    int
	HTTPStatus int
	GRPCStatus string // google.rpc.Code name, used as "status" in REST bodies
	Reason     string // ErrorInfo reason, "" for the JSON-RPC standard errors
	Message    string
}

// The errors a peer can return.
var (
	ErrParse                     = ErrorKind{"JSONParseError", -32700, http.StatusBadRequest, "INVALID_ARGUMENT", "", "Invalid JSON payload"}
	ErrInvalidRequest            = ErrorKind{"InvalidRequestError", -32600, http.StatusBadRequest, "INVALID_ARGUMENT", "", "Request payload validation error"}
	ErrMethodNotFound            = ErrorKind{"MethodNotFoundError", -32601, http.StatusNotFound, "UNIMPLEMENTED", "", "Method not found"}
	ErrInvalidParams             = ErrorKind{"InvalidParamsError", -32602, http.StatusBadRequest, "INVALID_ARGUMENT", "", "Invalid parameters"}
	ErrInternal                  = ErrorKind{"InternalError", -32603, http.StatusInternalServerError, "INTERNAL", "", "Internal error"}
	ErrTaskNotFound              = ErrorKind{"TaskNotFoundError", -32001, http.StatusNotFound, "NOT_FOUND", "TASK_NOT_FOUND", "Task not found"}
	ErrTaskNotCancelable         = ErrorKind{"TaskNotCancelableError", -32002, http.StatusBadRequest, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "Task cannot be canceled"}
	ErrPushNotSupported          = ErrorKind{"PushNotificationNotSupportedError", -32003, http.StatusBadRequest, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED", "Push Notification is not supported"}
	ErrUnsupportedOperation      = ErrorKind{"UnsupportedOperationError", -32004, http.StatusBadRequest, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "This operation is not supported"}
	ErrContentTypeNotSupported   = ErrorKind{"ContentTypeNotSupportedError", -32005, http.StatusBadRequest, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED", "Incompatible content types"}
	ErrExtendedCardNotConfigured = ErrorKind{"ExtendedAgentCardNotConfiguredError", -32007, http.StatusBadRequest, "FAILED_PRECONDITION", "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "Extended agent card is not configured"}
	ErrExtensionSupportRequired  = ErrorKind{"ExtensionSupportRequiredError", -32008, http.StatusBadRequest, "FAILED_PRECONDITION", "EXTENSION_SUPPORT_REQUIRED", "A required extension was not requested"}
	ErrVersionNotSupported       = ErrorKind{"VersionNotSupportedError", -32009, http.StatusBadRequest, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED", "A2A protocol version not supported"}
	ErrUnauthenticated           = ErrorKind{"UnauthenticatedError", -31401, http.StatusUnauthorized, "UNAUTHENTICATED", "UNAUTHENTICATED", "Authentication required"}
	ErrPermissionDenied          = ErrorKind{"PermissionDeniedError", -31403, http.StatusForbidden, "PERMISSION_DENIED", "PERMISSION_DENIED", "Permission denied"}
)

// ErrorInfo is google.rpc.ErrorInfo as a ProtoJSON Any.
type ErrorInfo struct {
	Type     string            `json:"@type"`
	Reason   string            `json:"reason"`
	Domain   string            `json:"domain"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Details builds the details array for an error of this kind.
func (k ErrorKind) Details(metadata map[string]string) []any {
	if k.Reason == "" {
		return nil
	}
	return []any{ErrorInfo{Type: ErrorInfoType, Reason: k.Reason, Domain: ErrorDomain, Metadata: metadata}}
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    []any  `json:"data,omitempty"`
}

// RPCErrorOf renders k as a JSON-RPC error with an optional detail text.
func RPCErrorOf(k ErrorKind, detail string, metadata map[string]string) *RPCError {
	msg := k.Message
	if detail != "" {
		msg += ": " + detail
	}
	return &RPCError{Code: k.RPCCode, Message: msg, Data: k.Details(metadata)}
}

// RESTError is the google.rpc.Status body of an HTTP+JSON error.
type RESTError struct {
	Error RESTStatus `json:"error"`
}

// RESTStatus is google.rpc.Status in its HTTP mapping.
type RESTStatus struct {
	Code    int    `json:"code"`
	Status  string `json:"status"`
	Message string `json:"message"`
	Details []any  `json:"details,omitempty"`
}

// RESTErrorOf renders k as an HTTP+JSON error body.
func RESTErrorOf(k ErrorKind, detail string, metadata map[string]string) RESTError {
	msg := k.Message
	if detail != "" {
		msg += ": " + detail
	}
	return RESTError{RESTStatus{Code: k.HTTPStatus, Status: k.GRPCStatus, Message: msg, Details: k.Details(metadata)}}
}

// RPCRequest is a JSON-RPC 2.0 request as received. ID keeps its raw JSON
// so that it is echoed with its type (a2a-js checks id === requestId).
type RPCRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
	ID      json.RawMessage `json:"id,omitempty"`
}

// RPCResponse is a JSON-RPC 2.0 response.
type RPCResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// JSON-RPC method names of A2A v1.0.
const (
	MethodSendMessage          = "SendMessage"
	MethodSendStreamingMessage = "SendStreamingMessage"
	MethodGetTask              = "GetTask"
	MethodListTasks            = "ListTasks"
	MethodCancelTask           = "CancelTask"
	MethodSubscribeToTask      = "SubscribeToTask"
	MethodGetExtendedAgentCard = "GetExtendedAgentCard"
)

// Service parameter headers.
const (
	HeaderVersion    = "A2A-Version"
	HeaderExtensions = "A2A-Extensions"
)

// RESTContentType is what v1.0.1 says HTTP+JSON SHOULD use; peers answer
// errors as application/json because a2a-go decodes only that.
const RESTContentType = "application/a2a+json"

// FrozenContractExtension is the URI of the optional frozen-contract
// extension (docs/contract-model.md, rule 7). Peers announce the contract
// hash they hold under it; clients send the hash they froze.
const FrozenContractExtension = "https://a2a-conform.dev/ext/frozen-contract/v1"
