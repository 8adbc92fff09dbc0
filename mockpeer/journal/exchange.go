package journal

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Route names of journaled exchanges.
const (
	RouteCard      = "agent-card"
	RouteToken     = "oauth-token"
	RouteJWKS      = "jwks"
	RouteA2A       = "a2a"
	RouteAdmin     = "admin"
	RouteUnmatched = "unmatched"
)

// Exchange is one request and its response, as the peer saw them. Secrets
// are redacted before an Exchange is stored: nothing here is sensitive.
type Exchange struct {
	Seq    int64     `json:"seq"`
	Time   time.Time `json:"time"`
	Peer   string    `json:"peer"`
	Origin string    `json:"origin"`
	Route  string    `json:"route"`
	// Op and Binding are set for A2A calls ("SendMessage", "JSONRPC").
	Op      string      `json:"op,omitempty"`
	Binding string      `json:"binding,omitempty"`
	Method  string      `json:"method"`
	Path    string      `json:"path"`
	Query   string      `json:"query,omitempty"`
	Header  http.Header `json:"header"`
	Body    string      `json:"body,omitempty"` // bounded, redacted
	Status  int         `json:"status"`
	// Response is the response body, bounded and redacted (SSE: the events).
	Response string `json:"response,omitempty"`
	// ErrorCode is the A2A/JSON-RPC error code answered, 0 if none; for a
	// JSON-RPC notification, which gets no answer, the code it was refused with.
	ErrorCode int `json:"errorCode,omitempty"`
	// Malformed says why the request was rejected before the handler.
	Malformed string `json:"malformed,omitempty"`
	// A2AVersion is the A2A-Version the request carried ("" if none).
	A2AVersion string `json:"a2aVersion,omitempty"`
	// Tenant is, for an A2A call, the tenant the request named ("" if
	// none): which of the card's interfaces on one url it was sent to.
	Tenant string `json:"tenant,omitempty"`
	// CardVersion is, for a card response, the version served; for any
	// other exchange the version in force when the request arrived.
	CardVersion int `json:"cardVersion"`
	// ContractHash is the contract hash of CardVersion for the peer's skill.
	ContractHash string `json:"contractHash,omitempty"`
	// TaskID, StateBefore and StateAfter describe the task a call touched.
	TaskID      string         `json:"taskId,omitempty"`
	StateBefore wire.TaskState `json:"stateBefore,omitempty"`
	StateAfter  wire.TaskState `json:"stateAfter,omitempty"`
	// StateVersion is the card version in force when the task entered
	// StateAfter: a task reported in a state entered under another version
	// than the one it was sent under ran across a change of the card, and
	// the client was shown it doing so (a poll, a stream's last event).
	StateVersion int `json:"stateVersion,omitempty"`
	// Blocking: the peer held this SendMessage until the task was terminal
	// or interrupted, because the request, as the peer decoded it, did not
	// ask to return immediately. It is the peer's reading, on every
	// binding, not a reparse of the (bounded) body; false for every other
	// call, SendStreamingMessage included.
	Blocking bool `json:"blocking,omitempty"`
	// TLSClient is the subject CN of a verified client certificate.
	TLSClient string `json:"tlsClient,omitempty"`
	// Auth is what the request presented, judged against the cards.
	Auth AuthSeen `json:"auth"`
	// RequestMetadata is SendMessageRequest.metadata and the message
	// metadata of a task-creating call (for the frozen-contract extension).
	RequestMetadata map[string]any `json:"requestMetadata,omitempty"`
	// Extensions is the A2A-Extensions list the request carried.
	Extensions []string `json:"extensions,omitempty"`
	// CardFault names the scripted failure (mockpeer.CardFault) a card request was
	// answered with instead of the card; "" for the card itself. Status is
	// 0 for a hang-up: the client received no response.
	CardFault string `json:"cardFault,omitempty"`
	// Conn is, on RouteConnection, what the client revealed on the
	// connection; nil on every other route.
	Conn *Connection `json:"connection,omitempty"`
	// ConnSeq is, on a request, the Seq of the connection record
	// (RouteConnection) of the connection it came on; 0 for one that came
	// through no peer listener. A connection can carry the requests of
	// several tasks, and its record journals, at its start, everything
	// they presented: ConnSeq tells which of it the requests account for.
	ConnSeq int64 `json:"connSeq,omitempty"`

	// What the peer read off the whole request and its own answer, for the
	// checks: the journal's bounds cut Header, Body, Response and
	// RequestMetadata, never these, and none holds a string of the
	// client's. A check reads these, not the bounded copies.

	// Fields counts the values of the fields a server reads one value of
	// (A2A-Version, Authorization, Content-Type), over the whole request;
	// nil on a connection record and in hand-built evidence.
	Fields *FieldCounts `json:"fields,omitempty"`
	// Validators is what a card request asked the peer to compare, every
	// If-None-Match and If-Modified-Since line (validators.go); nil without any.
	Validators *Validators `json:"validators,omitempty"`
	// RunningShown lists, for an answer the peer gave as things happened,
	// the card versions in force when it showed the client the task in a
	// state not yet terminal: a GetTask's or a non-blocking SendMessage's
	// snapshot, each event of a stream once it was sent. Distinct, in the
	// order shown, at most 16. Empty for an answer the peer held to the
	// task's end (Blocking), and for one that showed only a terminal state:
	// neither showed the task running.
	RunningShown []int `json:"runningShown,omitempty"`
	// Announced are the contract hashes the status messages of the answer
	// announced under the frozen-contract extension (every event of a
	// stream), distinct, at most 8.
	Announced []string `json:"announced,omitempty"`
	// SentContract is, for a task-creating call whose metadata carried a
	// frozen-contract hash (a string), what it was; nil if none.
	SentContract *SentContract `json:"sentContract,omitempty"`

	// Truncated names, by their JSON names, the fields cut to the journal's
	// limits ("header", "body", ...), and "compact" for an exchange kept in
	// compact form (see JournalLimits). Cuts come after redaction.
	Truncated []string `json:"truncated,omitempty"`
	// Cuts say, for each field named in Truncated, the bound it was cut to
	// and the size the request or answer had.
	Cuts []Cut `json:"cuts,omitempty"`
}

