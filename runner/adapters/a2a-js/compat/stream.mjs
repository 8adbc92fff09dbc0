// stream drives the official @a2a-js/sdk client through one
// SendStreamingMessage against one agent, reading the stream to its end,
// and prints one JSON line with the task state of every event:
//
//   {"binding":"GRPC","taskId":"…","states":["TASK_STATE_WORKING",…,"TASK_STATE_COMPLETED"]}
//
// Environment: see client.mjs. Any error exits non-zero with a message on
// stderr.
import { taskStateToJSON } from "@a2a-js/sdk";

import { sendRequest } from "../lib/request.mjs";
import { callOptions, compatClient, fail, report } from "./client.mjs";

// stateOf is the task state an event carries (a task or a status update),
// undefined for the others (artifacts, messages).
function stateOf(event) {
  const { $case, value } = event?.payload ?? {};
  if ($case === "task" || $case === "statusUpdate") {
    return { taskId: $case === "task" ? value.id : value.taskId, state: taskStateToJSON(value.status.state) };
  }
  return undefined;
}

async function main() {
  const { binding, client } = await compatClient();
  let taskId = "";
  const states = [];
  for await (const event of client.sendMessageStream(sendRequest("a2a-conform SDK streaming check"), callOptions())) {
    const seen = stateOf(event);
    if (seen) {
      taskId ||= seen.taskId;
      states.push(seen.state);
    }
  }
  report({ binding, taskId, states });
}

main().catch((err) => fail("stream", err));
