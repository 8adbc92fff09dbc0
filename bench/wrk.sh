#!/usr/bin/env bash
# bench/wrk.sh — the peer as the field measures it: wrk over plain HTTP on
# loopback against `a2a-conform peer --scenario version-skew --http`, a bare
# net/http server replaying the peer's exact bytes (bench/cmd/barepeer), and
# WireMock 3.13.2 from npm serving the same bytes when Java is present.
# Every round measures the three servers back to back, so the ratios compare
# figures taken under the same machine load; the median round is printed.
# It measures, it does not judge: the exit status is 0 unless a server fails
# to start or answers an error.
#
#   bench/wrk.sh                 ROUNDS=3 DURATION=5s CONNS=32 by default
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNS=${CONNS:-32}
WIREMOCK_VERSION=3.13.2
OUT=bench/out/wrk
mkdir -p "$OUT"

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing wrk from Debian…"
    apt-get install -y -qq wrk >/dev/null
  else
    echo "bench/wrk.sh: wrk is missing (Debian: apt-get install wrk)" >&2
    exit 2
  fi
fi

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# wait_for FILE PATTERN: the first line of FILE matching PATTERN, within 20 s.
wait_for() {
  for _ in $(seq 200); do
    if line=$(grep -m1 -E "$2" "$1" 2>/dev/null); then echo "$line"; return 0; fi
    sleep 0.1
  done
  echo "bench/wrk.sh: no line matching '$2' in $1:" >&2; cat "$1" >&2; return 1
}

echo "building a2a-conform and barepeer…"
go build -o "$OUT/a2a-conform" ./cmd/a2a-conform
go build -o "$OUT/barepeer" ./bench/cmd/barepeer

"$OUT/a2a-conform" peer --scenario version-skew --http --addr 127.0.0.1:0 >"$OUT/peer.log" 2>&1 &
peer_pid=$!; pids+=("$peer_pid")
card_url=$(wait_for "$OUT/peer.log" 'client card URL:' | awk '{print $NF}')
token=$(wait_for "$OUT/peer.log" 'A2A_CONFORM_BEARER_TOKEN=' | cut -d= -f2)
peer_origin=${card_url%/.well-known/agent-card.json}
task=$(curl -sf "$peer_origin/a2a/jsonrpc" -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' \
  -H "Authorization: Bearer $token" \
  -d '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"bench-1","role":"ROLE_USER","parts":[{"text":"Summarize the attached document."}]}}}' |
  sed -E 's/.*"task":\{"id":"([^"]+)".*/\1/')

"$OUT/barepeer" -peer "$peer_origin" -token "$token" -task "$task" -wiremock "$OUT/wiremock-root" >"$OUT/bare.log" 2>&1 &
bare_pid=$!; pids+=("$bare_pid")
bare_origin=$(wait_for "$OUT/bare.log" '^listening ' | awk '{print $2}')
etag=$(curl -sfI "$peer_origin/.well-known/agent-card.json" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag"{print $2}')

# name|origin|pid: the pid's CPU time per request is measured too, which the
# machine's load disturbs less than the rate.
servers=("bare|$bare_origin|$bare_pid" "peer|$peer_origin|$peer_pid")
if command -v java >/dev/null; then
  jar="$OUT/wiremock-$WIREMOCK_VERSION/package/build/wiremock-standalone-$WIREMOCK_VERSION.jar"
  if [ ! -f "$jar" ]; then
    echo "fetching wiremock@$WIREMOCK_VERSION from npm…"
    mkdir -p "$OUT/wiremock-$WIREMOCK_VERSION"
    (cd "$OUT/wiremock-$WIREMOCK_VERSION" && npm pack --silent "wiremock@$WIREMOCK_VERSION" >/dev/null && tar xzf "wiremock-$WIREMOCK_VERSION.tgz")
  fi
  wm_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  java -jar "$jar" --port "$wm_port" --bind-address 127.0.0.1 --root-dir "$OUT/wiremock-root" --disable-banner \
    >"$OUT/wiremock.log" 2>&1 &
  wm_pid=$!; pids+=("$wm_pid")
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$wm_port/__admin/health" >/dev/null 2>&1 && break; sleep 0.1; done
  servers=("bare|$bare_origin|$bare_pid" "wiremock|http://127.0.0.1:$wm_port|$wm_pid" "peer|$peer_origin|$peer_pid")
else
  echo "no java: WireMock is left out"
fi

cat >"$OUT/card304.lua" <<EOF
wrk.headers["If-None-Match"] = '$etag'
EOF
cat >"$OUT/gettask.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"$task"}}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["A2A-Version"] = "1.0"
wrk.headers["Authorization"] = "Bearer $token"
EOF

# cpu_ticks PID: user+system CPU time of PID, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
TICK_US=$((1000000 / $(getconf CLK_TCK)))

# measure ORIGIN CASE DURATION [PID]: "RPS CPU_US_PER_REQUEST", or exit on any error answer.
measure() {
  local path=/.well-known/agent-card.json script=()
  case "$2" in
    card304) script=(-s "$OUT/card304.lua") ;;
    gettask) path=/a2a/jsonrpc; script=(-s "$OUT/gettask.lua") ;;
  esac
  local out before after
  before=$(cpu_ticks "$4")
  out=$(wrk -t1 -c"$CONNS" -d"$3" "${script[@]}" "$1$path")
  after=$(cpu_ticks "$4")
  if grep -q 'Non-2xx or 3xx' <<<"$out"; then
    echo "bench/wrk.sh: $1$path ($2) answered errors:" >&2; echo "$out" >&2; exit 1
  fi
  awk -v ticks=$((after - before)) -v tick="$TICK_US" '
    /requests in/ { n = $1 } /Requests\/sec/ { rps = $2 }
    END { printf "%.0f %.1f\n", rps, ticks * tick / n }' <<<"$out"
}

