// Credentials wired the SDK's way: an AuthenticationHandler for
// createAuthenticatingFetchWithRetry, which merges its headers into every
// request the resolver and the transports make. The SDK never reads the
// card's security, so like an application this reads the card once for
// what it must know: the token endpoint (oauth2) and the header (API key).

// AuthUnavailableError: a granted credential could not be turned into a
// header (the token endpoint refused, the card names none).
export class AuthUnavailableError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "AuthUnavailableError";
  }
}

// schemeOf returns [kind, value] of a security scheme, whether the resolver
// normalized it (ts-proto oneof) or passed the JSON through.
function schemeOf(scheme) {
  if (scheme?.scheme?.$case) {
    return [scheme.scheme.$case, scheme.scheme.value];
  }
  const kind = Object.keys(scheme ?? {}).find((k) => k.endsWith("SecurityScheme"));
  return kind ? [kind, scheme[kind]] : [undefined, undefined];
}

function clientCredentialsFlow(oauth) {
  const flows = oauth?.flows;
  if (flows?.flow?.$case === "clientCredentials") {
    return flows.flow.value;
  }
  return flows?.clientCredentials;
}

export class CardCredentials {
  #granted;
  #fetch;
  #headers = {};
  #tokenFetched = false;

  // granted: the task's credentials; fetchImpl: plain fetch for the token
  // request (the client secret goes only to the token endpoint).
  constructor(granted, fetchImpl) {
    this.#granted = granted;
    this.#fetch = fetchImpl;
    if (granted.bearerToken) {
      this.#headers.Authorization = `Bearer ${granted.bearerToken}`;
    }
  }

  // AuthenticationHandler: merged into every request, the card GET included.
  async headers() {
    return { ...this.#headers };
  }

  // AuthenticationHandler: credentials are static for the run, no retry.
  async shouldRetryWithHeaders() {
    return undefined;
  }

  // prepare completes the headers from the resolved card: an oauth2
  // client-credentials token, the API key's header name. Nothing is checked
  // against the card's securityRequirements (neither does the SDK): a
  // bearer token, for one, goes on every request whatever the card asks.
  async prepare(card) {
    for (const scheme of Object.values(card?.securitySchemes ?? {})) {
      const [kind, value] = schemeOf(scheme);
      if (kind === "oauth2SecurityScheme" && this.#granted.oauthClientId && !this.#tokenFetched) {
        const flow = clientCredentialsFlow(value);
        if (flow?.tokenUrl) {
          this.#headers.Authorization = `Bearer ${await this.#fetchToken(flow.tokenUrl)}`;
          this.#tokenFetched = true;
        }
      }
      if (kind === "apiKeySecurityScheme" && this.#granted.apiKey && value?.location === "header" && value.name) {
        this.#headers[value.name] = this.#granted.apiKey;
      }
    }
  }

  // #fetchToken runs the client-credentials grant (RFC 6749 §4.4) with HTTP
  // Basic client authentication of the form-encoded id and secret.
  async #fetchToken(tokenUrl) {
    const id = encodeURIComponent(this.#granted.oauthClientId);
    const secret = encodeURIComponent(this.#granted.oauthClientSecret ?? "");
    let response;
    try {
      response = await this.#fetch(tokenUrl, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: new URLSearchParams({ grant_type: "client_credentials" }),
      });
    } catch (err) {
      throw new AuthUnavailableError(`token request to ${tokenUrl} failed: ${err.message}`, { cause: err });
    }
    const body = await response.json().catch(() => ({}));
    if (!response.ok || typeof body.access_token !== "string" || body.access_token === "") {
      throw new AuthUnavailableError(`token endpoint ${tokenUrl} answered HTTP ${response.status} ${body.error ?? ""}`.trim());
    }
    return body.access_token;
  }
}
