// send-get-cancel drives the official @a2a-js/sdk client through
// SendMessage (returnImmediately) → GetTask → CancelTask against one agent,
// using the SDK the way its documentation shows, and prints one JSON line:
//
//   {"binding":"JSONRPC","taskId":"…","states":["TASK_STATE_WORKING","TASK_STATE_WORKING","TASK_STATE_CANCELED"]}
//
// Environment: see client.mjs. Any error exits non-zero with a message on
// stderr.
import { taskStateToJSON } from "@a2a-js/sdk";

import { sendRequest } from "../lib/request.mjs";
import { callOptions, compatClient, fail, report } from "./client.mjs";

function stateName(task, call) {
  if (!task || typeof task !== "object" || !task.status) {
    throw new Error(`${call} returned no task: ${JSON.stringify(task)}`);
  }
  return taskStateToJSON(task.status.state);
}

async function main() {
  const { binding, client } = await compatClient();

  const request = sendRequest("a2a-conform SDK compatibility check");
  request.configuration = { acceptedOutputModes: [], returnImmediately: true };
  const sent = await client.sendMessage(request, callOptions());
  const states = [stateName(sent, "SendMessage")];
  const taskId = sent.id;

  const got = await client.getTask({ tenant: "", id: taskId, historyLength: 0 }, callOptions());
  states.push(stateName(got, "GetTask"));

  const canceled = await client.cancelTask({ tenant: "", id: taskId, metadata: undefined }, callOptions());
  states.push(stateName(canceled, "CancelTask"));

  report({ binding, taskId, states });
}

main().catch((err) => fail("send-get-cancel", err));
