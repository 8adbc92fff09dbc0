#!/usr/bin/env python3
"""A minimal a2a-conform driver-contract client in Python 3, standard library only.

It speaks both modes of docs/driver-contract.md:

  one-shot  (the default) one task from the A2A_CONFORM_* variables; the
            outcome object goes to the file A2A_CONFORM_OUTCOME_FILE names.
  session   (A2A_CONFORM_SESSION=1) one JSON task line after another on
            stdin; one outcome line per task on stdout, in order; exit when
            stdin closes.

For each task it follows the contract model (docs/contract-model.md):

  1. It fetches the card (a redirect only within the card's origin) and plans
     on it: the first JSON-RPC interface of protocol 1.0 on the card's own
     origin (rule 6; a signature is never verified, so a card is
     authoritative for its own origin only), with that interface's tenant;
     the credentials the skill's effective security requirement asks for
     (bearer, an API key in the header, query or cookie the card names, the
     TLS client certificate on the A2A requests of a card that names mTLS
     and nowhere else, or
     an OAuth client-credentials token from a token endpoint on the origin
     of the issuer the grant names, A2A_CONFORM_OAUTH_TOKEN_URL, else on the
     card's origin: the secret goes nowhere else);
     and it refuses a card that requires an extension (it speaks none).
  2. Right before the send it revalidates the card with the validator the
     peer gave (If-None-Match, else If-Modified-Since) and aborts with
     contract-changed when the contract projection differs (rule 2); with no
     validator it sends on the card it has (rule 4).
  3. It sends with returnImmediately, then polls GetTask until the task is
     terminal or interrupted, never looking at the card again (rule 3).

It verifies no signature and speaks no extension (the frozen-contract one
included), so it fails the requirements that need them.

    a2a-conform run --client "python3 docs/examples/session-client.py" --bindings jsonrpc
    a2a-conform run --client-mode session --client "python3 docs/examples/session-client.py" --bindings jsonrpc
"""

import hashlib
import itertools
import json
import os
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

MARGIN = 0.5  # stop this long before the runner's deadline, in seconds
POLL = 0.2  # seconds between two GetTask polls
MAX_REDIRECTS = 5
# Terminal and interrupted states, and the outcome each ends a task with.
SETTLED = {
    "TASK_STATE_COMPLETED": ("completed", None),
    "TASK_STATE_CANCELED": ("canceled", None),
    "TASK_STATE_REJECTED": ("rejected", None),
    "TASK_STATE_FAILED": ("failed", "task-failed"),
    "TASK_STATE_INPUT_REQUIRED": ("failed", "input-required"),
    "TASK_STATE_AUTH_REQUIRED": ("failed", "auth-required"),
}


