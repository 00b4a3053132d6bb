#!/usr/bin/env bash
# Regenerates the speech fixtures of SpeechFrontTests from text, with
# espeak-ng and flite voices and sox: 16 kHz mono FLAC, some at other
# speeds, some with noise mixed in. Run from anywhere; needs
# espeak-ng, flite and sox (apt-get install espeak-ng flite sox).
#
# Each line of clips.tsv: file name, voice, speed (espeak words per minute or
# flite duration stretch), noise (none, or pink/brown and an SNR in dB), the
# words. Voices: espeak:<name> or flite:<name>.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/clips"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

while IFS=$'\t' read -r name voice speed noise text; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  raw="$work/$name.wav"
  case "$voice" in
    espeak:*) espeak-ng -v "${voice#espeak:}" -s "$speed" -w "$raw" "$text" ;;
    flite:*) flite -voice "${voice#flite:}" --setf duration_stretch="$speed" -t "$text" -o "$raw" ;;
    *) echo "unknown voice $voice" >&2; exit 1 ;;
  esac
  # Half a second of room noise around the speech, as a microphone hears it.
  sox -R "$raw" -r 16000 -c 1 -b 16 "$work/$name.16k.wav" pad 0.5 0.5
  if [[ "$noise" == none ]]; then
    sox -R "$work/$name.16k.wav" "$work/$name.final.wav" dither -s
  else
    color=${noise%:*}; snr=${noise#*:}
    length=$(soxi -D "$work/$name.16k.wav")
    speech_rms=$(sox -R "$work/$name.16k.wav" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}')
    # Noise scaled so speech RMS / noise RMS is the SNR.
    noise_rms=$(python3 -c "print($speech_rms / 10 ** ($snr / 20))")
    sox -R -n -r 16000 -c 1 -b 16 "$work/$name.noise.wav" synth "$length" "${color}noise" vol 1
    unit_rms=$(sox -R "$work/$name.noise.wav" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}')
    gain=$(python3 -c "print($noise_rms / $unit_rms)")
    sox -R -m "$work/$name.16k.wav" -v "$gain" "$work/$name.noise.wav" "$work/$name.final.wav"
  fi
  sox -R "$work/$name.final.wav" "$out/$name.flac"
done < "$here/clips.tsv"

# Two commands in one recording, two seconds apart (with a dither noise floor:
# perfectly silent audio upsets the decoder's normalisation).
sox -R "$out/timer-cancel-kal.flac" -p pad 0 2 | sox -R - "$out/device-on-slt.flac" "$out/two-commands.flac" dither -s

# A command and three short answers in one espeak-ng voice, two seconds
# apart: after the first, RNNoise's output hid them from the endpointer.
parts=()
for text in "send a message to alex" "the second one" "running late" "yes"; do
  espeak-ng -v en-us -s 160 -w "$work/answer-${#parts[@]}.wav" "$text"
  sox -R "$work/answer-${#parts[@]}.wav" -r 16000 -c 1 -b 16 "$work/answer-${#parts[@]}.16k.wav" pad 0.5 1.5
  parts+=("$work/answer-${#parts[@]}.16k.wav")
done
sox -R "${parts[@]}" "$out/espeak-answers.flac" dither -s

# Sounds that are not speech: room noise, and a few bars of synthesised music.
sox -R -n -r 16000 -c 1 -b 16 "$out/noise-only.flac" synth 3 pinknoise vol 0.3
sox -R -n -r 16000 -c 1 -b 16 "$work/music.wav" synth 0.5 pluck C4 synth 0.5 pluck E4 : synth 0.5 pluck G4 : synth 0.5 pluck C5 : synth 0.5 pluck A4 : synth 1 pluck F4
sox -R "$work/music.wav" "$out/music.flac" repeat 1 dither -s
echo "wrote $(ls "$out" | wc -l) clips to $out"
