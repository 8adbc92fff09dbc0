// signcheck cross-checks Agent Card signatures (A2A v1.0 spec §8.4) between
// a2a-conform and the official @a2a-js/sdk 1.3.0, with the SDK's own
// helpers: verifyAgentCardSignature, generateAgentCardSignature and
// canonicalizeAgentCard. It prints one JSON line and exits non-zero on any
// error. The Go side is a2a/cardsig/jsinterop_test.go.
//
//   node signcheck.mjs verify     fetch the card at A2A_CONFORM_CARD_URL and
//                                 verify each signature on its own, the key
//                                 fetched from the signature's jku:
//                                 {"verified":[true,false],"canonical":"…"}
//   node signcheck.mjs sign       sign the card read from stdin with a fresh
//                                 ES256 and a fresh RS256 key:
//                                 {"card":{…},"jwks":{"keys":[…]}}
//   node signcheck.mjs canonical  canonicalize each card of the JSON array
//                                 read from stdin: ["…","…"]
//
// NODE_EXTRA_CA_CERTS must name the farm CA for verify (Node's fetch
// trusts it). The SDK logs failed signature entries with console.debug,
// which would land on stdout: it goes to stderr here.
import {
  canonicalizeAgentCard,
  generateAgentCardSignature,
  verifyAgentCardSignature,
} from "@a2a-js/sdk";
import * as jose from "jose";

console.debug = (...args) => console.error(...args);

const FETCH_TIMEOUT_MS = 20_000;

async function fetchJSON(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) {
    throw new Error(`GET ${url}: HTTP ${res.status}`);
  }
  return res.json();
}

// publicKeyFromJKU is the retrievePublicKey callback the SDK's docs
// suggest: the key named kid in the JWKS at jku, wherever jku points.
async function publicKeyFromJKU(kid, jku) {
  if (!jku) {
    throw new Error(`signature by ${kid} names no jku`);
  }
  const jwks = await fetchJSON(jku);
  const jwk = (jwks.keys ?? []).find((k) => k.kid === kid);
  if (!jwk) {
    throw new Error(`no key ${kid} at ${jku}`);
  }
  return jose.importJWK(jwk, jwk.alg);
}

async function verify() {
  const url = process.env.A2A_CONFORM_CARD_URL;
  if (!url) {
    throw new Error("A2A_CONFORM_CARD_URL is not set");
  }
  const card = await fetchJSON(url);
  const verified = [];
  for (const signature of card.signatures ?? []) {
    try {
      await verifyAgentCardSignature(publicKeyFromJKU)({ ...card, signatures: [signature] });
      verified.push(true);
    } catch (err) {
      console.error(`signature ${verified.length}: ${err.message}`);
      verified.push(false);
    }
  }
  return { verified, canonical: canonicalizeAgentCard(card) };
}

async function sign(card) {
  const keys = [];
  let signed = card;
  for (const alg of ["ES256", "RS256"]) {
    const kid = `js-${alg.toLowerCase()}`;
    const { publicKey, privateKey } = await jose.generateKeyPair(alg, { extractable: true });
    signed = await generateAgentCardSignature(privateKey, { alg, kid, typ: "JOSE" })(signed);
    keys.push({ ...(await jose.exportJWK(publicKey)), kid, alg, use: "sig" });
  }
  return { card: signed, jwks: { keys } };
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

async function main() {
  const mode = process.argv[2];
  let out;
  switch (mode) {
    case "verify":
      out = await verify();
      break;
    case "sign":
      out = await sign(await readStdin());
      break;
    case "canonical":
      out = (await readStdin()).map((card) => canonicalizeAgentCard(card));
      break;
    default:
      throw new Error(`mode ${JSON.stringify(mode)}: want verify, sign or canonical`);
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((err) => {
  console.error(`signcheck: ${err.stack ?? err}`);
  process.exit(1);
});
