// send-get-cancel drives the official @a2a-js/sdk client through
// SendMessage (returnImmediately) → GetTask → CancelTask against one agent,
// using the SDK the way its documentation shows, and prints one JSON line:
//
//   {"binding":"JSONRPC","taskId":"…","states":["TASK_STATE_WORKING","TASK_STATE_WORKING","TASK_STATE_CANCELED"]}
//
// Environment:
//   A2A_CONFORM_CARD_URL      full URL of the agent card (used as-is)
//   A2A_CONFORM_BINDING       "JSONRPC" or "HTTP+JSON": the preferred transport
//   A2A_CONFORM_BEARER_TOKEN  bearer credential; never printed
//   NODE_EXTRA_CA_CERTS       CA that signed the agent's certificate
//
// Any error exits non-zero with a message on stderr.
import { randomUUID } from "node:crypto";

import { Role, taskStateToJSON } from "@a2a-js/sdk";
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  createAuthenticatingFetchWithRetry,
} from "@a2a-js/sdk/client";

const BINDINGS = new Set(["JSONRPC", "HTTP+JSON"]);
// The SDK sets no timeout of its own; bound every call.
const CALL_TIMEOUT_MS = 20_000;

function requireEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

// bearerFetch is fetch with the bearer credential on every request (card
// GET included), via the SDK's own authentication wrapper.
function bearerFetch(token) {
  return createAuthenticatingFetchWithRetry(fetch, {
    headers: async () => ({ Authorization: `Bearer ${token}` }),
    shouldRetryWithHeaders: async () => undefined,
  });
}

function stateName(task, call) {
  if (!task || typeof task !== "object" || !task.status) {
    throw new Error(`${call} returned no task: ${JSON.stringify(task)}`);
  }
  return taskStateToJSON(task.status.state);
}

async function main() {
  const cardUrl = requireEnv("A2A_CONFORM_CARD_URL");
  const binding = requireEnv("A2A_CONFORM_BINDING");
  const token = requireEnv("A2A_CONFORM_BEARER_TOKEN");
  if (!BINDINGS.has(binding)) {
    throw new Error(`A2A_CONFORM_BINDING must be JSONRPC or HTTP+JSON, not ${JSON.stringify(binding)}`);
  }

  const fetchImpl = bearerFetch(token);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
      preferredTransports: [binding],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  // An empty path makes the resolver fetch cardUrl exactly (new URL("", x) is x).
  const client = await factory.createFromUrl(cardUrl, "");
  const options = () => ({ signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });

  const sent = await client.sendMessage(
    {
      message: {
        messageId: randomUUID(),
        role: Role.ROLE_USER,
        parts: [{ content: { $case: "text", value: "a2a-conform SDK compatibility check" } }],
      },
      configuration: { returnImmediately: true },
    },
    options(),
  );
  const states = [stateName(sent, "SendMessage")];
  const taskId = sent.id;

  const got = await client.getTask({ id: taskId, historyLength: 0 }, options());
  states.push(stateName(got, "GetTask"));

  const canceled = await client.cancelTask({ id: taskId }, options());
  states.push(stateName(canceled, "CancelTask"));

  process.stdout.write(`${JSON.stringify({ binding, taskId, states })}\n`);
}

main().catch((err) => {
  // fetch failures hide the reason (TLS, refused...) in err.cause.
  const cause = err?.cause ? `\ncaused by: ${err.cause?.stack ?? err.cause}` : "";
  process.stderr.write(`send-get-cancel: ${err?.stack ?? err}${cause}\n`);
  process.exitCode = 1;
});
