// HTTP plumbing as a Node application sets it up for fetch: undici's global
// dispatcher trusts the farm CA and presents the client certificate when
// one is granted; every request is bounded by the current task's deadline.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

import { Agent, setGlobalDispatcher } from "undici";

// installTLS makes Node's global fetch (which the SDK uses) trust caFile
// besides the system roots and, when granted, present a client certificate.
export function installTLS(session) {
  const connect = {};
  if (session.caFile) {
    connect.ca = [...rootCertificates, readFileSync(session.caFile, "utf8")];
  }
  const { clientCertFile, clientKeyFile } = session.credentials;
  if (clientCertFile && clientKeyFile) {
    connect.cert = readFileSync(clientCertFile, "utf8");
    connect.key = readFileSync(clientKeyFile, "utf8");
  }
  setGlobalDispatcher(new Agent({ connect }));
}

// deadlineFetch is fetch with every request aborted at the deadline of the
// task under way (currentSignal(), read per request: the fetch outlives a
// task in a session), combined with any signal the caller passes.
export function deadlineFetch(currentSignal) {
  return (url, init) => {
    const own = init?.signal;
    const signal = currentSignal();
    return fetch(url, { ...init, signal: own ? AbortSignal.any([own, signal]) : signal });
  };
}
