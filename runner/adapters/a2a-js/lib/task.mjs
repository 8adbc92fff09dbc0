// The driver contract's input (docs/driver-contract.md): everything the
// runner hands the adapter through the environment.

// The adapter stops this long before the runner's deadline, so that its
// outcome is written before the process group is killed.
const DEADLINE_MARGIN_MS = 750;

function required(env, name) {
  const value = env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

// readTask reads one task from env. Credentials the scenario does not grant
// are absent, so each is undefined unless set.
export function readTask(env, startedAt) {
  const deadlineMs = Number.parseInt(required(env, "A2A_CONFORM_DEADLINE_MS"), 10);
  if (!Number.isFinite(deadlineMs) || deadlineMs <= 0) {
    throw new Error(`A2A_CONFORM_DEADLINE_MS is not a positive number: ${env.A2A_CONFORM_DEADLINE_MS}`);
  }
  return {
    cardUrl: required(env, "A2A_CONFORM_CARD_URL"),
    message: required(env, "A2A_CONFORM_MESSAGE"),
    skill: env.A2A_CONFORM_SKILL,
    caFile: env.A2A_CONFORM_CA_FILE,
    stopAt: startedAt + Math.max(deadlineMs - DEADLINE_MARGIN_MS, deadlineMs / 2),
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
