package refclient

import (
	"context"
	"errors"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/wire"
	"github.com/a2a-conform/a2a-conform/runner"
)

// errorOutcomes maps the sentinels to outcomes. Order matters: an error
// may wrap several (a token endpoint unreachable is auth-unavailable and a
// transport error), and the first match wins.
var errorOutcomes = []struct {
	err     error
	outcome string
	reason  string
}{
	{ErrContractChanged, runner.OutcomeAborted, runner.ReasonContractChanged},
	{ErrUntrustedEndpoint, runner.OutcomeAborted, runner.ReasonUntrustedEndpoint},
	{ErrVersionUnsupported, runner.OutcomeAborted, runner.ReasonVersionUnsupported},
	{ErrExtensionUnsupported, runner.OutcomeAborted, runner.ReasonExtensionUnsupported},
	{ErrAuthUnavailable, runner.OutcomeAborted, runner.ReasonAuthUnavailable},
	{ErrContractDiverged, runner.OutcomeFailed, runner.ReasonContractDiverged},
	{context.DeadlineExceeded, runner.OutcomeFailed, runner.ReasonDeadline},
	{context.Canceled, runner.OutcomeFailed, runner.ReasonDeadline},
	{ErrPeer, runner.OutcomeFailed, runner.ReasonPeerError},
	{ErrTransport, runner.OutcomeFailed, runner.ReasonTransportError},
}

// OutcomeOf turns what Delegate returned into the driver contract's
// outcome. The task id is set whenever a task exists.
func OutcomeOf(res Result, err error) runner.Outcome {
	out := outcomeOf(res, err)
	if res.Task != nil {
		out.TaskID = res.Task.ID
	}
	return out
}

func outcomeOf(res Result, err error) runner.Outcome {
	if err != nil {
		for _, m := range errorOutcomes {
			if errors.Is(err, m.err) {
				return runner.Outcome{Outcome: m.outcome, Reason: m.reason, Detail: err.Error()}
			}
		}
		return runner.Outcome{Outcome: runner.OutcomeFailed, Reason: runner.ReasonClientError, Detail: err.Error()}
	}
	if res.Task == nil {
		if res.Message != nil {
			return runner.Outcome{Outcome: runner.OutcomeCompleted, Detail: texts(res.Message.Parts)}
		}
		return runner.Outcome{Outcome: runner.OutcomeFailed, Reason: runner.ReasonClientError, Detail: "refclient: no task and no error"}
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
		return runner.Outcome{Outcome: runner.OutcomeCompleted, Detail: strings.Join(parts, "\n")}
	case wire.TaskStateFailed:
		return runner.Outcome{Outcome: runner.OutcomeFailed, Reason: runner.ReasonTaskFailed, Detail: said}
	case wire.TaskStateCanceled:
		return runner.Outcome{Outcome: runner.OutcomeCanceled, Detail: said}
	case wire.TaskStateRejected:
		return runner.Outcome{Outcome: runner.OutcomeRejected, Detail: said}
	case wire.TaskStateAuthRequired:
		return runner.Outcome{Outcome: runner.OutcomeFailed, Reason: runner.ReasonAuthRequired, Detail: said}
	case wire.TaskStateInputRequired:
		return runner.Outcome{Outcome: runner.OutcomeFailed, Reason: runner.ReasonInputRequired, Detail: said}
	}
	return runner.Outcome{Outcome: runner.OutcomeFailed, Reason: runner.ReasonPeerError, Detail: "refclient: task stopped in state " + string(status.State)}
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
