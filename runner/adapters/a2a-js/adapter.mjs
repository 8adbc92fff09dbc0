// a2a-conform driver-contract adapter for the official @a2a-js/sdk client
// (docs/driver-contract.md). It uses the SDK the way its documentation
// shows: ClientFactory with the SDK's card resolver and transports, the
// credentials through createAuthenticatingFetchWithRetry, SendMessage in
// polling mode (returnImmediately), then GetTask until the task settles.
// It adds no safety logic of its own: the point is to judge the SDK.
//
//   node runner/adapters/a2a-js/adapter.mjs
//
// It always writes one outcome object and exits 0; errors become outcome
// "failed" with a reason from the vocabulary and the error text as detail.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { Role } from "@a2a-js/sdk";
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  createAuthenticatingFetchWithRetry,
} from "@a2a-js/sdk/client";

import { CardCredentials } from "./lib/credentials.mjs";
import { deadlineFetch, installTLS } from "./lib/http.mjs";
import { fromError, fromTask, settled, writeOutcome } from "./lib/outcome.mjs";
import { readTask } from "./lib/task.mjs";

// How long the adapter waits between two GetTask polls.
const POLL_INTERVAL_MS = 200;

// CardResolver is the SDK's resolver, handing the resolved card to the
// credential setup before the factory picks a transport: the card is
// fetched once, and its token endpoint is known before the first send.
class CardResolver extends DefaultAgentCardResolver {
  #onCard;

  constructor(options, onCard) {
    super(options);
    this.#onCard = onCard;
  }

  async resolve(baseUrl, path) {
    const card = await super.resolve(baseUrl, path);
    await this.#onCard(card);
    return card;
  }
}

async function delegate(task) {
  installTLS(task);
  const deadline = AbortSignal.timeout(Math.max(Math.floor(task.stopAt - Date.now()), 1));
  const plainFetch = deadlineFetch(deadline);
  const credentials = new CardCredentials(task.credentials, plainFetch);
  const fetchImpl = createAuthenticatingFetchWithRetry(plainFetch, credentials);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
      cardResolver: new CardResolver({ fetchImpl }, (card) => credentials.prepare(card)),
      clientConfig: { polling: true },
    }),
  );
  // An empty path makes the resolver fetch the card URL exactly.
  const client = await factory.createFromUrl(task.cardUrl, "");

  const sent = await client.sendMessage(
    {
      message: {
        messageId: randomUUID(),
        role: Role.ROLE_USER,
        parts: [{ content: { $case: "text", value: task.message } }],
      },
    },
    { signal: deadline },
  );
  if (!sent?.status) {
    return { outcome: "completed", taskId: "", detail: "the agent answered with a message, no task" };
  }
  let current = sent;
  let polls = 0;
  try {
    while (!settled(current.status.state)) {
      await sleep(POLL_INTERVAL_MS, undefined, { signal: deadline });
      current = await client.getTask({ id: sent.id }, { signal: deadline });
      polls++;
    }
  } catch (err) {
    return fromError(err, sent.id);
  }
  return fromTask(current, `after ${polls} GetTask poll(s)`);
}

async function main() {
  const outcomeFile = process.env.A2A_CONFORM_OUTCOME_FILE;
  if (!outcomeFile) {
    process.stderr.write("a2a-js adapter: A2A_CONFORM_OUTCOME_FILE is not set\n");
    process.exitCode = 2;
    return;
  }
  let outcome;
  try {
    outcome = await delegate(readTask(process.env, performance.timeOrigin));
  } catch (err) {
    outcome = fromError(err);
  }
  writeOutcome(outcomeFile, outcome);
}

await main();
