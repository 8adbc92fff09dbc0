package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// JournalLine is what the HTML report needs of one journaled exchange. Its
// JSON names are the journal's (mockpeer.Exchange), so a line of a
// journals/SCENARIO.jsonl file decodes into it; this package does not
// import the peer.
type JournalLine struct {
	Seq          int64  `json:"seq"`
	Peer         string `json:"peer"`
	Origin       string `json:"origin"`
	Route        string `json:"route"`
	Op           string `json:"op,omitempty"`
	Binding      string `json:"binding,omitempty"`
	Method       string `json:"method"`
	Path         string `json:"path"`
	Query        string `json:"query,omitempty"`
	Status       int    `json:"status"`
	ErrorCode    int    `json:"errorCode,omitempty"`
	CardVersion  int    `json:"cardVersion"`
	ContractHash string `json:"contractHash,omitempty"`
	TaskID       string `json:"taskId,omitempty"`
	StateBefore  string `json:"stateBefore,omitempty"`
	StateAfter   string `json:"stateAfter,omitempty"`
	StateVersion int    `json:"stateVersion,omitempty"`
	Malformed    string `json:"malformed,omitempty"`
	Auth         struct {
		Presented []string `json:"presented,omitempty"`
	} `json:"auth"`
	// Blocking, RunningShown and Validators are the peer's record of what
	// it held, what it showed, and what a card request asked with.
	Blocking     bool  `json:"blocking,omitempty"`
	RunningShown []int `json:"runningShown,omitempty"`
	Validators   *struct {
		TagCount  int  `json:"tagCount,omitempty"`
		DateCount int  `json:"dateCount,omitempty"`
		Star      bool `json:"star,omitempty"`
		Unserved  int  `json:"unserved,omitempty"`
	} `json:"validators,omitempty"`
	// Cuts are the journal's bounds the exchange met.
	Cuts []struct {
		Field   string `json:"field"`
		Limit   int    `json:"limit"`
		Seen    int    `json:"seen"`
		AtLeast bool   `json:"atLeast,omitempty"`
	} `json:"cuts,omitempty"`
	// Conn is what a connection showed (route connection).
	Conn *ConnectionLine `json:"connection,omitempty"`
}

// Note says what the peer's record adds to the line: a validator it never
// served, an answer it held to the task's end, a bound of the journal met.
func (l JournalLine) Note() string {
	var notes []string
	if v := l.Validators; v != nil && v.Unserved > 0 {
		n := fmt.Sprintf("%d of %d validators never served", v.Unserved, v.TagCount+v.DateCount)
		if v.Star {
			n += ", \"*\" among them"
		}
		notes = append(notes, n)
	}
	if l.Blocking {
		notes = append(notes, "held to the task's end")
	}
	for _, c := range l.Cuts {
		size := fmt.Sprint(c.Seen)
		if c.AtLeast {
			size = "≥" + size
		}
		notes = append(notes, fmt.Sprintf("%s cut to %d of %s", c.Field, c.Limit, size))
	}
	return strings.Join(notes, "; ")
}

// ConnectionLine is what the report needs of mockpeer.Connection.
type ConnectionLine struct {
	Handshake  string `json:"handshake"`
	ServerName string `json:"serverName,omitempty"`
	ClientCert string `json:"clientCert,omitempty"`
	Bytes      int64  `json:"bytes"`
	Requests   int64  `json:"requests"`
	Unscanned  string `json:"unscanned,omitempty"`
	Impostor   bool   `json:"impostor,omitempty"`
	EndedBy    string `json:"endedBy,omitempty"`
}

// Route names the diagram knows (mockpeer's).
const (
	routeCard       = "agent-card"
	routeAdmin      = "admin"
	routeConnection = "connection"
)

// ReadJournals reads the journals a report's scenarios name, relative to
// the directory of report.json at reportPath: scenario id → exchanges.
// A scenario without a journal file is left out.
func ReadJournals(reportPath string, r *Report) (map[string][]JournalLine, error) {
	dir := filepath.Dir(reportPath)
	out := map[string][]JournalLine{}
	for _, sc := range r.Scenarios {
		if sc.JournalFile == "" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, sc.JournalFile))
		if err != nil {
			return nil, fmt.Errorf("report: journal of %s: %w", sc.ID, err)
		}
		lines, err := DecodeJournal(raw)
		if err != nil {
			return nil, fmt.Errorf("report: journal of %s: %w", sc.ID, err)
		}
		out[sc.ID] = lines
	}
	return out, nil
}

// DecodeJournal decodes JSON lines of exchanges.
func DecodeJournal(raw []byte) ([]JournalLine, error) {
	var out []JournalLine
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var l JournalLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return out, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	return out, nil
}
