#!/bin/sh
# samples/demo.sh - what `make demo` shows: the front end at work on the sample programs.
#
# Checks every samples/*.q with `qpipe check` (parse, resolve names and imports), one line
# per file, then prints the syntax tree of hello.q. The qpipe binary is $QPIPE, by default
# build/qpipe. Exits non-zero when a sample fails its check.

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

echo
echo "\$ $QPIPE parse --dump samples/hello.q"
"$QPIPE" parse --dump samples/hello.q || status=1
exit $status
