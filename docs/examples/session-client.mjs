// A minimal a2a-conform driver-contract client in Node.js (>= 20), standard
// library only. It speaks both modes of docs/driver-contract.md:
//
//   one-shot  (the default) one task from the A2A_CONFORM_* variables; the
//             outcome object goes to the file A2A_CONFORM_OUTCOME_FILE names.
//   session   (A2A_CONFORM_SESSION=1) one JSON task line after another on
//             stdin; one outcome line per task on stdout, in order; exit when
//             stdin closes.
//
// For each task it follows the contract model (docs/contract-model.md):
//
//   1. It fetches the card (a redirect only within the card's origin) and
//      plans on it: the first JSON-RPC interface of protocol 1.0 on the
//      card's own origin (rule 6; a signature is never verified, so a card is
//      authoritative for its own origin only), with that interface's tenant;
//      the credentials the skill's effective security requirement asks for
//      (bearer, an API key in the header, query or cookie the card names, the
//      TLS client certificate on the A2A requests of a card that names mTLS
//      and nowhere else, or an OAuth client-credentials token from a token
//      endpoint on the origin of the issuer the grant names,
//      A2A_CONFORM_OAUTH_TOKEN_URL, else on the card's origin: the secret
//      goes nowhere else);
//      and it refuses a card that requires an extension (it speaks none).
//   2. Right before the send it revalidates the card with the validator the
//      peer gave (If-None-Match, else If-Modified-Since) and aborts with
//      contract-changed when the contract projection differs (rule 2); with
//      no validator it sends on the card it has (rule 4).
//   3. It sends with returnImmediately, then polls GetTask until the task is
//      terminal or interrupted, never looking at the card again (rule 3).
//
// It verifies no signature and speaks no extension (the frozen-contract one
// included), so it fails the requirements that need them.
//
//   a2a-conform run --client "node docs/examples/session-client.mjs" --bindings jsonrpc
//   a2a-conform run --client-mode session --client "node docs/examples/session-client.mjs" --bindings jsonrpc
import { createHash, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

const MARGIN_MS = 500; // stop this long before the runner's deadline
const POLL_MS = 200; // between two GetTask polls
const MAX_REDIRECTS = 5;
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

// What every task shares: the TLS setup and the credentials. The client
// certificate is a credential like the others: presented only on the A2A
// requests of a card whose security requirement names mTLS (withCert).
const env = process.env;
const tls = {};
if (env.A2A_CONFORM_CA_FILE) tls.ca = readFileSync(env.A2A_CONFORM_CA_FILE);
const withCert = env.A2A_CONFORM_CLIENT_CERT_FILE && env.A2A_CONFORM_CLIENT_KEY_FILE
  ? { ...tls, cert: readFileSync(env.A2A_CONFORM_CLIENT_CERT_FILE), key: readFileSync(env.A2A_CONFORM_CLIENT_KEY_FILE) }
  : null;

// http makes one request (JSON in, JSON out), bounded by the task's stopAt;
// it resolves { status, headers, body } for 2xx, 3xx and 304 (body null).
function http(url, stopAt, body, headers = {}, tlsOptions = tls) {
  const remaining = stopAt - Date.now();
  if (remaining <= 0) return Promise.reject(new Failure("deadline", `out of time before ${url}`));
  const data = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const options = { ...tlsOptions, method: data ? "POST" : "GET", headers, signal: AbortSignal.timeout(Math.ceil(remaining)) };
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        if (res.statusCode >= 300 && res.statusCode < 400) return resolve({ status: res.statusCode, headers: res.headers, body: null });
        if (res.statusCode < 200 || res.statusCode > 299) {
          const failure = new Failure("peer-error", `${url} answered HTTP ${res.statusCode}`);
          failure.challenge = res.statusCode === 401 ? `${res.headers["www-authenticate"] ?? ""}` : "";
          return reject(failure);
        }
        try {
          resolve({ status: res.statusCode, headers: res.headers, body: JSON.parse(text) });
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

// origin is the RFC 6454 origin of url: scheme, host, port.
function origin(url) {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname.toLowerCase()}:${u.port || (u.protocol === "https:" ? 443 : 80)}`;
  } catch {
    return "";
  }
}

// speaks10 is whether an interface's protocolVersion is 1.0: a version is
// Major.Minor, and only a patch number is ignored (1.0.1 is 1.0; 1.1 is not).
function speaks10(version) {
  return typeof version === "string" && (version === "1.0" || version.startsWith("1.0."));
}

// canonical is JSON with every object's members sorted (RFC 8785 for the
// strings and integers a card's contract holds).
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

// contract is the hash of the contract projection of card for skill
// (docs/contract-model.md §2).
function contract(card, skill) {
  const requirements = (value) => (Array.isArray(value) ? value : []).map((r) => {
    const schemes = {};
    for (const [name, scopes] of Object.entries(r?.schemes ?? {})) {
      const list = Array.isArray(scopes) ? scopes : scopes?.list;
      schemes[name] = { list: Array.isArray(list) ? list : [] };
    }
    return { schemes };
  });
  const text = (v) => (typeof v === "string" ? v : "");
  const cardReqs = requirements(card.securityRequirements);
  const target = (card.skills ?? []).find((s) => s?.id === skill);
  const projection = {
    securitySchemes: card.securitySchemes && typeof card.securitySchemes === "object" ? card.securitySchemes : {},
    securityRequirements: cardReqs,
    skill,
    skillSecurityRequirements: target?.securityRequirements != null ? requirements(target.securityRequirements) : cardReqs,
    supportedInterfaces: (card.supportedInterfaces ?? []).map((i) => ({
      url: text(i?.url), protocolBinding: text(i?.protocolBinding), protocolVersion: text(i?.protocolVersion), tenant: text(i?.tenant),
    })),
    requiredExtensions: (card.capabilities?.extensions ?? []).filter((e) => e?.required === true),
  };
  return createHash("sha256").update(canonical(projection)).digest("hex");
}

// fetchCard gets the card, conditionally on held's validators: held itself
// on a 304. A redirect is followed only within the card URL's origin.
async function fetchCard(cardUrl, stopAt, held) {
  const headers = { Accept: "application/json" };
  if (held?.etag) headers["If-None-Match"] = held.etag;
  else if (held?.lastModified) headers["If-Modified-Since"] = held.lastModified;
  let url = cardUrl;
  for (let i = 0; i <= MAX_REDIRECTS; i++) {
    const res = await http(url, stopAt, undefined, headers);
    if (res.status === 304 && held) return held;
    if (res.status >= 300 && res.status < 400) {
      const target = new URL(res.headers.location ?? "", url).href;
      if (origin(target) !== origin(cardUrl)) throw new Failure("untrusted-endpoint", "the card URL redirects to another origin", "aborted");
      url = target;
      continue;
    }
    // An error page or a notice is no card: not a contract change.
    if (!res.body || typeof res.body !== "object" || !res.body.name || !Array.isArray(res.body.supportedInterfaces) ||
        res.body.supportedInterfaces.length === 0) throw new Failure("peer-error", "the answer is not an agent card");
    return { card: res.body, url, etag: res.headers.etag, lastModified: res.headers["last-modified"] };
  }
  throw new Failure("peer-error", "too many redirects");
}

// credentials satisfies the first alternative of the skill's effective
// security requirement this client can: headers, query and cookies to add,
// and whether to present the client certificate.
async function credentials(held, skill, stopAt) {
  const card = held.card;
  const target = (card.skills ?? []).find((s) => s?.id === skill);
  const reqs = target?.securityRequirements != null ? target.securityRequirements : card.securityRequirements ?? [];
  if (reqs.length === 0) return { headers: {}, query: {}, cookies: {}, cert: false };
  alternatives: for (const alt of reqs) {
    const got = { headers: {}, query: {}, cookies: {}, cert: false };
    for (const [name, scopes] of Object.entries(alt?.schemes ?? {})) {
      const scheme = card.securitySchemes?.[name] ?? {};
      const httpAuth = scheme.httpAuthSecurityScheme, api = scheme.apiKeySecurityScheme;
      const flow = scheme.oauth2SecurityScheme?.flows?.clientCredentials;
      const place = { header: got.headers, query: got.query, cookie: got.cookies }[api?.location];
      if (scheme.mtlsSecurityScheme && withCert) {
        got.cert = true;
      } else if (httpAuth && `${httpAuth.scheme}`.toLowerCase() === "bearer" && env.A2A_CONFORM_BEARER_TOKEN) {
        got.headers.Authorization = `Bearer ${env.A2A_CONFORM_BEARER_TOKEN}`;
      } else if (api && place && env.A2A_CONFORM_API_KEY) {
        place[api.name] = env.A2A_CONFORM_API_KEY;
      } else if (flow && env.A2A_CONFORM_OAUTH_CLIENT_ID && env.A2A_CONFORM_OAUTH_CLIENT_SECRET && origin(flow.tokenUrl) === origin(env.A2A_CONFORM_OAUTH_TOKEN_URL || held.url)) {
        got.headers.Authorization = `Bearer ${await token(flow.tokenUrl, Array.isArray(scopes) ? scopes : scopes?.list ?? [], stopAt)}`;
      } else {
        continue alternatives;
      }
    }
    return got;
  }
  throw new Failure("auth-unavailable", "no alternative of the security requirement is held", "aborted");
}

// token gets an OAuth 2.0 client-credentials access token for this task's
// scopes (from the issuer's origin only: the request carries the client
// secret).
async function token(tokenUrl, scopes, stopAt) {
  const form = new URLSearchParams({ grant_type: "client_credentials", client_id: env.A2A_CONFORM_OAUTH_CLIENT_ID,
    client_secret: env.A2A_CONFORM_OAUTH_CLIENT_SECRET });
  if (scopes.length > 0) form.set("scope", scopes.join(" "));
  const { body } = await http(tokenUrl, stopAt, form.toString(), { "Content-Type": "application/x-www-form-urlencoded" });
  if (!body?.access_token) throw new Failure("auth-unavailable", "the token endpoint gave no access token", "aborted");
  return body.access_token;
}

// plan decides routing and credentials on the card: { url, tenant, headers, tls }.
async function plan(held, skill, stopAt) {
  const card = held.card;
  const jsonrpc = (card.supportedInterfaces ?? []).filter((i) => i.protocolBinding === "JSONRPC");
  if (jsonrpc.length === 0) throw new Failure("binding-unsupported", "no JSON-RPC interface", "aborted");
  const spoken = jsonrpc.filter((i) => speaks10(i.protocolVersion));
  if (spoken.length === 0) throw new Failure("version-unsupported", "no JSON-RPC interface of protocol 1.0", "aborted");
  const iface = spoken.find((i) => origin(i.url) === origin(held.url));
  if (!iface) throw new Failure("untrusted-endpoint", "no JSON-RPC interface on the card's origin", "aborted");
  const required = (card.capabilities?.extensions ?? []).find((e) => e?.required);
  if (required) throw new Failure("extension-unsupported", `the card requires ${required.uri}`, "aborted");
  const creds = await credentials(held, skill, stopAt);
  const url = new URL(iface.url);
  for (const [k, v] of Object.entries(creds.query)) url.searchParams.set(k, v);
  const headers = { "Content-Type": "application/json", "A2A-Version": "1.0", ...creds.headers };
  const cookies = Object.entries(creds.cookies).map(([k, v]) => `${k}=${v}`);
  if (cookies.length > 0) headers.Cookie = cookies.join("; ");
  return { url: url.href, tenant: iface.tenant ?? "", headers, tls: creds.cert ? withCert : tls };
}

// run delegates one task and returns its outcome object.
async function run(cardUrl, skill, message, stopAt) {
  let taskId = "";
  try {
    const held = await fetchCard(cardUrl, stopAt);
    let route = await plan(held, skill, stopAt);
    if (held.etag || held.lastModified) { // rule 2: revalidate right before the send
      const fresh = await fetchCard(cardUrl, stopAt, held);
      if (contract(fresh.card, skill) !== contract(held.card, skill)) {
        throw new Failure("contract-changed", "the card's contract changed before the send", "aborted");
      }
    }
    let id = 0, renewed = false;
    const call = async (method, params) => {
      const withTenant = route.tenant ? { ...params, tenant: route.tenant } : params;
      const post = () => http(route.url, stopAt, { jsonrpc: "2.0", id: ++id, method, params: withTenant }, route.headers, route.tls);
      const { body: answer } = await post().catch(async (err) => {
        // A token refused as invalid (expired or revoked): a new one, once,
        // and the same request again; never the refused token.
        if (renewed || !/invalid_token/.test(err.challenge ?? "")) throw err;
        renewed = true;
        route = await plan(held, skill, stopAt);
        return post();
      });
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
    const outcome = await run(t.cardUrl, t.skill, t.message, stopAtOf(received, t.deadlineMs));
    process.stdout.write(`${JSON.stringify({ task: t.task, ...outcome })}\n`);
    process.stderr.write(`task ${t.task}: ${outcome.outcome}\n`);
  }
} else {
  // One-shot: the deadline runs from the process's start.
  const outcome = await run(env.A2A_CONFORM_CARD_URL, env.A2A_CONFORM_SKILL, env.A2A_CONFORM_MESSAGE,
    stopAtOf(performance.timeOrigin, env.A2A_CONFORM_DEADLINE_MS));
  writeFileSync(env.A2A_CONFORM_OUTCOME_FILE, JSON.stringify(outcome));
}
