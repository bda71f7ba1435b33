#!/usr/bin/env bash
# The CPU time of each test file of make test, every process it starts included (Voila, kernels, Chromium).
#
#     bash tests/suite_cpu.sh OUT_DIR [JOBS]       # from the checkout's root, as root (cgroup v1 cpuacct)
#
# A script, not a test. Each file runs alone (`pytest FILE -m "not slow"`) in a cpuacct cgroup of its own, JOBS
# files at a time (default 2); OUT_DIR/results.txt gets one line a file: its name, CPU seconds, wall seconds and
# pytest's last line. A browser file alone starts its own server and browser (~8 CPU-s), which make test's workers
# share, so the sum is more than make test's. docs/benchmarks.md "The test suite" has the figures.
set -euo pipefail
out=$(realpath "$1"); jobs=${2:-2}
mkdir -p "$out"
one() {
    local file=$1 out=$2 name cgroup start end
    name=$(echo "$file" | tr / _); cgroup=/sys/fs/cgroup/cpuacct/suite_cpu_$name
    mkdir -p "$cgroup"; start=$(date +%s.%N)
    bash -c "echo \$\$ > $cgroup/cgroup.procs; exec env HYPOTHESIS_PROFILE=ci .venv/bin/python -m pytest $file -q \
        -m 'not slow' -p no:cacheprovider" > "$out/$name.log" 2>&1 || true
    end=$(date +%s.%N)
    python3 -c "print('$file', f'{$(cat "$cgroup/cpuacct.usage")/1e9:.1f}', f'{$end-$start:.1f}', end=' ')" >> "$out/results.txt"
    tail -1 "$out/$name.log" >> "$out/results.txt"
    rmdir "$cgroup"
}
export -f one
find tests -name "test_*.py" | sort | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$out"
awk '{cpu += $2} END {printf "%d files, %.0f CPU-s in all\n", NR, cpu}' "$out/results.txt"
