// Requests built whole, every field of the SDK's ts-proto types set, as the
// SDK's CLI sample (src/samples/cli.ts) builds them. The gRPC transport
// needs it: its binary encoder iterates every repeated field, so a partial
// message fails before anything is sent ("Request message serialization
// failure: message.extensions is not iterable"). The JSON transports
// serialize with toJSON, which leaves empty and default fields out, so
// their wire is the same either way.
import { randomUUID } from "node:crypto";

import { Role } from "@a2a-js/sdk";

// sendRequest is a SendMessageRequest of one user text part; the client's
// config adds the configuration (polling: returnImmediately).
export function sendRequest(text) {
  return {
    tenant: "",
    message: {
      messageId: randomUUID(),
      contextId: "",
      taskId: "",
      role: Role.ROLE_USER,
      parts: [{ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "" }],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  };
}
