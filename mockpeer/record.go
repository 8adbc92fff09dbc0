package mockpeer

import "github.com/a2a-conform/a2a-conform/mockpeer/journal"

// The record of what the peers saw lives in the journal leaf
// (mockpeer/journal): the exchange, its routes and bounds, the journal and
// its codec. The farm seals each exchange and appends it there; a reader
// of journals (the report) needs the leaf alone. These names keep the
// farm's files, and its callers, reading as before.
type (
	Exchange      = journal.Exchange
	Journal       = journal.Journal
	JournalCounts = journal.JournalCounts
	JournalLimits = journal.JournalLimits
	Cut           = journal.Cut
	AuthSeen      = journal.AuthSeen
	SentContract  = journal.SentContract
	Connection    = journal.Connection
	Validators    = journal.Validators
	Validator     = journal.Validator
)

// Route names of journaled exchanges (journal.Route*).
const (
	RouteCard       = journal.RouteCard
	RouteToken      = journal.RouteToken
	RouteJWKS       = journal.RouteJWKS
	RouteA2A        = journal.RouteA2A
	RouteAdmin      = journal.RouteAdmin
	RouteUnmatched  = journal.RouteUnmatched
	RouteConnection = journal.RouteConnection
)

// How a connection's handshake went, and who ended it (journal.Handshake*,
// journal.EndedBy*).
const (
	HandshakeNone     = journal.HandshakeNone
	HandshakeNotTLS   = journal.HandshakeNotTLS
	HandshakeFailed   = journal.HandshakeFailed
	HandshakeComplete = journal.HandshakeComplete
	HandshakePlain    = journal.HandshakePlain
	EndedByClient     = journal.EndedByClient
	EndedByPeer       = journal.EndedByPeer
)

// DefaultJournalLimits are the limits a zero JournalLimits stands for.
var DefaultJournalLimits = journal.DefaultJournalLimits
