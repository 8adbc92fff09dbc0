// The SDK client the compatibility scripts share, set up as the SDK's
// documentation shows: ClientFactory with its three transports (JSON-RPC
// and REST on the authenticating fetch, gRPC from @a2a-js/sdk/client/grpc),
// the binding under test preferred, the card URL fetched as-is.
//
// Environment:
//   A2A_CONFORM_CARD_URL      full URL of the agent card (used as-is)
//   A2A_CONFORM_BINDING       "JSONRPC", "HTTP+JSON" or "GRPC": the preferred transport
//   A2A_CONFORM_BEARER_TOKEN  bearer credential; never printed
//   NODE_EXTRA_CA_CERTS       CA that signed the agent's certificate (fetch
//                             trusts it by itself; @grpc/grpc-js does not,
//                             so it is handed to grpc's TLS explicitly)
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  createAuthenticatingFetchWithRetry,
} from "@a2a-js/sdk/client";

import { grpcTransportFactory } from "../lib/grpc.mjs";

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

// callOptions bounds one call.
export function callOptions() {
  return { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
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

// grpcTransport dials the card's host:port over TLS with the bearer, as the
// adapter's gRPC transport does with no client certificate. @grpc/grpc-js
// ignores NODE_EXTRA_CA_CERTS ("unable to verify the first certificate"),
// so its roots are the system's plus that file.
function grpcTransport(handler) {
  return grpcTransportFactory({ caFile: requireEnv("NODE_EXTRA_CA_CERTS"), credentials: {} }, handler);
}

// compatClient is the SDK client for the environment's card and binding.
export async function compatClient() {
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
  return { binding, client: await factory.createFromUrl(cardUrl, "") };
}

// report prints the one JSON line of a script's result.
export function report(result) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// fail ends a script on err, non-zero, with the cause (fetch hides the TLS
// or connection reason there).
export function fail(script, err) {
  const cause = err?.cause ? `\ncaused by: ${err.cause?.stack ?? err.cause}` : "";
  process.stderr.write(`${script}: ${err?.stack ?? err}${cause}\n`);
  process.exitCode = 1;
}
