#!/usr/bin/env bash
# Makes the denoising fixtures of SpeechFrontTests: a voice command over a
# loud synthetic kitchen background, so loud that voicecmd mishears it
# without noise suppression and hears it right with RNNoise (--denoise on,
# and --denoise auto, which denoises it because its estimated SNR is low).
# Run from anywhere; writes into clips/ next to itself. Needs espeak-ng, flite,
# sox and python3 (standard library only). Every run makes the same files
# (sox -R: sox's random noise always starts from the same seed).
#
#   make-denoise-fixtures.sh                 writes the clips listed below
#   make-denoise-fixtures.sh OUT VOICE NOISE SNR TEXT
#                                            one clip with other settings
#                                            (VOICE espeak:<name> or
#                                            flite:<name>; NOISE fan, water
#                                            or kitchen; SNR in dB)
#
# CLIPS (both over the steady kitchen background; chosen by trying 20 commands
# in up to five voices at 0-8 dB):
#
#   kitchen-noisy-rms.flac  flite rms, "set a timer for fifteen minutes",
#                           4 dB SNR. Expected: SetTimer, duration 900.
#     --denoise off  "set timer for six minutes": SetTimer, duration 360
#                    (the wrong argument)
#     --denoise on   "set a timer for fifteen minutes": SetTimer, duration
#                    900; --denoise auto the same
#     The same at 0-8 dB in 1 dB steps and at 3.5 and 4.5 dB (off heard six,
#     or at 7-8 dB sixteen, minutes), and at 3-5 dB with four other stretches
#     of the same noise.
#
#   kitchen-noisy-slt.flac  flite slt, "turn on the kitchen light", 2 dB SNR.
#                           Expected: ChangeDeviceState, device
#                           kitchen-light, state true.
#     --denoise off  "send mum a text": SendMessage, recipient mom (the
#                    wrong command)
#     --denoise on   "turn on the kitchen light": ChangeDeviceState,
#                    kitchen-light, true; --denoise auto the same
#     The same at 0-4 dB in 1 dB steps and at 1.5 and 2.5 dB (off heard "send
#     mum (mom) a text"), and at 1-3 dB with four other stretches of the noise;
#     from 5 dB off hears the command right.
#
#   Heard by voicecmd's release build on 2026-12-01 with the built-in model and
#   the RNNoise of scripts/install-rnnoise, one clip per process: in one
#   process the decoder carries its cepstral mean from one file into the next,
#   so --denoise off on the second of several files may hear it differently.
#
# Each clip: the command's speech (synthesiser silence trimmed, below
# -50 dBFS), 1.0 s of background before it and 0.7 s after, 16 kHz mono
# 16-bit FLAC. The SNR is 20 log10(speech RMS / noise RMS), the speech RMS
# measured over the trimmed speech alone, the noise RMS over the whole noise
# track.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/clips"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lead=1.0 tail=0.7
source "$here/../../Fixtures/synthesis.sh"

# background OUT KIND SECONDS: OUT.wav, float, synthesised (no recordings):
# the fan, the water, or the whole kitchen (kitchen_noise in
# Tests/Fixtures/synthesis.sh; no clinks: steady noise is what RNNoise takes
# away).
background() {
  local name=$1 kind=$2 len=$3
  kitchen_noise "$name.kitchen" "$len"
  case "$kind" in
    fan) cp "$name.kitchen.fan.wav" "$name.wav" ;;
    water) cp "$name.kitchen.water.wav" "$name.wav" ;;
    kitchen) cp "$name.kitchen.wav" "$name.wav" ;;
    *) echo "unknown noise $kind" >&2; exit 1 ;;
  esac
}

# make_clip OUT.flac VOICE NOISE SNR TEXT
make_clip() {
  local dest=$1 voice=$2 noise=$3 snr=$4 text=$5 base
  base="$work/$(basename "$dest" .flac)"
  speak "$base.speech" "$voice" "$text"
  # Speech at -22 dBFS RMS, then padded with zeros where only noise is heard.
  sox -R "$base.speech.wav" "$base.level.wav" \
    vol "$(python3 -c "print(0.0794 / $(rms "$base.speech.wav"))")"
  sox -R "$base.level.wav" "$base.padded.wav" pad "$lead" "$tail"
  background "$base.noise" "$noise" "$(soxi -s "$base.padded.wav")s"
  local speech_rms gain
  speech_rms=$(rms "$base.level.wav")
  gain=$(python3 -c "print($speech_rms / 10 ** ($snr / 20) / $(rms "$base.noise.wav"))")
  sox -R "$base.noise.wav" "$base.noise.scaled.wav" vol "$gain"
  sox -R -m -v 1 "$base.padded.wav" -v 1 "$base.noise.scaled.wav" "$base.mix.wav"
  if ! python3 -c "import sys; sys.exit(0 if $(peak "$base.mix.wav") < 1 else 1)"; then
    echo "$dest clips" >&2; exit 1
  fi
  sox -R "$base.mix.wav" -b 16 "$dest" dither -s
  echo "$(basename "$dest"): $voice, $noise at $snr dB, \"$text\"" \
    "(SNR $(python3 -c "import math; print(f'{20 * math.log10($speech_rms / $(rms "$base.noise.scaled.wav")):.2f}')") dB)" >&2
}

if (($# > 0)); then
  (($# == 5)) || { echo "usage: $0 [OUT VOICE NOISE SNR TEXT]" >&2; exit 2; }
  make_clip "$@"
  exit 0
fi

mkdir -p "$out"
make_clip "$out/kitchen-noisy-rms.flac" flite:rms kitchen 4 "set a timer for fifteen minutes"
make_clip "$out/kitchen-noisy-slt.flac" flite:slt kitchen 2 "turn on the kitchen light"
echo "wrote kitchen-noisy-rms.flac and kitchen-noisy-slt.flac to $out"
