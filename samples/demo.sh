#!/bin/sh
# samples/demo.sh - what `make demo` shows: qpipe running the sample programs.
#
# Checks every samples/*.q with `qpipe check` (parse, resolve names and imports), one line
# per file, then runs each with `qpipe exec` and shows what it prints. The qpipe binary is
# $QPIPE, by default build/qpipe. Exits non-zero when a sample fails.

set -u
cd "$(dirname "$0")/.."
QPIPE=${QPIPE:-build/qpipe}

status=0
for f in samples/*.q; do
    if "$QPIPE" check "$f" >/dev/null; then
        echo "ok    $f"
    else
        echo "FAIL  $f (qpipe check: exit status $?)"
        status=1
    fi
done

for f in samples/*.q; do
    echo
    echo "\$ $QPIPE exec $f"
    "$QPIPE" exec "$f" || status=1
done
exit $status
