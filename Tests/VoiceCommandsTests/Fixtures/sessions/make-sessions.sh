#!/usr/bin/env bash
# Regenerates the session fixtures of the `voicecmd listen` tests: streams of
# speech with pauses between the utterances, each utterance a voice command or
# an answer, as a microphone would hear a user talking to the engine.
# Run from anywhere; writes next to itself. Needs espeak-ng, flite, sox and
# python3 (apt-get install espeak-ng flite sox; python3 needs only its
# standard library). Every run makes the same files (sox -R, seeded python).
#
#   conversation.flac         flite slt: "send a message to alex", "the second
#                             one", "running late", "yes"; 2.0 s pauses, 0.5 s
#                             before the first and after the last utterance.
#   conversation.tsv          start time (s) <TAB> text of each utterance above.
#   conversation-cancel.flac  flite slt: "send a message to alex", 2.0 s, "cancel".
#   entity-session.flac       flite rms: "send a message to alex saying hello",
#                             2.0 s, "send a message to robin saying hello"
#                             (robin is a contact that a test adds at run time).
#   applications.flac         flite slt, for the built-in model and Courier
#                             (Models/examples/courier.json) heard together:
#                             "send a message to alex" (both fit: "Which
#                             app?"), "courier", "yes", "in courier send a
#                             message to priya", "yes"; 2.0 s pauses.
#   kitchen-five.flac         five commands in five voices, pauses of 2.0, 2.5,
#                             3.0 and 2.2 s, over a synthetic kitchen background
#                             (extractor fan, running water, fridge hum, dish
#                             clinks) at 18 dB SNR from 1 s before the first
#                             command to 1 s after the last.
#   kitchen-five.tsv          start time (s) <TAB> text of each command above.
#   microphone.flac           flite slt: "start a timer", 2.0 s, "ten minutes"
#                             (the answer to "For how long?"), 2.5 s, "turn
#                             off the kitchen light", 2.5 s, "order a large
#                             cappuccino": three commands, one follow-up, played
#                             into a virtual PulseAudio device by the tests.
#   wake.flac                 flite slt: "hey computer", 1.5 s, "turn on the
#                             kitchen light", 2.5 s, "cancel my timer" (no wake
#                             phrase: not a command), 2.5 s, "hey computer turn
#                             off the kitchen light" (one breath), 2.5 s,
#                             "hey computer", 1.5 s, "start a running workout".
#
# All audio is 16 kHz mono 16-bit FLAC. Speech is synthesised, its leading and
# trailing synthesiser silence cut (below -50 dBFS) so that a pause is the
# gap between the end of one utterance's sound and the start of the next, and
# a start time in a .tsv is where the sound of the utterance begins. Pauses are
# never digital zero: the timeline is built in 32-bit float and dithered
# (dither -s) down to 16 bits, so there is always a noise floor (perfectly
# silent audio upsets the decoder's normalisation).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$here/../../../Fixtures/synthesis.sh"

samples() { soxi -s "$1"; }

