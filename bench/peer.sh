# bench/peer.sh — sourced by the wrk scripts (wrk.sh, soak.sh): starts
# `a2a-conform peer --scenario version-skew --http` from $OUT/a2a-conform,
# creates one task on it, and writes the wrk scripts that revalidate its
# card (card304.lua) and poll that task (gettask.lua). Reads OUT; sets
# peer_pid, card_url, token, peer_origin, task and etag. The caller kills
# peer_pid when it is done.

# wait_for FILE PATTERN: the first line of FILE matching PATTERN, within 20 s.
wait_for() {
  for _ in $(seq 200); do
    if line=$(grep -m1 -E "$2" "$1" 2>/dev/null); then echo "$line"; return 0; fi
    sleep 0.1
  done
  echo "$0: no line matching '$2' in $1:" >&2; cat "$1" >&2; return 1
}

"$OUT/a2a-conform" peer --scenario version-skew --http --addr 127.0.0.1:0 >"$OUT/peer.log" 2>&1 &
peer_pid=$!
card_url=$(wait_for "$OUT/peer.log" 'client card URL:' | awk '{print $NF}')
token=$(wait_for "$OUT/peer.log" 'A2A_CONFORM_BEARER_TOKEN=' | cut -d= -f2)
peer_origin=${card_url%/.well-known/agent-card.json}
task=$(curl -sf "$peer_origin/a2a/jsonrpc" -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' \
  -H "Authorization: Bearer $token" \
  -d '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"bench-1","role":"ROLE_USER","parts":[{"text":"Summarize the attached document."}]}}}' |
  sed -E 's/.*"task":\{"id":"([^"]+)".*/\1/')
etag=$(curl -sfI "$card_url" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag"{print $2}')

cat >"$OUT/card304.lua" <<LUA
wrk.headers["If-None-Match"] = '$etag'
LUA
cat >"$OUT/gettask.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"$task"}}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["A2A-Version"] = "1.0"
wrk.headers["Authorization"] = "Bearer $token"
LUA
