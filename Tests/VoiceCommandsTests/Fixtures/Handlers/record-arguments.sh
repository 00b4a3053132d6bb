#!/bin/sh
# Writes each argument, NUL-terminated, to the file named by the first one,
# and stdin (the match as JSON) beside it.
out="$1"; shift
printf '%s\0' "$@" > "$out"
cat > "$out.stdin"
env | grep '^VOICECMD_' | sort > "$out.env"