class Failure(Exception):
    """Ends a task with outcome failed (or aborted) and a reason."""

    def __init__(self, reason, detail, outcome="failed"):
        super().__init__(detail)
        self.reason, self.outcome = reason, outcome


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are judged by the client (same origin only), not followed blindly."""

    def redirect_request(self, *args, **kwargs):
        return None


def origin(url):
    """The RFC 6454 origin of url: scheme, host, port."""
    u = urllib.parse.urlsplit(url)
    return (u.scheme, (u.hostname or "").lower(), u.port or {"https": 443, "http": 80}.get(u.scheme))


def speaks_10(version):
    """Whether an interface's protocolVersion is 1.0: a version is Major.Minor,
    and only a patch number is ignored (1.0.1 is 1.0; 1.1 is not)."""
    return isinstance(version, str) and (version == "1.0" or version.startswith("1.0."))


def without_dot_segments(url):
    """url with the dot segments of its path removed (RFC 3986 §5.2.4), as a
    browser would send it: /a2a/./x/../jsonrpc is /a2a/jsonrpc."""
    u = urllib.parse.urlsplit(url)
    segments = u.path.split("/")
    out = []
    for seg in segments:
        if seg == "..":
            if len(out) > 1:
                out.pop()
        elif seg != ".":
            out.append(seg)
    if segments[-1] in (".", ".."):
        out.append("")
    return urllib.parse.urlunsplit(u._replace(path="/".join(out)))


def contract(card, skill):
    """The contract projection of card for skill, canonical (docs/contract-model.md §2)."""

    def requirements(value):
        out = []
        for r in value if isinstance(value, list) else []:
            schemes = r.get("schemes") if isinstance(r, dict) else None
            norm = {}
            for name, scopes in (schemes if isinstance(schemes, dict) else {}).items():
                if isinstance(scopes, dict):
                    scopes = scopes.get("list")
                norm[name] = {"list": scopes if isinstance(scopes, list) else []}
            out.append({"schemes": norm})
        return out

    text = lambda v: v if isinstance(v, str) else ""
    card_reqs = requirements(card.get("securityRequirements"))
    skill_reqs = card_reqs
    for s in card.get("skills") or []:
        if isinstance(s, dict) and s.get("id") == skill and s.get("securityRequirements") is not None:
            skill_reqs = requirements(s["securityRequirements"])
            break
    schemes = card.get("securitySchemes")
    caps = card.get("capabilities") if isinstance(card.get("capabilities"), dict) else {}
    projection = {
        "securitySchemes": schemes if isinstance(schemes, dict) else {},
        "securityRequirements": card_reqs,
        "skill": skill,
        "skillSecurityRequirements": skill_reqs,
        "supportedInterfaces": [
            {k: text(i.get(k) if isinstance(i, dict) else None) for k in ("url", "protocolBinding", "protocolVersion", "tenant")}
            for i in card.get("supportedInterfaces") or []
        ],
        "requiredExtensions": [e for e in caps.get("extensions") or [] if isinstance(e, dict) and e.get("required") is True],
    }
    canonical = json.dumps(projection, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class Client:
    """What every task shares: the TLS setup and the credentials."""

    def __init__(self, env):
        self.tls = ssl.create_default_context(cafile=env.get("A2A_CONFORM_CA_FILE") or None)
        # The client certificate is a credential like the others: presented
        # only on the A2A requests of a card whose requirement names mTLS.
        self.cert_opener = None
        cert, key = env.get("A2A_CONFORM_CLIENT_CERT_FILE"), env.get("A2A_CONFORM_CLIENT_KEY_FILE")
        if cert and key:
            with_cert = ssl.create_default_context(cafile=env.get("A2A_CONFORM_CA_FILE") or None)
            with_cert.load_cert_chain(cert, key)
            self.cert_opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=with_cert))
        self.bearer = env.get("A2A_CONFORM_BEARER_TOKEN")
        self.api_key = env.get("A2A_CONFORM_API_KEY")
        self.oauth = (env.get("A2A_CONFORM_OAUTH_CLIENT_ID"), env.get("A2A_CONFORM_OAUTH_CLIENT_SECRET"))
        self.issuer = env.get("A2A_CONFORM_OAUTH_TOKEN_URL")  # where the secret was issued, when the grant says
        self.opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=self.tls))

    def http(self, url, stop_at, body=None, headers=None, form=None, opener=None):
        """One request; returns (status, headers, parsed JSON body or None)."""
        remaining = stop_at - time.monotonic()
        if remaining <= 0:
            raise Failure("deadline", "out of time before " + url)
        data = None if body is None else json.dumps(body).encode()
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
        req = urllib.request.Request(url, data=data, headers=headers or {})
        try:
            with (opener or self.opener).open(req, timeout=remaining) as resp:
                return resp.status, resp.headers, json.load(resp)
        except urllib.error.HTTPError as e:
            if e.code == 304 or 300 <= e.code < 400:
                return e.code, e.headers, None
            failure = Failure("peer-error", "%s answered HTTP %d" % (url, e.code))
            failure.challenge = e.headers.get("WWW-Authenticate", "") if e.code == 401 else ""
            raise failure
        except urllib.error.URLError as e:
            if isinstance(e.reason, TimeoutError):
                raise Failure("deadline", "no answer from %s in time" % url)
            raise Failure("transport-error", "%s: %s" % (url, e.reason))
        except TimeoutError:
            raise Failure("deadline", "no answer from %s in time" % url)
        except OSError as e:
            raise Failure("transport-error", "%s: %s" % (url, e))

    def fetch_card(self, card_url, stop_at, held=None):
        """The card, conditionally on held's validators: held itself on a 304."""
        headers = {"Accept": "application/json"}
        if held and held["etag"]:
            headers["If-None-Match"] = held["etag"]
        elif held and held["last_modified"]:
            headers["If-Modified-Since"] = held["last_modified"]
        url = card_url
        for _ in range(MAX_REDIRECTS + 1):
            status, resp_headers, body = self.http(url, stop_at, headers=headers)
            if status == 304 and held:
                return held
            if 300 <= status < 400:
                target = urllib.parse.urljoin(url, resp_headers.get("Location", ""))
                if origin(target) != origin(card_url):
                    raise Failure("untrusted-endpoint", "the card URL redirects to another origin", "aborted")
                url = target
                continue
            if not isinstance(body, dict) or not body.get("name") or not body.get("supportedInterfaces"):
                # An error page or a notice is no card: not a contract change.
                raise Failure("peer-error", "the answer is not an agent card")
            return {"card": body, "url": url, "etag": resp_headers.get("ETag"),
                    "last_modified": resp_headers.get("Last-Modified")}
        raise Failure("peer-error", "too many redirects")

    def plan(self, held, skill, stop_at):
        """Routing and credentials, decided on the card: (url, tenant, headers, opener)."""
        card = held["card"]
        jsonrpc = [i for i in card.get("supportedInterfaces") or [] if i.get("protocolBinding") == "JSONRPC"]
        if not jsonrpc:
            raise Failure("binding-unsupported", "no JSON-RPC interface", "aborted")
        spoken = [i for i in jsonrpc if speaks_10(i.get("protocolVersion"))]
        if not spoken:
            raise Failure("version-unsupported", "no JSON-RPC interface of protocol 1.0", "aborted")
        own = [i for i in spoken if origin(i.get("url", "")) == origin(held["url"])]
        if not own:
            raise Failure("untrusted-endpoint", "no JSON-RPC interface on the card's origin", "aborted")
        for ext in (card.get("capabilities") or {}).get("extensions") or []:
            if ext.get("required"):
                raise Failure("extension-unsupported", "the card requires " + str(ext.get("uri")), "aborted")
        iface = own[0]
        url, headers = without_dot_segments(iface["url"]), {"Content-Type": "application/json", "A2A-Version": "1.0"}
        query, cookies, cert = self.credentials(held, skill, headers, stop_at)
        if query:
            url += ("&" if urllib.parse.urlsplit(url).query else "?") + urllib.parse.urlencode(query)
        if cookies:
            headers["Cookie"] = "; ".join("%s=%s" % kv for kv in cookies.items())
        return url, iface.get("tenant") or "", headers, self.cert_opener if cert else self.opener

    def credentials(self, held, skill, headers, stop_at):
        """Satisfies the first alternative of the skill's effective requirement this client can."""
        card = held["card"]
        reqs = card.get("securityRequirements") or []
        for s in card.get("skills") or []:
            if s.get("id") == skill and s.get("securityRequirements") is not None:
                reqs = s["securityRequirements"]
        if not reqs:
            return {}, {}, False
        for alt in reqs:
            add, query, cookies, cert = {}, {}, {}, False
            for name, scopes in (alt.get("schemes") or {}).items():
                scheme = (card.get("securitySchemes") or {}).get(name) or {}
                http_auth, api = scheme.get("httpAuthSecurityScheme"), scheme.get("apiKeySecurityScheme")
                flow = ((scheme.get("oauth2SecurityScheme") or {}).get("flows") or {}).get("clientCredentials")
                if scheme.get("mtlsSecurityScheme") is not None and self.cert_opener:
                    cert = True
                elif http_auth and str(http_auth.get("scheme", "")).lower() == "bearer" and self.bearer:
                    add["Authorization"] = "Bearer " + self.bearer
                elif api and self.api_key and api.get("location") in ("header", "query", "cookie"):
                    {"header": add, "query": query, "cookie": cookies}[api["location"]][api["name"]] = self.api_key
                elif flow and all(self.oauth) and origin(flow.get("tokenUrl", "")) == origin(self.issuer or held["url"]):
                    add["Authorization"] = "Bearer " + self.token(flow["tokenUrl"], scopes, stop_at)
                else:
                    break
            else:
                headers.update(add)
                return query, cookies, cert
        raise Failure("auth-unavailable", "no alternative of the security requirement is held", "aborted")

    def token(self, token_url, scopes, stop_at):
        """An OAuth 2.0 client-credentials access token, fetched for this task's scopes."""
        scopes = scopes.get("list", []) if isinstance(scopes, dict) else scopes or []
        form = {"grant_type": "client_credentials", "client_id": self.oauth[0], "client_secret": self.oauth[1]}
        if scopes:
            form["scope"] = " ".join(scopes)
        _, _, answer = self.http(token_url, stop_at, headers={"Content-Type": "application/x-www-form-urlencoded"}, form=form)
        if not isinstance(answer, dict) or not answer.get("access_token"):
            raise Failure("auth-unavailable", "the token endpoint gave no access token", "aborted")
        return answer["access_token"]

    def run(self, card_url, skill, message, stop_at):
        """Delegates one task; returns its outcome object."""
        task_id = ""
        try:
            held = self.fetch_card(card_url, stop_at)
            endpoint, tenant, headers, opener = self.plan(held, skill, stop_at)
            if held["etag"] or held["last_modified"]:  # rule 2: revalidate right before the send
                fresh = self.fetch_card(card_url, stop_at, held)
                if contract(fresh["card"], skill) != contract(held["card"], skill):
                    raise Failure("contract-changed", "the card's contract changed before the send", "aborted")
            ids = itertools.count(1)
            route = {"headers": headers, "opener": opener, "renewed": False}

            def call(method, params):
                if tenant:
                    params = dict(params, tenant=tenant)

                def post():
                    return self.http(endpoint, stop_at, {"jsonrpc": "2.0", "id": next(ids), "method": method,
                                                         "params": params}, route["headers"], opener=route["opener"])
                try:
                    _, _, answer = post()
                except Failure as e:
                    # A token refused as invalid (expired or revoked): a new
                    # one, once, and the same request again; never the
                    # refused token.
                    if route["renewed"] or "invalid_token" not in getattr(e, "challenge", ""):
                        raise
                    route["renewed"] = True
                    _, _, route["headers"], route["opener"] = self.plan(held, skill, stop_at)
                    _, _, answer = post()
                if "error" in answer:
                    raise Failure("peer-error", "%s: %s" % (method, answer["error"].get("message")))
                return answer["result"]

            sent = call("SendMessage", {
                "message": {"messageId": str(uuid.uuid4()), "role": "ROLE_USER", "parts": [{"text": message}]},
                "configuration": {"returnImmediately": True},
            })
            task = sent.get("task")
            if task is None:
                return {"outcome": "completed", "detail": "the agent answered with a message"}
            task_id = task["id"]
            while task["status"]["state"] not in SETTLED:
                time.sleep(min(POLL, max(stop_at - time.monotonic(), 0)))
                task = call("GetTask", {"id": task_id})
            outcome, reason = SETTLED[task["status"]["state"]]
            done = {"outcome": outcome, "taskId": task_id, "detail": task["status"]["state"]}
            return dict(done, reason=reason) if reason else done
        except Failure as f:
            return {"outcome": f.outcome, "reason": f.reason, "taskId": task_id, "detail": str(f)}
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            return {"outcome": "failed", "reason": "peer-error", "taskId": task_id, "detail": "unexpected answer: %r" % e}


def stop_at(started, deadline_ms):
    deadline = int(deadline_ms) / 1000
    return started + max(deadline - MARGIN, deadline / 2)


def main():
    env = os.environ
    client = Client(env)
    if env.get("A2A_CONFORM_SESSION") == "1":
        for line in sys.stdin:  # one task line at a time, answered before the next
            if not line.strip():
                continue
            received = time.monotonic()  # the task's deadline runs from here
            t = json.loads(line)
            outcome = client.run(t["cardUrl"], t["skill"], t["message"], stop_at(received, t["deadlineMs"]))
            print(json.dumps({"task": t["task"], **outcome}), flush=True)
            print("task %d: %s" % (t["task"], outcome["outcome"]), file=sys.stderr)
        return
    started = time.monotonic()  # one-shot: the deadline runs from the start
    outcome = client.run(env["A2A_CONFORM_CARD_URL"], env["A2A_CONFORM_SKILL"], env["A2A_CONFORM_MESSAGE"],
                         stop_at(started, env["A2A_CONFORM_DEADLINE_MS"]))
    with open(env["A2A_CONFORM_OUTCOME_FILE"], "w") as f:
        json.dump(outcome, f)


if __name__ == "__main__":
    main()
