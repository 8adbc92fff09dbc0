// A minimal a2a-conform driver-contract client in Node.js (>= 20), standard
// library only. It speaks both modes of docs/driver-contract.md:
//
//   one-shot  (the default) one task from the A2A_CONFORM_* variables; the
//             outcome object goes to the file A2A_CONFORM_OUTCOME_FILE names.
//   session   (A2A_CONFORM_SESSION=1) one JSON task line after another on
//             stdin; one outcome line per task on stdout, in order; exit when
//             stdin closes.
//
// For each task it fetches the card, picks its first JSON-RPC interface of
// protocol 1.0, sends the message with returnImmediately, then polls GetTask
// until the task is terminal or interrupted.
//
// This is a protocol example, not a safe client: it never checks that an
// endpoint belongs to the card's origin, never verifies a signature, knows
// neither oauth2 nor the frozen-contract extension. It fails many of the
// suite's requirements, as it should.
//
//   a2a-conform run --client "node docs/examples/session-client.mjs"
//   a2a-conform run --client-mode session --client "node docs/examples/session-client.mjs"
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

const MARGIN_MS = 500; // stop this long before the runner's deadline
const POLL_MS = 200; // between two GetTask polls
// Terminal and interrupted states, and the outcome each ends a task with.
const SETTLED = {
  TASK_STATE_COMPLETED: ["completed"],
  TASK_STATE_CANCELED: ["canceled"],
  TASK_STATE_REJECTED: ["rejected"],
  TASK_STATE_FAILED: ["failed", "task-failed"],
  TASK_STATE_INPUT_REQUIRED: ["failed", "input-required"],
  TASK_STATE_AUTH_REQUIRED: ["failed", "auth-required"],
};

// Failure ends a task with outcome failed (or aborted) and a reason.
class Failure extends Error {
  constructor(reason, detail, outcome = "failed") {
    super(detail);
    Object.assign(this, { reason, outcome });
  }
}

// What every task shares: the TLS setup and the credentials.
const env = process.env;
const tls = {};
if (env.A2A_CONFORM_CA_FILE) tls.ca = readFileSync(env.A2A_CONFORM_CA_FILE);
if (env.A2A_CONFORM_CLIENT_CERT_FILE && env.A2A_CONFORM_CLIENT_KEY_FILE) {
  tls.cert = readFileSync(env.A2A_CONFORM_CLIENT_CERT_FILE);
  tls.key = readFileSync(env.A2A_CONFORM_CLIENT_KEY_FILE);
}

// http makes one request (JSON in, JSON out), bounded by the task's stopAt.
function http(url, stopAt, body, headers = {}) {
  const remaining = stopAt - Date.now();
  if (remaining <= 0) return Promise.reject(new Failure("deadline", `out of time before ${url}`));
  const data = body === undefined ? undefined : JSON.stringify(body);
  const options = { ...tls, method: data ? "POST" : "GET", headers, signal: AbortSignal.timeout(Math.ceil(remaining)) };
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        if (res.statusCode < 200 || res.statusCode > 299) {
          return reject(new Failure("peer-error", `${url} answered HTTP ${res.statusCode}`));
        }
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new Failure("peer-error", `${url} answered no JSON`));
        }
      });
    });
    req.on("error", (err) =>
      reject(err.name === "AbortError" ? new Failure("deadline", `no answer from ${url} in time`)
        : new Failure("transport-error", `${url}: ${err.message}`)));
    req.end(data);
  });
}

// run delegates one task and returns its outcome object.
async function run(cardUrl, message, stopAt) {
  let taskId = "";
  try {
    const card = await http(cardUrl, stopAt, undefined, { Accept: "application/json" });
    const jsonrpc = (card.supportedInterfaces ?? []).filter((i) => i.protocolBinding === "JSONRPC");
    if (jsonrpc.length === 0) throw new Failure("binding-unsupported", "no JSON-RPC interface", "aborted");
    const iface = jsonrpc.find((i) => i.protocolVersion === "1.0");
    if (!iface) throw new Failure("version-unsupported", "no JSON-RPC interface of protocol 1.0", "aborted");
    const headers = { "Content-Type": "application/json", "A2A-Version": "1.0" };
    if (env.A2A_CONFORM_BEARER_TOKEN) headers.Authorization = `Bearer ${env.A2A_CONFORM_BEARER_TOKEN}`;
    for (const scheme of Object.values(card.securitySchemes ?? {})) {
      const api = scheme.apiKeySecurityScheme;
      if (env.A2A_CONFORM_API_KEY && api?.location === "header") headers[api.name] = env.A2A_CONFORM_API_KEY;
    }
    let id = 0;
    const call = async (method, params) => {
      const answer = await http(iface.url, stopAt, { jsonrpc: "2.0", id: ++id, method, params }, headers);
      if (answer.error) throw new Failure("peer-error", `${method}: ${answer.error.message}`);
      return answer.result;
    };
    const sent = await call("SendMessage", {
      message: { messageId: randomUUID(), role: "ROLE_USER", parts: [{ text: message }] },
      configuration: { returnImmediately: true },
    });
    if (!sent.task) return { outcome: "completed", detail: "the agent answered with a message" };
    let task = sent.task;
    taskId = task.id;
    while (!(task.status.state in SETTLED)) {
      await sleep(Math.min(POLL_MS, Math.max(stopAt - Date.now(), 0)));
      task = await call("GetTask", { id: taskId });
    }
    const [outcome, reason] = SETTLED[task.status.state];
    return { outcome, reason, taskId, detail: task.status.state };
  } catch (err) {
    if (err instanceof Failure) return { outcome: err.outcome, reason: err.reason, taskId, detail: err.message };
    const reason = err instanceof TypeError ? "peer-error" : "client-error"; // a malformed answer, or a bug
    return { outcome: "failed", reason, taskId, detail: `${err}` };
  }
}

const stopAtOf = (started, deadlineMs) => started + Math.max(Number(deadlineMs) - MARGIN_MS, Number(deadlineMs) / 2);

if (env.A2A_CONFORM_SESSION === "1") {
  // One task line at a time, each answered before the next is read.
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const received = Date.now(); // the task's deadline runs from here
    const t = JSON.parse(line);
    const outcome = await run(t.cardUrl, t.message, stopAtOf(received, t.deadlineMs));
    process.stdout.write(`${JSON.stringify({ task: t.task, ...outcome })}\n`);
    process.stderr.write(`task ${t.task}: ${outcome.outcome}\n`);
  }
} else {
  // One-shot: the deadline runs from the process's start.
  const outcome = await run(env.A2A_CONFORM_CARD_URL, env.A2A_CONFORM_MESSAGE,
    stopAtOf(performance.timeOrigin, env.A2A_CONFORM_DEADLINE_MS));
  writeFileSync(env.A2A_CONFORM_OUTCOME_FILE, JSON.stringify(outcome));
}
