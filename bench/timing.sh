# bench/timing.sh — sourced by the scripts that time runs (catalog.sh,
# explore.sh, farm.sh, load.sh, run.sh, stability.sh).

# now_ms prints the wall clock in milliseconds.
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# seconds MS prints MS milliseconds in seconds, for the tables' "total s".
seconds() { awk -v m="$1" 'BEGIN { print m / 1000 }'; }

# stats FILE prints "min median max" of the integers in FILE.
stats() {
  sort -n "$1" | awk '{v[NR]=$1} END {
    m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
    printf "%d %d %d\n", v[1], m, v[NR] }'
}

# load_avg prints the 1, 5 and 15 minute load averages ("?" where there is
# no /proc/loadavg).
load_avg() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }

# machine_line prints the "machine:" line every timed run starts with, so
# that figures are read with the CPUs, the Go and the load they came from.
machine_line() {
  echo "machine: $(nproc) CPUs, $(go env GOOS)/$(go env GOARCH), $(go version | cut -d' ' -f3), load $(load_avg)"
}
