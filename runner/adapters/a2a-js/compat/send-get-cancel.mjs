// send-get-cancel drives the official @a2a-js/sdk client through
// SendMessage (returnImmediately) → GetTask → CancelTask against one agent,
// using the SDK the way its documentation shows, and prints one JSON line:
//
//   {"binding":"JSONRPC","taskId":"…","states":["TASK_STATE_WORKING","TASK_STATE_WORKING","TASK_STATE_CANCELED"]}
//
// Environment:
//   A2A_CONFORM_CARD_URL      full URL of the agent card (used as-is)
//   A2A_CONFORM_BINDING       "JSONRPC", "HTTP+JSON" or "GRPC": the preferred transport
//   A2A_CONFORM_BEARER_TOKEN  bearer credential; never printed
//   NODE_EXTRA_CA_CERTS       CA that signed the agent's certificate (fetch
//                             trusts it by itself; @grpc/grpc-js does not,
//                             so it is handed to grpc's TLS explicitly)
//
// Any error exits non-zero with a message on stderr.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

import { taskStateToJSON } from "@a2a-js/sdk";
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  createAuthenticatingFetchWithRetry,
} from "@a2a-js/sdk/client";
import { GrpcTransportFactory } from "@a2a-js/sdk/client/grpc";
import * as grpc from "@grpc/grpc-js";

import { headerCredentials } from "../lib/grpc.mjs";
import { sendRequest } from "../lib/request.mjs";

const BINDINGS = new Set(["JSONRPC", "HTTP+JSON", "GRPC"]);
// The SDK sets no timeout of its own; bound every call.
const CALL_TIMEOUT_MS = 20_000;

function requireEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

// bearerHandler is the SDK's AuthenticationHandler with the bearer
// credential: on every fetch request (card GET included) through the SDK's
// own authentication wrapper, and on every gRPC call as call credentials.
function bearerHandler(token) {
  return {
    headers: async () => ({ Authorization: `Bearer ${token}` }),
    shouldRetryWithHeaders: async () => undefined,
  };
}

// grpcTransport dials the card's host:port over TLS with the bearer.
// @grpc/grpc-js ignores NODE_EXTRA_CA_CERTS ("unable to verify the first
// certificate"), so its roots are the system's plus that file.
function grpcTransport(handler) {
  const roots = Buffer.from([...rootCertificates, readFileSync(requireEnv("NODE_EXTRA_CA_CERTS"), "utf8")].join("\n"));
  return new GrpcTransportFactory({
    grpcChannelCredentials: grpc.credentials.combineChannelCredentials(grpc.credentials.createSsl(roots), headerCredentials(handler)),
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
    throw new Error(`A2A_CONFORM_BINDING must be JSONRPC, HTTP+JSON or GRPC, not ${JSON.stringify(binding)}`);
  }

  const handler = bearerHandler(token);
  const fetchImpl = createAuthenticatingFetchWithRetry(fetch, handler);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl }), grpcTransport(handler)],
      preferredTransports: [binding],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  // An empty path makes the resolver fetch cardUrl exactly (new URL("", x) is x).
  const client = await factory.createFromUrl(cardUrl, "");
  const options = () => ({ signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });

  const request = sendRequest("a2a-conform SDK compatibility check");
  request.configuration = { acceptedOutputModes: [], returnImmediately: true };
  const sent = await client.sendMessage(request, options());
  const states = [stateName(sent, "SendMessage")];
  const taskId = sent.id;

  const got = await client.getTask({ tenant: "", id: taskId, historyLength: 0 }, options());
  states.push(stateName(got, "GetTask"));

  const canceled = await client.cancelTask({ tenant: "", id: taskId, metadata: undefined }, options());
  states.push(stateName(canceled, "CancelTask"));

  process.stdout.write(`${JSON.stringify({ binding, taskId, states })}\n`);
}

main().catch((err) => {
  // fetch failures hide the reason (TLS, refused...) in err.cause.
  const cause = err?.cause ? `\ncaused by: ${err.cause?.stack ?? err.cause}` : "";
  process.stderr.write(`send-get-cancel: ${err?.stack ?? err}${cause}\n`);
  process.exitCode = 1;
});