rss() { awk '/^(VmRSS|VmHWM)/{printf "%s %d MB  ", $1, $2/1024}' "/proc/$peer_pid/status"; }

echo "machine: $(nproc) CPUs, $(go version | cut -d' ' -f3), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t1 -c$CONNS -d$DURATION, $ROUNDS rounds; peer before: $(rss)"
cases=(card200 card304 gettask)
# The JVM compiles WireMock's hot paths only after many requests: measured
# cold it costs ten times the CPU per request it settles at.
echo "warming up (connection pools; WireMock's JIT for ${WIREMOCK_WARMUP:-15s} per case)…"
for s in "${servers[@]}"; do
  IFS='|' read -r name origin pid <<<"$s"
  warm=2s
  [ "$name" = wiremock ] && warm=${WIREMOCK_WARMUP:-15s}
  for c in "${cases[@]}"; do measure "$origin" "$c" "$warm" "$pid" >/dev/null; done
done
results="$OUT/results.txt"
: >"$results"
for round in $(seq "$ROUNDS"); do
  for c in "${cases[@]}"; do
    for s in "${servers[@]}"; do
      IFS='|' read -r name origin pid <<<"$s"
      read -r rps cpu < <(measure "$origin" "$c" "$DURATION" "$pid")
      echo "$round $c $name $rps $cpu" >>"$results"
      echo "  round $round  $c  $name  $rps rps  $cpu µs CPU/request"
    done
  done
done
echo "peer after: $(rss)"

# The median round per case, by the peer/bare ratio, decides.
awk -v targets="card200=0:card304=0.9:gettask=0.7" '
  { rps[$1, $2, $3] = $4; cpu[$1, $2, $3] = $5; rounds[$1] = 1; cases[$2] = 1; servers[$3] = 1 }
  END {
    n = split(targets, t, ":"); for (i = 1; i <= n; i++) { split(t[i], kv, "="); target[kv[1]] = kv[2] }
    printf "\n%-8s %12s %12s %12s %10s %14s %8s %18s\n", "case", "bare rps", "wiremock rps", "peer rps", "peer/bare", "peer/wiremock", "target", "CPU µs bare/peer"
    split("card200 card304 gettask", order, " ")
    for (o = 1; o <= 3; o++) {
      c = order[o]; m = 0
      for (r in rounds) { ratio[++m] = rps[r, c, "peer"] / rps[r, c, "bare"]; round[m] = r }
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (ratio[j] < ratio[i]) {
        x = ratio[i]; ratio[i] = ratio[j]; ratio[j] = x; x = round[i]; round[i] = round[j]; round[j] = x }
      r = round[int((m + 1) / 2)]
      wm = ("wiremock" in servers) ? sprintf("%12d", rps[r, c, "wiremock"]) : sprintf("%12s", "-")
      vs = ("wiremock" in servers) ? sprintf("%14.2f", rps[r, c, "peer"] / rps[r, c, "wiremock"]) : sprintf("%14s", "-")
      tg = target[c] > 0 ? sprintf("≥ %.1f", target[c]) : "-"
      printf "%-8s %12d %s %12d %10.2f %s %8s %9.1f/%-8.1f\n", c, rps[r, c, "bare"], wm, rps[r, c, "peer"], rps[r, c, "peer"] / rps[r, c, "bare"], vs, tg, cpu[r, c, "bare"], cpu[r, c, "peer"]
    }
  }' "$results"
