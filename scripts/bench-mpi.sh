#!/bin/sh
# bench-mpi.sh AWALE AWALE_MPI OUTDIR SEEDS... - figures of the distributed
# table build (make bench-mpi; docs/tables.md, "Across machines").
#
# For each seed count, abapa from scratch four ways on this machine:
#   one process, 1 thread       awale bench tables --threads 1
#   one process, 2 threads      awale bench tables --threads 2
#   2 MPI ranks                 mpirun -np 2 awale-mpi bench tables
#   4 MPI ranks                 mpirun -np 4 --oversubscribe awale-mpi bench tables
# Each run's whole output is kept in OUTDIR/SEEDS-NAME.log (the commands are
# at the top); a summary follows: wall time, CPU time (all ranks), peak
# memory per rank, and for the largest layers the bytes each rank sent.
# Every run also checks that the files are the same bytes as the first one's.
set -eu
AWALE=$1
AWALE_MPI=$2
OUT=$3
shift 3
mkdir -p "$OUT"
if [ "$(id -u)" -eq 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
MPIRUN="mpirun --oversubscribe --mca mpi_yield_when_idle 1"

run() { # NAME SEEDS COMMAND...
    name=$1
    seeds=$2
    shift 2
    log="$OUT/$seeds-$name.log"
    dir="$OUT/tables-$seeds-$name"
    rm -rf "$dir"
    {
        echo "# $*"
        echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
    } >"$log"
    "$@" --dir "$dir" >>"$log" 2>&1
    if [ "$name" != 1-thread ]; then
        for f in "$OUT/tables-$seeds-1-thread"/abapa/*.awt; do
            cmp -s "$f" "$dir/abapa/$(basename "$f")" ||
                { echo "bench-mpi: $dir/abapa/$(basename "$f") differs from the 1-thread file" >&2; exit 1; }
        done
    fi
    [ "$name" = 1-thread ] || rm -rf "$dir"
    echo "$log"
}

for seeds in "$@"; do
    run 1-thread "$seeds" "$AWALE" bench tables --seeds "$seeds" --threads 1
    run 2-threads "$seeds" "$AWALE" bench tables --seeds "$seeds" --threads 2
    run 2-ranks "$seeds" $MPIRUN -np 2 "$AWALE_MPI" bench tables --seeds "$seeds"
    run 4-ranks "$seeds" $MPIRUN -np 4 "$AWALE_MPI" bench tables --seeds "$seeds"
    rm -rf "$OUT/tables-$seeds-1-thread"
done

echo
echo "seeds  run         wall s    CPU s (all)  peak MB per rank     load before"
for seeds in "$@"; do
    for name in 1-thread 2-threads 2-ranks 4-ranks; do
        log="$OUT/$seeds-$name.log"
        wall=$(sed -n 's/^built in \([0-9.]*\) s wall.*/\1/p' "$log")
        load=$(sed -n 's/^load average before: \([0-9.]*\).*/\1/p' "$log")
        if grep -q "ranks (" "$log"; then
            cpu=$(sed -n 's/.*CPU time of all ranks \([0-9.]*\) s.*/\1/p' "$log")
            mem=$(sed -n 's/.*peak memory per rank \([0-9.]*\.\.[0-9.]*\) MB.*/\1/p' "$log")
        else
            cpu=$(sed -n 's/^built in [0-9.]* s wall, \([0-9.]*\) s CPU.*/\1/p' "$log")
            mem=$(sed -n 's/^peak memory (max RSS): \([0-9.]*\) MB.*/\1/p' "$log")
        fi
        printf '%5s  %-10s %8s %12s  %-18s %s\n' "$seeds" "$name" "$wall" "$cpu" "$mem" "$load"
    done
done
echo
echo "bytes sent per rank, largest layers (MB: mean (least..most) = look-ups + answers, updates, file)"
for seeds in "$@"; do
    for name in 2-ranks 4-ranks; do
        grep '^layer.*ranks,' "$OUT/$seeds-$name.log" | tail -3 | awk -v s="$seeds" -v n="$name" '{
            line = $0
            sub(/:.*/, "", $2)
            match(line, /in [0-9.]+ s/); secs = substr(line, RSTART + 3, RLENGTH - 5)
            match(line, /sent per rank [0-9.]+ MB \(least [0-9.]+, most [0-9.]+\)/)
            split(substr(line, RSTART, RLENGTH), a, /[ ,()]+/)
            match(line, /look-ups [0-9.]+ \+ answers [0-9.]+, updates [0-9.]+, file [0-9.]+; [0-9]+ rounds/)
            split(substr(line, RSTART, RLENGTH), b, /[ ,;+]+/)
            printf "  %s seeds, %s, layer %s: %s (%s..%s) = %s + %s, %s, %s; %s s, %s rounds\n",
                s, n, $2, a[4], a[7], a[9], b[2], b[4], b[6], b[8], secs, b[9]
        }'
    done
done