// SentContract is the contract hash a task-creating call carried in its
// frozen-contract metadata.
type SentContract struct {
	// Hash is the hash carried when it is the contract hash of one of the
	// peer's card versions; "" when it is any other string (which only the
	// redacted RequestMetadata holds).
	Hash string `json:"hash,omitempty"`
}

// Cut is one bound the journal applied to a field of an exchange.
type Cut struct {
	// Field is the field's name, as in Exchange.Truncated; "headerValues"
	// is the count of header values, which "header" also names.
	Field string `json:"field"`
	// Limit is the bound, in bytes (values for headerValues); 0 for a
	// field a compact exchange drops.
	Limit int `json:"limit"`
	// Seen is the size the field had, in the same unit; with AtLeast, only
	// what the peer captured of it, the rest not read.
	Seen    int  `json:"seen"`
	AtLeast bool `json:"atLeast,omitempty"`
}

// AuthSeen records credentials without their values.
type AuthSeen struct {
	// Presented names the farm credentials found anywhere in the request
	// ("bearer", "oauth-token", "oauth-client-secret", "api-key",
	// "client-cert"), valid or not, as sent or in any form the scan
	// decodes (scan.go); "unexamined" when the request held more encoded
	// content than the scan decodes, so that what it carried is unknown.
	// It is what the redaction of the exchange found in what the client
	// wrote, plus what the body tap saw stream by.
	Presented []string `json:"presented,omitempty"`
	// TokenScopes are the scopes the farm issued each access token found in
	// the request for (its token request's scope, space-separated and
	// sorted; "" for none), sorted and unique: a token is obtained for the
	// peer whose card asks for its scope, so a token of another peer's scope
	// is one carried from that peer (scenarios/credential_scope.go).
	TokenScopes []string `json:"tokenScopes,omitempty"`
	// Places says where in the request each credential of Presented was
	// found (places.go): one entry per credential and field, sorted, at
	// most MaxPlacesKept; MorePlaces counts those not kept. The client
	// certificate's place is PlaceTLS. Empty on a connection record, which
	// is no request.
	Places     []Place `json:"places,omitempty"`
	MorePlaces int     `json:"morePlaces,omitempty"`
	// TokenState is the state of the access token of the request's
	// "Authorization: Bearer" header when it arrived, a token the farm
	// issued that was no longer valid: TokenExpired (its life ended) or
	// TokenRevoked; "" for a valid token, none, or a value the farm never
	// issued.
	TokenState string `json:"tokenState,omitempty"`
	// SatisfiesCurrent: the request met the effective security requirement
	// (peer skill) of the card in force when it arrived.
	SatisfiesCurrent bool `json:"satisfiesCurrent"`
	// Admitted: the peer let the request through (grace, stale auth...).
	Admitted bool `json:"admitted"`
}

