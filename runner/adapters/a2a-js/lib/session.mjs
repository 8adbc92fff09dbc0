// One SDK client for a whole session, used the way the SDK's documentation
// shows for a long-lived application: one ClientFactory, one client from
// createFromUrl per agent, reused for every task. The client holds the card
// it resolved for its lifetime; nothing here ever resolves it again.
import { setTimeout as sleep } from "node:timers/promises";

import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  createAuthenticatingFetchWithRetry,
} from "@a2a-js/sdk/client";

import { CardCredentials } from "./credentials.mjs";
import { deadlineFetch, installTLS } from "./http.mjs";
import { fromError, fromTask, settled } from "./outcome.mjs";
import { sendRequest } from "./request.mjs";

// How long the adapter waits between two GetTask polls. The peers move a
// task one step per poll, not per unit of time, so the wait only adds to
// the run's wall time: short, but not a busy loop. (Streaming would make
// the SDK's traffic a different one, and so its verdicts.)
const POLL_INTERVAL_MS = 20;

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

// GRPC_BINDING is the gRPC binding's name on the wire (an interface's
// protocolBinding), the name the SDK's GrpcTransportFactory goes by.
const GRPC_BINDING = "GRPC";

// LazyGrpcTransportFactory is the SDK's GrpcTransportFactory (lib/grpc.mjs),
// loaded when a card first makes the SDK choose gRPC: @grpc/grpc-js and the
// SDK's gRPC module are half of the adapter's start-up, and a one-shot run
// starts the adapter once per task. The SDK sees the same factory either
// way: it picks a transport by protocolName and awaits create.
class LazyGrpcTransportFactory {
  #make;
  #factory;

  constructor(session, credentials) {
    this.#make = async () => (await import("./grpc.mjs")).grpcTransportFactory(session, credentials);
  }

  get protocolName() {
    return GRPC_BINDING;
  }

  async create(url, agentCard) {
    this.#factory ??= this.#make();
    return (await this.#factory).create(url, agentCard);
  }
}

export class SdkSession {
  #factory;
  // The deadline of the task under way: every request the SDK makes goes
  // through a fetch bounded by it.
  #signal = AbortSignal.abort();
  // The SDK client of each card URL, made at its first task. Every task of
  // a scenario names the same card URL, so a session holds one client.
  #clients = new Map();

  // session: the CA file and the credentials granted (lib/task.mjs).
  constructor(session) {
    installTLS(session);
    const plainFetch = deadlineFetch(() => this.#signal);
    const credentials = new CardCredentials(session.credentials, plainFetch);
    const fetchImpl = createAuthenticatingFetchWithRetry(plainFetch, credentials);
    this.#factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        // The three transports, as the SDK's own CLI sample registers
        // them; no preferred transport, so the card's order decides (farm
        // cards list gRPC last, or alone under --bindings grpc).
        transports: [
          new JsonRpcTransportFactory({ fetchImpl }),
          new RestTransportFactory({ fetchImpl }),
          new LazyGrpcTransportFactory(session, credentials),
        ],
        cardResolver: new CardResolver({ fetchImpl }, (card) => credentials.prepare(card)),
        clientConfig: { polling: true },
      }),
    );
  }

  // delegate runs one task to its outcome object; it never throws.
  async delegate(task) {
    const deadline = AbortSignal.timeout(Math.max(Math.floor(task.stopAt - Date.now()), 1));
    this.#signal = deadline;
    try {
      return await this.#delegate(task, deadline);
    } catch (err) {
      return fromError(err);
    }
  }

  // #client is the session's client for cardUrl. A client that could not
  // be made (the card did not resolve) is tried again at the next task, as
  // an application would; one that was made is kept for good.
  async #client(cardUrl) {
    let client = this.#clients.get(cardUrl);
    if (!client) {
      // An empty path makes the resolver fetch the card URL exactly.
      client = await this.#factory.createFromUrl(cardUrl, "");
      this.#clients.set(cardUrl, client);
    }
    return client;
  }

  // #delegate sends the task in polling mode (returnImmediately), then
  // polls GetTask until it settles. The adapter never cancels.
  async #delegate(task, deadline) {
    const client = await this.#client(task.cardUrl);
    const sent = await client.sendMessage(sendRequest(task.message), { signal: deadline });
    if (!sent?.status) {
      return { outcome: "completed", taskId: "", detail: "the agent answered with a message, no task" };
    }
    let current = sent;
    let polls = 0;
    try {
      while (!settled(current.status.state)) {
        await sleep(POLL_INTERVAL_MS, undefined, { signal: deadline });
        current = await client.getTask({ tenant: "", id: sent.id }, { signal: deadline });
        polls++;
      }
    } catch (err) {
      return fromError(err, sent.id);
    }
    return fromTask(current, `after ${polls} GetTask poll(s)`);
  }
}
