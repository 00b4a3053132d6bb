#!/bin/sh
# Runs a command with a private PulseAudio server as its audio system: a
# null sink "virtspk" whose monitor "virtspk.monitor" is the default source,
# so what is played into the sink is what a microphone hears (the recipe of
# ../shared/design/pocketsphinx-notes.md). No system daemon, no hardware.
#   Benchmarks/virtual-microphone.sh .build/release/voicecmd-bench microphone --clip ...
set -eu
dir=$(mktemp -d)
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM
mkdir -p "$dir/run"
cat > "$dir/virtmic.pa" <<PA
load-module module-native-protocol-unix auth-anonymous=1 socket=$dir/native
load-module module-null-sink sink_name=virtspk rate=16000 channels=1
set-default-source virtspk.monitor
set-default-sink virtspk
PA
XDG_RUNTIME_DIR="$dir/run" HOME="$dir" pulseaudio -n -F "$dir/virtmic.pa" --daemonize=no --exit-idle-time=-1 \
  --disable-shm=yes --use-pid-file=no >"$dir/server.log" 2>&1 &
server=$!
export PULSE_SERVER="unix:$dir/native"
tries=0
until pactl info >/dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -gt 200 ]; then echo "the PulseAudio server did not start:" >&2; cat "$dir/server.log" >&2; exit 1; fi
  sleep 0.05
done
"$@"