// TaskCreating reports whether the exchange asked to create a task.
func (ex Exchange) TaskCreating() bool {
	return ex.Route == RouteA2A && (ex.Op == wire.MethodSendMessage || ex.Op == wire.MethodSendStreamingMessage)
}

// Line renders the exchange on one line, for terminals and failure
// messages. Exchanges are redacted when stored, so the line is safe to print.
func (ex Exchange) Line() string {
	// Built by appends, not fmt: a peer under load prints a line per request.
	var b strings.Builder
	b.Grow(160)
	b.WriteString("#")
	b.WriteString(strconv.FormatInt(ex.Seq, 10))
	if ex.Route == RouteAdmin || ex.Peer == "" {
		b.WriteString(" admin ")
	} else {
		b.WriteString(" peer ")
		b.WriteString(ex.Peer)
		b.WriteString(" ")
	}
	switch {
	case ex.Route == RouteConnection && ex.Conn != nil:
		// No request and no status: what the connection showed.
		b.WriteString(ex.Conn.line(ex.Malformed))
	default:
		b.WriteString(ex.Method)
		b.WriteString(" ")
		b.WriteString(ex.Path)
		if ex.Op != "" {
			b.WriteString(" [" + ex.Binding + " " + ex.Op + "]")
		}
		b.WriteString(" → ")
		if ex.CardFault != "" && ex.Status == 0 { // a hang-up
			b.WriteString("no response")
		} else {
			b.WriteString(strconv.Itoa(ex.Status))
		}
	}
	if ex.ErrorCode != 0 {
		b.WriteString(" error ")
		b.WriteString(strconv.Itoa(ex.ErrorCode))
	}
	// The details in brackets; an admin call that named no peer has no
	// card version to show.
	var details []string
	switch {
	case ex.CardFault != "":
		details = append(details, "card fault "+ex.CardFault)
	case ex.Peer != "":
		details = append(details, "card v"+strconv.Itoa(ex.CardVersion))
	}
	if ex.TaskID != "" {
		states := ex.TaskID + " " + shortState(string(ex.StateBefore)) + "→" + shortState(string(ex.StateAfter))
		if ex.StateAfter != "" && ex.StateVersion != ex.CardVersion {
			states += " entered under card v" + strconv.Itoa(ex.StateVersion)
		}
		details = append(details, states)
	}
	if ex.Blocking {
		details = append(details, "blocking")
	}
	if len(ex.Auth.Presented) > 0 {
		details = append(details, "credentials "+strings.Join(ex.Auth.Presented, "+"))
	}
	if len(ex.Auth.TokenScopes) > 0 {
		quoted := make([]string, len(ex.Auth.TokenScopes))
		for i, sc := range ex.Auth.TokenScopes {
			quoted[i] = strconv.Quote(sc)
		}
		details = append(details, "tokens for scope "+strings.Join(quoted, ", "))
	}
	if v := ex.Header.Get("If-None-Match"); v != "" {
		details = append(details, "If-None-Match "+v)
	}
	if v := ex.Validators; v != nil && v.Unserved > 0 {
		details = append(details, strconv.Itoa(v.Unserved)+" of "+strconv.Itoa(v.TagCount+v.DateCount)+" validators never served")
	}
	if len(ex.Truncated) > 0 {
		details = append(details, "truncated "+ex.truncation())
	}
	if len(details) > 0 {
		b.WriteString(" (")
		b.WriteString(strings.Join(details, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// shortState drops the enum prefix; a task with no state before the
// exchange was created by it.
func shortState(state string) string {
	if state == "" {
		return "new"
	}
	return strings.TrimPrefix(state, "TASK_STATE_")
}

// truncation names the fields cut, each with the bounds it met and the
// sizes seen when Cuts has them: "header (16384 of 20000 bytes)+body".
func (ex Exchange) truncation() string {
	names := make([]string, 0, len(ex.Truncated))
	for _, name := range ex.Truncated {
		var bounds []string
		for _, c := range ex.Cuts {
			if c.Limit > 0 && (c.Field == name || name == TruncHeader && c.Field == CutHeaderValues) {
				seen, unit := strconv.Itoa(c.Seen), " bytes"
				if c.AtLeast {
					seen = "≥" + seen
				}
				if c.Field == CutHeaderValues {
					unit = " values"
				}
				bounds = append(bounds, strconv.Itoa(c.Limit)+" of "+seen+unit)
			}
		}
		if len(bounds) > 0 {
			name += " (" + strings.Join(bounds, ", ") + ")"
		}
		names = append(names, name)
	}
	return strings.Join(names, "+")
}
