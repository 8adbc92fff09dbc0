// The driver contract's output: task states and errors mapped to the
// outcome vocabulary of docs/driver-contract.md, written as one object (to
// the outcome file in one-shot mode, as a line on stdout in session mode).
import { writeFileSync } from "node:fs";

import { TaskState, taskStateToJSON } from "@a2a-js/sdk";
// The status codes alone: the whole of @grpc/grpc-js is loaded only when a
// card makes the SDK choose gRPC (lib/session.mjs).
import { Status as grpcStatus } from "@grpc/grpc-js/build/src/constants.js";

import { AuthUnavailableError } from "./credentials.mjs";

// The SDK brands its A2A errors (JSON-RPC and REST) with this symbol.
const A2A_ERROR_BRAND = Symbol.for("@a2a-js/sdk.A2AError");
const MAX_DETAIL = 2000;

// settled: the states at which polling stops (terminal or interrupted).
export function settled(state) {
  return OUTCOME_OF_STATE.has(state);
}

const OUTCOME_OF_STATE = new Map([
  [TaskState.TASK_STATE_COMPLETED, { outcome: "completed" }],
  [TaskState.TASK_STATE_CANCELED, { outcome: "canceled" }],
  [TaskState.TASK_STATE_REJECTED, { outcome: "rejected" }],
  [TaskState.TASK_STATE_FAILED, { outcome: "failed", reason: "task-failed" }],
  [TaskState.TASK_STATE_INPUT_REQUIRED, { outcome: "failed", reason: "input-required" }],
  [TaskState.TASK_STATE_AUTH_REQUIRED, { outcome: "failed", reason: "auth-required" }],
]);

// fromTask is the outcome of a task that reached a settled state.
export function fromTask(task, detail) {
  return { ...OUTCOME_OF_STATE.get(task.status.state), taskId: task.id, detail: `${taskStateToJSON(task.status.state)}; ${detail}` };
}

// The gRPC transport turns every failed call into an A2A error carrying the
// call's status, the ones that never reached an agent included: the adapter
// cancels a call only at its deadline, and UNAVAILABLE is no connection.
const GRPC_DEADLINE = new Set([grpcStatus.CANCELLED, grpcStatus.DEADLINE_EXCEEDED]);

function grpcStatusOf(err) {
  return err?.transport === "grpc" ? err.status : undefined;
}

// reasonOf classifies an error thrown by the SDK or the adapter.
function reasonOf(err) {
  const text = String(err?.message ?? err);
  switch (true) {
    case err instanceof AuthUnavailableError:
      return "auth-unavailable";
    case err?.name === "TimeoutError" || err?.name === "AbortError" || GRPC_DEADLINE.has(grpcStatusOf(err)):
      return "deadline";
    case grpcStatusOf(err) === grpcStatus.UNAVAILABLE:
      return "transport-error";
    case typeof err === "object" && err !== null && A2A_ERROR_BRAND in err:
      return "peer-error";
    case text.startsWith("No compatible transport found"):
      return "version-unsupported";
    case err instanceof TypeError && text === "fetch failed":
      return "transport-error";
    case /Failed to fetch Agent Card|HTTP error|status/i.test(text):
      return "peer-error";
    default:
      return "client-error";
  }
}

// fromError is the outcome of a run that threw; taskId is the task sent,
// if any. The detail is the error text, the cause's too (fetch hides the
// TLS or connection reason there); no credential is ever part of it. The
// factory's refusal to pick a transport is the SDK's decision not to send:
// aborted, not failed.
export function fromError(err, taskId) {
  const cause = err?.cause ? `; caused by: ${err.cause?.message ?? err.cause}` : "";
  const detail = `${err?.name ?? "Error"}: ${err?.message ?? err}${cause}`.slice(0, MAX_DETAIL);
  const reason = reasonOf(err);
  return { outcome: reason === "version-unsupported" ? "aborted" : "failed", reason, taskId: taskId ?? "", detail };
}

// writeOutcome writes a one-shot run's outcome object to its file.
export function writeOutcome(path, outcome) {
  writeFileSync(path, `${JSON.stringify(outcome)}\n`);
}

// outcomeLine is a session's answer to task number: the outcome object with
// the task's number, on one line.
export function outcomeLine(number, outcome) {
  return `${JSON.stringify({ task: number, ...outcome })}\n`;
}
