// HTTP plumbing as a Node application sets it up for fetch: undici's global
// dispatcher trusts the farm CA and presents the client certificate when
// one is granted; every request is bounded by the adapter's deadline.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

import { Agent, setGlobalDispatcher } from "undici";

// installTLS makes Node's global fetch (which the SDK uses) trust caFile
// besides the system roots and, when granted, present a client certificate.
export function installTLS(task) {
  const connect = {};
  if (task.caFile) {
    connect.ca = [...rootCertificates, readFileSync(task.caFile, "utf8")];
  }
  const { clientCertFile, clientKeyFile } = task.credentials;
  if (clientCertFile && clientKeyFile) {
    connect.cert = readFileSync(clientCertFile, "utf8");
    connect.key = readFileSync(clientKeyFile, "utf8");
  }
  setGlobalDispatcher(new Agent({ connect }));
}

// deadlineFetch is fetch with signal aborting every request at the
// deadline, combined with any signal the caller passes.
export function deadlineFetch(signal) {
  return (url, init) => {
    const own = init?.signal;
    return fetch(url, { ...init, signal: own ? AbortSignal.any([own, signal]) : signal });
  };
}
