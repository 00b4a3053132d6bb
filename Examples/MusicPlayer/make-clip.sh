#!/usr/bin/env bash
# Regenerates play-song.flac, the recording the example hears: flite's slt
# voice saying "play yellow submarine", 0.5 s of silence before and after,
# 16 kHz mono 16-bit FLAC. Needs flite and sox (apt-get install flite sox).
# Every run makes the same file.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
flite -voice slt -t "play yellow submarine" -o "$work/said.wav"
sox -R "$work/said.wav" -r 16000 -c 1 -b 16 "$work/trimmed.wav" silence 1 0.01 -50d reverse silence 1 0.01 -50d reverse
sox -R "$work/trimmed.wav" "$here/play-song.flac" pad 0.5 0.5
