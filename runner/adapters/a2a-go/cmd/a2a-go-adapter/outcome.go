package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
)

// outcome is the one object of the driver contract.
type outcome struct {
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
	TaskID  string `json:"taskId"`
	Detail  string `json:"detail,omitempty"`
}

// maxDetail bounds the error text in an outcome.
const maxDetail = 2000

// outcomeOfState maps the states at which polling stops (terminal or
// interrupted) to the outcome vocabulary.
var outcomeOfState = map[a2a.TaskState]outcome{
	a2a.TaskStateCompleted:     {Outcome: "completed"},
	a2a.TaskStateCanceled:      {Outcome: "canceled"},
	a2a.TaskStateRejected:      {Outcome: "rejected"},
	a2a.TaskStateFailed:        {Outcome: "failed", Reason: "task-failed"},
	a2a.TaskStateInputRequired: {Outcome: "failed", Reason: "input-required"},
	a2a.TaskStateAuthRequired:  {Outcome: "failed", Reason: "auth-required"},
}

func settled(s a2a.TaskState) bool {
	_, ok := outcomeOfState[s]
	return ok
}

func fromTask(t *a2a.Task, detail string) outcome {
	o := outcomeOfState[t.Status.State]
	o.TaskID, o.Detail = string(t.ID), string(t.Status.State)+"; "+detail
	return o
}

// peerErrors are the A2A errors the SDK decodes from a peer's answer.
var peerErrors = []error{
	a2a.ErrParseError, a2a.ErrInvalidRequest, a2a.ErrMethodNotFound, a2a.ErrInvalidParams,
	a2a.ErrInternalError, a2a.ErrServerError, a2a.ErrTaskNotFound, a2a.ErrTaskNotCancelable,
	a2a.ErrPushNotificationNotSupported, a2a.ErrUnsupportedOperation, a2a.ErrUnsupportedContentType,
	a2a.ErrInvalidAgentResponse, a2a.ErrExtendedCardNotConfigured, a2a.ErrExtensionSupportRequired,
	a2a.ErrVersionNotSupported, a2a.ErrUnauthenticated, a2a.ErrUnauthorized,
}

// reasonOf classifies an error of the SDK or of the adapter.
func reasonOf(err error) string {
	var statusErr *agentcard.ErrStatusNotOK
	var netErr net.Error
	msg := err.Error()
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "deadline"
	case errors.Is(err, errAuthUnavailable):
		return "auth-unavailable"
	case errors.As(err, &statusErr), strings.Contains(msg, "unexpected HTTP status"):
		return "peer-error"
	case strings.HasPrefix(msg, "no compatible transports found"):
		return "version-unsupported"
	case errors.As(err, &netErr):
		return "transport-error"
	}
	for _, pe := range peerErrors {
		if errors.Is(err, pe) {
			return "peer-error"
		}
	}
	return "client-error"
}

// fromError: the detail is the error text; no credential is ever in it.
// The SDK's refusal to build a client for a card whose interfaces speak no
// version it supports is its decision not to send: aborted, not failed.
func fromError(err error, taskID string) outcome {
	detail := err.Error()
	if len(detail) > maxDetail {
		detail = detail[:maxDetail]
	}
	o := outcome{Outcome: "failed", Reason: reasonOf(err), TaskID: taskID, Detail: detail}
	if o.Reason == "version-unsupported" {
		o.Outcome = "aborted"
	}
	return o
}

func writeOutcome(path string, o outcome) error {
	b, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("a2a-go-adapter: outcome: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("a2a-go-adapter: outcome: %w", err)
	}
	return nil
}
