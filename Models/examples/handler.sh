#!/bin/sh
# The handler the sample models run for every intent (voicecmd runs it
# directly, never through a shell, with a timeout). The intent and its values
# arrive as VOICECMD_INTENT and VOICECMD_ARG_<NAME> environment variables, and
# the whole request as JSON on standard input. Replace the body with what the
# device should do; print JSON lines to fill the reply's fields
# ({"eta": 5}) or set its code ({"code": "failure"}); exit 0 when it worked.
{ printf 'handled %s' "$VOICECMD_INTENT"; env | grep '^VOICECMD_ARG_' | sort | sed 's/^VOICECMD_ARG_/ /' | tr -d '\n'; echo; } >&2
cat > /dev/null
printf '{"code": "success"}\n'
