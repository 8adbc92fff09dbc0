package agent

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The checks below are the REQUIRED fields and enum ranges of the proto
// (a2a-v1-wire.md §4–§6); a violation is an InvalidParamsError.

func validateSend(req *wire.SendMessageRequest) error {
	m := req.Message
	if m == nil {
		return errors.New("message: required")
	}
	if m.MessageID == "" {
		return errors.New("message.messageId: required")
	}
	if m.Role != wire.RoleUser && m.Role != wire.RoleAgent {
		return fmt.Errorf("message.role: %s is not ROLE_USER or ROLE_AGENT", quote(string(m.Role)))
	}
	if len(m.Parts) == 0 {
		return errors.New("message.parts: at least one part is required")
	}
	for i, p := range m.Parts {
		if err := validatePart(p); err != nil {
			return fmt.Errorf("message.parts[%d]: %w", i, err)
		}
	}
	if c := req.Configuration; c != nil && c.HistoryLength != nil && *c.HistoryLength < 0 {
		return errors.New("configuration.historyLength: must not be negative")
	}
	return nil
}

// validatePart checks the oneof content: exactly one of text, raw, url, data.
func validatePart(p wire.Part) error {
	var set []string
	if p.Text != nil {
		set = append(set, "text")
	}
	if p.Raw != nil {
		set = append(set, "raw")
		if !isBase64(*p.Raw) {
			return errors.New("raw: not base64")
		}
	}
	if p.URL != nil {
		set = append(set, "url")
	}
	if p.Data != nil {
		set = append(set, "data")
	}
	switch len(set) {
	case 1:
		return nil
	case 0:
		return errors.New("one of text, raw, url or data is required")
	}
	return fmt.Errorf("only one of text, raw, url or data may be set, got %s", strings.Join(set, ", "))
}

// isBase64 accepts what a ProtoJSON bytes parser accepts: standard or
// URL-safe alphabet, padded or not.
func isBase64(s string) bool {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if _, err := enc.DecodeString(s); err == nil {
			return true
		}
	}
	return false
}

func validateTaskID(id string) error {
	if id == "" {
		return errors.New("id: required")
	}
	return nil
}

func validateGet(req *wire.GetTaskRequest) error {
	if err := validateTaskID(req.ID); err != nil {
		return err
	}
	return validateHistoryLength(req.HistoryLength)
}

func validateHistoryLength(n *int32) error {
	if n != nil && *n < 0 {
		return errors.New("historyLength: must not be negative")
	}
	return nil
}

// validateList checks the filters. pageSize 0 counts as unset (the proto3
// default); the spec allows 1 to 100.
func validateList(req *wire.ListTasksRequest) error {
	if req.Status != "" {
		if _, ok := wire.ParseTaskState(string(req.Status)); !ok {
			return fmt.Errorf("status: %s is not a TaskState", quote(string(req.Status)))
		}
	}
	if n := req.PageSize; n != nil && (*n < 0 || *n > 100) {
		return fmt.Errorf("pageSize: %d is outside 1..100", *n)
	}
	if t := req.StatusTimestampAfter; t != "" {
		if _, err := time.Parse(time.RFC3339Nano, t); err != nil {
			return fmt.Errorf("statusTimestampAfter: %s is not an RFC 3339 timestamp", quote(t))
		}
	}
	return validateHistoryLength(req.HistoryLength)
}
