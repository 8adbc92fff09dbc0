// a2a-conform driver-contract adapter for the official @a2a-js/sdk client
// (docs/driver-contract.md). It uses the SDK the way its documentation
// shows: ClientFactory with the SDK's card resolver and transports, the
// credentials through createAuthenticatingFetchWithRetry, SendMessage in
// polling mode (returnImmediately), then GetTask until the task settles.
// It adds no safety logic of its own: the point is to judge the SDK.
//
//   node runner/adapters/a2a-js/adapter.mjs
//
// One-shot mode (the default): one task from the A2A_CONFORM_* variables,
// its outcome object written to A2A_CONFORM_OUTCOME_FILE.
// Session mode (A2A_CONFORM_SESSION=1): task lines on stdin, one outcome
// line each on stdout, until stdin closes; one SDK client serves them all
// (lib/session.mjs), as a long-lived application holds one.
//
// Either way it exits 0; errors become outcome "failed" with a reason from
// the vocabulary and the error text as detail. Logs go to stderr.
import { createInterface } from "node:readline";

import { fromError, outcomeLine, writeOutcome } from "./lib/outcome.mjs";
import { SdkSession } from "./lib/session.mjs";
import { parseTaskLine, readSession, readTask } from "./lib/task.mjs";

function log(text) {
  process.stderr.write(`a2a-js adapter: ${text}\n`);
}

function short(outcome) {
  return outcome.reason ? `${outcome.outcome}/${outcome.reason}` : outcome.outcome;
}

// newSession is the session's SDK client, or the error that prevented it
// (an unreadable CA file): then every task ends with that error.
function newSession(env) {
  try {
    return { session: new SdkSession(readSession(env)) };
  } catch (error) {
    return { error };
  }
}

async function oneShot(env) {
  const outcomeFile = env.A2A_CONFORM_OUTCOME_FILE;
  if (!outcomeFile) {
    log("A2A_CONFORM_OUTCOME_FILE is not set");
    process.exitCode = 2;
    return;
  }
  let outcome;
  try {
    const task = readTask(env, performance.timeOrigin);
    const { session, error } = newSession(env);
    outcome = session ? await session.delegate(task) : fromError(error);
  } catch (err) {
    outcome = fromError(err);
  }
  writeOutcome(outcomeFile, outcome);
  log(short(outcome));
}

// serve answers the task lines of stdin in order, each before reading the
// next; a task's deadline runs from when its line was read.
async function serve(env) {
  const { session, error } = newSession(env);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") {
      continue;
    }
    const parsed = parseTaskLine(line, Date.now());
    if (parsed.error && parsed.number === undefined) {
      log(`${parsed.error.message}: ignored`);
      continue;
    }
    let outcome;
    if (parsed.error || !session) {
      outcome = fromError(parsed.error ?? error);
    } else {
      outcome = await session.delegate(parsed.task);
    }
    const number = parsed.task?.task ?? parsed.number;
    process.stdout.write(outcomeLine(number, outcome));
    log(`task ${number}: ${short(outcome)}`);
  }
}

if (process.env.A2A_CONFORM_SESSION === "1") {
  await serve(process.env);
} else {
  await oneShot(process.env);
}
