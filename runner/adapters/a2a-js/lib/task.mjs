// The driver contract's input (docs/driver-contract.md). In one-shot mode
// everything comes from the environment; in session mode the environment
// holds what every task shares (CA file, credentials) and each task arrives
// as one JSON line on stdin: {"task","cardUrl","message","skill","deadlineMs"}.

// The adapter stops this long before the runner's deadline, so that its
// outcome is written before the process group is killed (one-shot) or the
// session is stopped (session).
const DEADLINE_MARGIN_MS = 750;

function required(env, name) {
  const value = env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

// stopAt is when the adapter gives up on a task handed out at startedAt
// with deadlineMs: the margin short of it, or half the deadline if shorter.
function stopAt(startedAt, deadlineMs, what) {
  if (!Number.isFinite(deadlineMs) || deadlineMs <= 0) {
    throw new Error(`${what} is not a positive number: ${deadlineMs}`);
  }
  return startedAt + Math.max(deadlineMs - DEADLINE_MARGIN_MS, deadlineMs / 2);
}

// readSession reads what every task of the session shares. Credentials the
// scenario does not grant are absent, so each is undefined unless set.
export function readSession(env) {
  return {
    caFile: env.A2A_CONFORM_CA_FILE,
    credentials: {
      bearerToken: env.A2A_CONFORM_BEARER_TOKEN,
      oauthClientId: env.A2A_CONFORM_OAUTH_CLIENT_ID,
      oauthClientSecret: env.A2A_CONFORM_OAUTH_CLIENT_SECRET,
      apiKey: env.A2A_CONFORM_API_KEY,
      clientCertFile: env.A2A_CONFORM_CLIENT_CERT_FILE,
      clientKeyFile: env.A2A_CONFORM_CLIENT_KEY_FILE,
    },
  };
}

// readTask reads the one task of a one-shot run from env; startedAt is the
// process's start, from which the deadline runs.
export function readTask(env, startedAt) {
  const deadlineMs = Number.parseInt(required(env, "A2A_CONFORM_DEADLINE_MS"), 10);
  return {
    task: Number.parseInt(env.A2A_CONFORM_TASK ?? "1", 10) || 1,
    cardUrl: required(env, "A2A_CONFORM_CARD_URL"),
    message: required(env, "A2A_CONFORM_MESSAGE"),
    skill: env.A2A_CONFORM_SKILL,
    stopAt: stopAt(startedAt, deadlineMs, "A2A_CONFORM_DEADLINE_MS"),
  };
}

// parseTaskLine reads one task line of a session; receivedAt is when it was
// read, from which the task's deadline runs. The task number is returned
// even when the rest is unusable (as error), so the answer can name it.
export function parseTaskLine(line, receivedAt) {
  let raw;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    return { error: new Error(`task line is not JSON: ${err.message}`) };
  }
  const task = Number.isInteger(raw?.task) ? raw.task : undefined;
  try {
    if (task === undefined) {
      throw new Error(`task line has no task number: ${line.slice(0, 200)}`);
    }
    for (const name of ["cardUrl", "message"]) {
      if (typeof raw[name] !== "string" || raw[name] === "") {
        throw new Error(`task line ${task} has no ${name}`);
      }
    }
    return {
      task: {
        task,
        cardUrl: raw.cardUrl,
        message: raw.message,
        skill: raw.skill,
        stopAt: stopAt(receivedAt, raw.deadlineMs, `task ${task}'s deadlineMs`),
      },
    };
  } catch (error) {
    return { number: task, error };
  }
}
