#!/usr/bin/env python3
"""A minimal a2a-conform driver-contract client in Python 3, standard library only.

It speaks both modes of docs/driver-contract.md:

  one-shot  (the default) one task from the A2A_CONFORM_* variables; the
            outcome object goes to the file A2A_CONFORM_OUTCOME_FILE names.
  session   (A2A_CONFORM_SESSION=1) one JSON task line after another on
            stdin; one outcome line per task on stdout, in order; exit when
            stdin closes.

For each task it fetches the card, picks its first JSON-RPC interface of
protocol 1.0, sends the message with returnImmediately, then polls GetTask
until the task is terminal or interrupted.

This is a protocol example, not a safe client: it never checks that an
endpoint belongs to the card's origin, never verifies a signature, knows
neither oauth2 nor the frozen-contract extension, and follows redirects. It
fails many of the suite's requirements, as it should.

    a2a-conform run --client "python3 docs/examples/session-client.py"
    a2a-conform run --client-mode session --client "python3 docs/examples/session-client.py"
"""

import itertools
import json
import os
import ssl
import sys
import time
import urllib.error
import urllib.request
import uuid

MARGIN = 0.5  # stop this long before the runner's deadline, in seconds
POLL = 0.2  # seconds between two GetTask polls
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


class Client:
    """What every task shares: the TLS setup and the credentials."""

    def __init__(self, env):
        self.tls = ssl.create_default_context(cafile=env.get("A2A_CONFORM_CA_FILE") or None)
        cert, key = env.get("A2A_CONFORM_CLIENT_CERT_FILE"), env.get("A2A_CONFORM_CLIENT_KEY_FILE")
        if cert and key:
            self.tls.load_cert_chain(cert, key)
        self.bearer = env.get("A2A_CONFORM_BEARER_TOKEN")
        self.api_key = env.get("A2A_CONFORM_API_KEY")

    def http(self, url, stop_at, body=None, headers=None):
        remaining = stop_at - time.monotonic()
        if remaining <= 0:
            raise Failure("deadline", "out of time before " + url)
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=remaining, context=self.tls) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            raise Failure("peer-error", "%s answered HTTP %d" % (url, e.code))
        except urllib.error.URLError as e:
            if isinstance(e.reason, TimeoutError):
                raise Failure("deadline", "no answer from %s in time" % url)
            raise Failure("transport-error", "%s: %s" % (url, e.reason))
        except TimeoutError:
            raise Failure("deadline", "no answer from %s in time" % url)
        except OSError as e:
            raise Failure("transport-error", "%s: %s" % (url, e))

    def run(self, card_url, message, stop_at):
        """Delegates one task; returns its outcome object."""
        task_id = ""
        try:
            card = self.http(card_url, stop_at, headers={"Accept": "application/json"})
            jsonrpc = [i for i in card.get("supportedInterfaces", []) if i.get("protocolBinding") == "JSONRPC"]
            if not jsonrpc:
                raise Failure("binding-unsupported", "no JSON-RPC interface", "aborted")
            endpoint = next((i["url"] for i in jsonrpc if i.get("protocolVersion") == "1.0"), None)
            if endpoint is None:
                raise Failure("version-unsupported", "no JSON-RPC interface of protocol 1.0", "aborted")
            headers = {"Content-Type": "application/json", "A2A-Version": "1.0"}
            if self.bearer:
                headers["Authorization"] = "Bearer " + self.bearer
            for scheme in card.get("securitySchemes", {}).values():
                api = scheme.get("apiKeySecurityScheme")
                if self.api_key and api and api.get("location") == "header":
                    headers[api["name"]] = self.api_key
            ids = itertools.count(1)

            def call(method, params):
                answer = self.http(endpoint, stop_at, {"jsonrpc": "2.0", "id": next(ids),
                                                       "method": method, "params": params}, headers)
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
            outcome = client.run(t["cardUrl"], t["message"], stop_at(received, t["deadlineMs"]))
            print(json.dumps({"task": t["task"], **outcome}), flush=True)
            print("task %d: %s" % (t["task"], outcome["outcome"]), file=sys.stderr)
        return
    started = time.monotonic()  # one-shot: the deadline runs from the start
    outcome = client.run(env["A2A_CONFORM_CARD_URL"], env["A2A_CONFORM_MESSAGE"],
                         stop_at(started, env["A2A_CONFORM_DEADLINE_MS"]))
    with open(env["A2A_CONFORM_OUTCOME_FILE"], "w") as f:
        json.dump(outcome, f)


if __name__ == "__main__":
    main()
