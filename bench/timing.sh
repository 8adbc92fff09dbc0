# bench/timing.sh — sourced by the scripts that time runs (catalog.sh,
# explore.sh, farm.sh, load.sh, stability.sh).

# now_ms prints the wall clock in milliseconds.
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# stats FILE prints "min median max" of the integers in FILE.
stats() {
  sort -n "$1" | awk '{v[NR]=$1} END {
    m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
    printf "%d %d %d\n", v[1], m, v[NR] }'
}
