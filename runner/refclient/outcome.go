package refclient

import (
	"context"
	"errors"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// errorOutcomes maps the sentinels to outcomes. Order matters: an error
// may wrap several (a token endpoint unreachable is auth-unavailable and a
// transport error), and the first match wins.
var errorOutcomes = []struct {
	err     error
	outcome driver.OutcomeKind
	reason  driver.Reason
}{
	{ErrContractChanged, driver.OutcomeAborted, driver.ReasonContractChanged},
	{ErrUntrustedEndpoint, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint},
	{ErrVersionUnsupported, driver.OutcomeAborted, driver.ReasonVersionUnsupported},
	{ErrBindingUnsupported, driver.OutcomeAborted, driver.ReasonBindingUnsupported},
	{ErrExtensionUnsupported, driver.OutcomeAborted, driver.ReasonExtensionUnsupported},
	{ErrAuthUnavailable, driver.OutcomeAborted, driver.ReasonAuthUnavailable},
	{ErrContractDiverged, driver.OutcomeFailed, driver.ReasonContractDiverged},
	{context.DeadlineExceeded, driver.OutcomeFailed, driver.ReasonDeadline},
	{context.Canceled, driver.OutcomeFailed, driver.ReasonDeadline},
	{ErrPeer, driver.OutcomeFailed, driver.ReasonPeerError},
	{ErrTransport, driver.OutcomeFailed, driver.ReasonTransportError},
}

// OutcomeOf turns what Delegate returned into the driver contract's
// outcome. The task id is set whenever a task exists.
func OutcomeOf(res Result, err error) driver.Outcome {
	out := outcomeOf(res, err)
	if res.Task != nil {
		out.TaskID = res.Task.ID
	}
	return out
}

func outcomeOf(res Result, err error) driver.Outcome {
	if err != nil {
		for _, m := range errorOutcomes {
			if errors.Is(err, m.err) {
				return driver.Outcome{Outcome: m.outcome, Reason: m.reason, Detail: err.Error()}
			}
		}
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonClientError, Detail: err.Error()}
	}
	if res.Task == nil {
		if res.Message != nil {
			return driver.Outcome{Outcome: driver.OutcomeCompleted, Detail: texts(res.Message.Parts)}
		}
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonClientError, Detail: "refclient: no task and no error"}
	}
	status := res.Task.Status
	said := ""
	if status.Message != nil {
		said = texts(status.Message.Parts)
	}
	switch status.State {
	case wire.TaskStateCompleted:
		var parts []string
		for _, a := range res.Task.Artifacts {
			parts = append(parts, texts(a.Parts))
		}
		return driver.Outcome{Outcome: driver.OutcomeCompleted, Detail: strings.Join(parts, "\n")}
	case wire.TaskStateFailed:
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTaskFailed, Detail: said}
	case wire.TaskStateCanceled:
		return driver.Outcome{Outcome: driver.OutcomeCanceled, Detail: said}
	case wire.TaskStateRejected:
		return driver.Outcome{Outcome: driver.OutcomeRejected, Detail: said}
	case wire.TaskStateAuthRequired:
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonAuthRequired, Detail: said}
	case wire.TaskStateInputRequired:
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonInputRequired, Detail: said}
	}
	return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonPeerError, Detail: "refclient: task stopped in state " + string(status.State)}
}

func texts(parts []wire.Part) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Text != nil {
			b.WriteString(*p.Text)
		}
	}
	return b.String()
}