# timeline OUT TSV LEAD CLIP TEXT [PAUSE CLIP TEXT]... TAIL: joins the clips
# ($work/CLIP.wav) with pauses of zeros between them (seconds), LEAD before
# the first and TAIL after the last, into $work/OUT.wav (float); writes the
# start time of each clip with its text to TSV, and the speech intervals
# (start end, in samples) to $work/OUT.spans.
timeline() {
  local out=$1 tsv=$2 lead=$3; shift 3
  local parts=() at=0 n i=0 spans="$work/$out.spans"
  : > "$tsv"; : > "$spans"
  gap() {
    local len
    len=$(python3 -c "print(round($1 * $rate))")
    sox -R -r "$rate" -c 1 -n "${float[@]}" "$work/$out.gap$i.wav" trim 0 "${len}s"
    parts+=("$work/$out.gap$i.wav"); at=$((at + len)); i=$((i + 1))
  }
  gap "$lead"
  while (($# > 1)); do
    n=$(samples "$work/$1.wav")
    printf '%s\t%s\n' "$(python3 -c "print(f'{$at / $rate:.3f}')")" "$2" >> "$tsv"
    echo "$at $((at + n))" >> "$spans"
    parts+=("$work/$1.wav"); at=$((at + n)); shift 2
    gap "$1"; shift
  done
  sox -R "${parts[@]}" "$work/$out.wav"
}

# 16-bit FLAC, dithered: the zeros of the pauses become a noise floor.
to_flac() { sox -R "$1" -b 16 "$2" dither -s; }

# 1. A conversation: a command, then the answers to its questions.
speak "$work/c1" flite:slt "send a message to alex"
speak "$work/c2" flite:slt "the second one"
speak "$work/c3" flite:slt "running late"
speak "$work/c4" flite:slt "yes"
timeline conversation "$here/conversation.tsv" 0.5 \
  c1 "send a message to alex" 2.0 c2 "the second one" 2.0 \
  c3 "running late" 2.0 c4 "yes" 0.5
to_flac "$work/conversation.wav" "$here/conversation.flac"

# 1b. Three commands for the microphone, one with a question answered.
speak "$work/m1" flite:slt "start a timer"
speak "$work/m2" flite:slt "ten minutes"
speak "$work/m3" flite:slt "turn off the kitchen light"
speak "$work/m4" flite:slt "order a large cappuccino"
timeline microphone "$work/microphone.tsv" 0.5 \
  m1 "start a timer" 2.0 m2 "ten minutes" 2.5 \
  m3 "turn off the kitchen light" 2.5 m4 "order a large cappuccino" 1.0
to_flac "$work/microphone.wav" "$here/microphone.flac"

# 1c. Commands with and without the wake phrase, one in the same breath.
speak "$work/w1" flite:slt "hey computer"
speak "$work/w2" flite:slt "turn on the kitchen light"
speak "$work/w3" flite:slt "cancel my timer"
speak "$work/w4" flite:slt "hey computer turn off the kitchen light"
speak "$work/w5" flite:slt "start a running workout"
timeline wake "$work/wake.tsv" 0.5 \
  w1 "hey computer" 1.5 w2 "turn on the kitchen light" 2.5 \
  w3 "cancel my timer" 2.5 w4 "hey computer turn off the kitchen light" 2.5 \
  w1 "hey computer" 1.5 w5 "start a running workout" 1.0
to_flac "$work/wake.wav" "$here/wake.flac"

# 2. A command, then cancelling it.
speak "$work/k2" flite:slt "cancel"
timeline conversation-cancel "$work/conversation-cancel.tsv" 0.5 \
  c1 "send a message to alex" 2.0 k2 "cancel" 0.5
to_flac "$work/conversation-cancel.wav" "$here/conversation-cancel.flac"

# 2b. Two applications: the question "Which app?", answered, and a command
# that names its app.
speak "$work/a2" flite:slt "courier"
speak "$work/a3" flite:slt "yes"
speak "$work/a4" flite:slt "in courier send a message to priya"
timeline applications "$work/applications.tsv" 0.5 \
  c1 "send a message to alex" 2.0 a2 "courier" 2.0 a3 "yes" 2.0 \
  a4 "in courier send a message to priya" 2.0 a3 "yes" 0.5
to_flac "$work/applications.wav" "$here/applications.flac"

# 3. The same command with two contacts, the second one added at run time.
speak "$work/e1" flite:rms "send a message to alex saying hello"
speak "$work/e2" flite:rms "send a message to robin saying hello"
timeline entity-session "$work/entity-session.tsv" 0.5 \
  e1 "send a message to alex saying hello" 2.0 \
  e2 "send a message to robin saying hello" 0.5
to_flac "$work/entity-session.wav" "$here/entity-session.flac"

# 4. Five commands in a noisy kitchen. Each command is first brought to the
# same RMS level (-22 dBFS), so each is at the same SNR.
voices=(flite:slt flite:rms flite:awb flite:kal espeak:en-us)
texts=("set a timer for ten minutes" "turn off the kitchen light"
  "order a large latte" "start a running workout" "cancel my timer")
speech_level=0.0794  # -22 dBFS
for i in 0 1 2 3 4; do
  speak "$work/q$i" "${voices[$i]}" "${texts[$i]}"
  sox -R "$work/q$i.wav" "$work/k$i.wav" vol "$(python3 -c "print($speech_level / $(rms "$work/q$i.wav"))")"
done
timeline kitchen-speech "$here/kitchen-five.tsv" 1.0 \
  k0 "${texts[0]}" 2.0 k1 "${texts[1]}" 2.5 k2 "${texts[2]}" 3.0 \
  k3 "${texts[3]}" 2.2 k4 "${texts[4]}" 1.0
length=$(samples "$work/kitchen-speech.wav")

# The kitchen, synthesised (no recordings): an extractor fan, running water
# and a fridge hum (kitchen_noise in Tests/Fixtures/synthesis.sh), and dish
# clinks.
kitchen_noise "$work/bed" "${length}s"

# Dish clinks: decaying inharmonic partials with a base of 2-4 kHz, one at a
# seeded random moment in each pause and three anywhere (perhaps over speech),
# some as a double clink. 16-bit WAV at full scale; mixed in below.
python3 - "$work/clinks.wav" "$length" "$rate" "$work/kitchen-speech.spans" <<'PY'
import array, math, random, sys, wave
path, length, rate, spans_path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
spans = [tuple(map(int, line.split())) for line in open(spans_path)]
random.seed(20240611)
times = []
for (_, end), (start, _) in zip(spans, spans[1:]):  # one inside each pause
    times.append(random.uniform(end + 0.3 * rate, start - 0.5 * rate))
for _ in range(3):  # anywhere, speech or not
    times.append(random.uniform(0.3 * rate, length - 0.5 * rate))
out = [0.0] * length
def clink(at, base, level, tau):
    partials = [(1.0, 1.0), (2.32, 0.5), (4.25, 0.25), (1.51, 0.3)]
    for n in range(int(6 * tau * rate)):
        t = n / rate
        i = int(at) + n
        if i >= length:
            break
        s = sum(a * math.sin(2 * math.pi * base * r * t + r)
                for r, a in partials if base * r < 0.45 * rate)
        out[i] += level * s * math.exp(-t / tau)
for at in sorted(times):
    base = random.uniform(2000, 4000)
    clink(at, base, random.uniform(0.5, 1.0), random.uniform(0.03, 0.07))
    if random.random() < 0.4:  # the cup bounces
        clink(at + random.uniform(0.06, 0.15) * rate, base * random.uniform(0.97, 1.03),
              random.uniform(0.2, 0.5), random.uniform(0.02, 0.05))
top = max(abs(x) for x in out)
pcm = array.array('h', (int(round(x / top * 32000)) for x in out))
if sys.byteorder == 'big':
    pcm.byteswap()  # WAV is little-endian
with wave.open(path, 'wb') as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(rate)
    w.writeframes(pcm.tobytes())
for at in sorted(times):
    print(f"clink at {at / rate:.2f} s", file=sys.stderr)
PY

# Clinks peak at about the speech's RMS level once scaled.
bed_rms=$(rms "$work/bed.wav")
sox -R "$work/clinks.wav" "${float[@]}" "$work/clinks.f.wav"
sox -R -m -v 1 "$work/bed.wav" -v "$(python3 -c "print(8 * $bed_rms)")" "$work/clinks.f.wav" \
  "$work/noise.wav"

# SNR. Speech RMS is measured over the speech only: the five level-matched
# commands joined without their pauses. Noise RMS is measured over the whole
# noise track (clinks included). The noise is scaled so that
# 20 * log10(speech RMS / noise RMS) = 18 dB, then mixed under the timeline.
snr=18
sox -R "$work"/k[0-4].wav "$work/speech-only.wav"
speech_rms=$(rms "$work/speech-only.wav")
noise_gain=$(python3 -c "print($speech_rms / 10 ** ($snr / 20) / $(rms "$work/noise.wav"))")
sox -R "$work/noise.wav" "$work/noise.scaled.wav" vol "$noise_gain"
noise_rms=$(rms "$work/noise.scaled.wav")
sox -R -m -v 1 "$work/kitchen-speech.wav" -v 1 "$work/noise.scaled.wav" "$work/kitchen-five.wav"
if python3 -c "import sys; sys.exit(0 if $(peak "$work/kitchen-five.wav") < 1 else 1)"; then :; else
  echo "kitchen-five.wav clips" >&2; exit 1
fi
to_flac "$work/kitchen-five.wav" "$here/kitchen-five.flac"
echo "kitchen-five: speech RMS $speech_rms, noise RMS $noise_rms, SNR" \
  "$(python3 -c "import math; print(f'{20 * math.log10($speech_rms / $noise_rms):.2f}')") dB"
# A timer asked for, and its length given, in espeak-ng's voice, which
# PocketSphinx's answer grammar hears as "two minutes" and Moonshine as
# "ten minutes": the neural recogniser's whole answer wins. Made as the
# voices benchmark makes its sessions (Benchmarks/voices/make-voices.sh).
speak "$work/t1" espeak:en-us "set a timer"
speak "$work/t2" espeak:en-us "ten minutes"
sox -R "$work/t1.wav" "$work/t1.loud.wav" gain -n -3
sox -R "$work/t2.wav" "$work/t2.loud.wav" gain -n -3
timeline espeak-timer "$work/espeak-timer.tsv" 0.5 t1.loud "set a timer" 2.0 t2.loud "ten minutes" 1.0
# Under it, the voices benchmark's faint pink noise floor (peak -55 dBFS).
with_floor() {
  sox -R -r "$rate" -c 1 -n "${float[@]}" "$work/$1.floor.wav" synth "$(soxi -D "$work/$1.wav")" pinknoise norm -55
  sox -R -m "$work/$1.wav" "$work/$1.floor.wav" "$work/$1.floored.wav"
  to_flac "$work/$1.floored.wav" "$here/$1.flac"
}
with_floor espeak-timer

# The same way, espeak-ng at 130 words a minute: "turn off the kitchen
# light", which the command grammar hears as "turn on" and Moonshine right.
speak "$work/l1" espeak:en-us:130 "turn off the kitchen light"
sox -R "$work/l1.wav" "$work/l1.loud.wav" gain -n -3
timeline espeak-light "$work/espeak-light.tsv" 0.5 l1.loud "turn off the kitchen light" 1.0
with_floor espeak-light

echo "wrote $(ls "$here"/*.flac "$here"/*.tsv | wc -l) files to $here"
