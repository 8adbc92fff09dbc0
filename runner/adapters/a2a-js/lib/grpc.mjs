// The SDK's gRPC transport (@a2a-js/sdk/client/grpc) set up as @grpc/grpc-js
// documents it: the SDK dials the card's host:port with whatever channel
// credentials the application hands GrpcTransportFactory, insecure
// (plaintext) when none. The fetch wrapper of the HTTP transports does not
// reach gRPC, so the credentials ride on call credentials instead: the same
// AuthenticationHandler's headers, as metadata on every call.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

import { GrpcTransportFactory } from "@a2a-js/sdk/client/grpc";
import * as grpc from "@grpc/grpc-js";

// grpcTransportFactory is the SDK's gRPC transport factory over TLS with
// the session's CA and client certificate, sending handler's headers.
export function grpcTransportFactory(session, handler) {
  return new GrpcTransportFactory({
    grpcChannelCredentials: grpc.credentials.combineChannelCredentials(tlsCredentials(session), headerCredentials(handler)),
  });
}

// tlsCredentials trusts the system roots plus the farm CA (createSsl
// replaces the roots it is given, hence both) and presents the client
// certificate when one is granted.
function tlsCredentials(session) {
  const roots = session.caFile ? Buffer.from([...rootCertificates, readFileSync(session.caFile, "utf8")].join("\n")) : null;
  const { clientCertFile, clientKeyFile } = session.credentials;
  if (clientCertFile && clientKeyFile) {
    return grpc.credentials.createSsl(roots, readFileSync(clientKeyFile), readFileSync(clientCertFile));
  }
  return grpc.credentials.createSsl(roots);
}

// headerCredentials puts handler's headers on every call as metadata
// (names in lower case, as gRPC requires). A failure fails the call.
function headerCredentials(handler) {
  return grpc.credentials.createFromMetadataGenerator((_params, callback) => {
    handler.headers().then(
      (headers) => {
        const metadata = new grpc.Metadata();
        for (const [name, value] of Object.entries(headers)) {
          metadata.set(name.toLowerCase(), value);
        }
        callback(null, metadata);
      },
      (err) => callback(err),
    );
  });
}
