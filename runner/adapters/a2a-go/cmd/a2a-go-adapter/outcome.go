package main

import (
	"context"
	"errors"
	"net"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// maxDetail bounds the error text in an outcome.
const maxDetail = 2000

// outcomeOfState maps the states at which polling stops (terminal or
// interrupted) to the outcome vocabulary.
var outcomeOfState = map[a2a.TaskState]driver.Outcome{
	a2a.TaskStateCompleted:     {Outcome: driver.OutcomeCompleted},
	a2a.TaskStateCanceled:      {Outcome: driver.OutcomeCanceled},
	a2a.TaskStateRejected:      {Outcome: driver.OutcomeRejected},
	a2a.TaskStateFailed:        {Outcome: driver.OutcomeFailed, Reason: driver.ReasonTaskFailed},
	a2a.TaskStateInputRequired: {Outcome: driver.OutcomeFailed, Reason: driver.ReasonInputRequired},
	a2a.TaskStateAuthRequired:  {Outcome: driver.OutcomeFailed, Reason: driver.ReasonAuthRequired},
}

func settled(s a2a.TaskState) bool {
	_, ok := outcomeOfState[s]
	return ok
}

func fromTask(t *a2a.Task, detail string) driver.Outcome {
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
func reasonOf(err error) driver.Reason {
	var statusErr *agentcard.ErrStatusNotOK
	var netErr net.Error
	msg := err.Error()
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return driver.ReasonDeadline
	case errors.Is(err, errAuthUnavailable):
		return driver.ReasonAuthUnavailable
	case errors.As(err, &statusErr), strings.Contains(msg, "unexpected HTTP status"):
		return driver.ReasonPeerError
	case strings.HasPrefix(msg, "no compatible transports found"):
		return driver.ReasonVersionUnsupported
	case errors.As(err, &netErr), isGRPCUnavailable(err), isGRPCConnectionError(err):
		return driver.ReasonTransportError
	}
	for _, pe := range peerErrors {
		if errors.Is(err, pe) {
			return driver.ReasonPeerError
		}
	}
	return driver.ReasonClientError
}

// isGRPCUnavailable: a gRPC call that never reached the peer (no
// connection, TLS refused). a2agrpc passes the status through for the
// codes it has no A2A error for.
func isGRPCUnavailable(err error) bool {
	s, ok := status.FromError(err)
	return ok && s.Code() == codes.Unavailable
}

// isGRPCConnectionError: a gRPC call that never reached the peer, as
// a2a-go reports it. a2agrpc has no A2A error for UNAVAILABLE, so it turns
// the status into an ErrInternalError and keeps only grpc-go's message,
// which for a connection that failed (a refused certificate included)
// reads "connection error: desc = ...". A peer's own INTERNAL answer
// carries the peer's message, never that prefix.
func isGRPCConnectionError(err error) bool {
	var a2aErr *a2a.Error
	return errors.As(err, &a2aErr) && errors.Is(a2aErr.Err, a2a.ErrInternalError) &&
		strings.HasPrefix(a2aErr.Message, "connection error: ")
}

// fromError: the detail is the error text; no credential is ever in it.
// The SDK's refusal to build a client for a card whose interfaces speak no
// version it supports is its decision not to send: aborted, not failed.
func fromError(err error, taskID string) driver.Outcome {
	detail := err.Error()
	if len(detail) > maxDetail {
		detail = detail[:maxDetail]
	}
	o := driver.Outcome{Outcome: driver.OutcomeFailed, Reason: reasonOf(err), TaskID: taskID, Detail: detail}
	if o.Reason == driver.ReasonVersionUnsupported {
		o.Outcome = driver.OutcomeAborted
	}
	return o
}
