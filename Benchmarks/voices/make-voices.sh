#!/usr/bin/env bash
# make-voices.sh OUTDIR: spoken sessions with the built-in model
# (Models/default.json) in ten synthetic voices, for `voicecmd-bench voices`.
#
# A session is a command followed by its answers to the follow-up questions
# the built-in model asks ("set a timer", "ten minutes"), as a user talking to
# the engine would say them: 0.5 s before the first utterance, 2.0 s between
# utterances, 1.0 s after the last. Twenty sessions cover the model: commands
# with no question, a value asked for, a contact chosen by "the second one"
# and by name, confirmations answered yes and no, and a cancel.
#
# Voices: espeak-ng en-us, en-us+m3, en-us+f3, en-gb (default speed, 175
# words a minute), en-us at 130 and at 180; flite slt, rms, awb, kal
# (Debian's flite has them built in; kal speaks at 8 kHz and is resampled).
#
# Writes OUTDIR/<voice>/<session>.wav (16 kHz mono 16-bit) and, last,
# OUTDIR/sessions.tsv, the manifest (tab-separated, one header row):
#   voice       the voice's id (espeak-en-us-130, flite-slt …)
#   session     the session's id (timer-ask …), the same in every voice
#   file        the recording, relative to OUTDIR
#   utterances  what is said, in order, " | " between utterances
#   times       where each utterance's sound is, in seconds ("0.500-1.874"), " | " between
#   intent      the intent the session is about
#   arguments   what it ends with, as compact JSON with sorted keys (text as
#               lower-case words): the values it is carried out with when it
#               is (those its handler is given, defaults included), else
#               (canceled, sign-in required) the command's arguments as heard
#   reply       the code of the final reply (success, canceled, requiresAuthentication)
#   reply_text  the final reply's text
# The expected outcomes are those of the same texts typed through
# `voicecmd run --json` (answers on stdin); the benchmark checks this again
# before listening.
#
# Speech only: each utterance is synthesised, its synthesiser silence cut
# (below -50 dBFS) and peak-normalised to -3 dBFS; the pauses are not digital
# silence but a faint pink noise floor (peak -55 dBFS, about -67 dBFS RMS)
# under the whole session, dithered to 16 bits (PocketSphinx's normalisation
# is upset by perfect silence). Noise at a signal-to-noise ratio is mixed in
# by the benchmark (--noise FILE --snr DB), not here.
#
# Deterministic (sox -R, no randomness) and idempotent: every run writes the
# same bytes; the manifest is written last, so its presence means the
# recordings are complete. Needs espeak-ng, flite and sox.
set -euo pipefail
if (($# != 1)); then
  echo "usage: $0 OUTDIR" >&2
  exit 64
fi
out=$1
for tool in espeak-ng flite sox soxi; do
  command -v "$tool" > /dev/null || { echo "$0: $tool is missing (apt-get install espeak-ng flite sox)" >&2; exit 1; }
done
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rate=16000
float=(-r "$rate" -c 1 -e floating-point -b 32)
lead=0.5 pause=2.0 tail=1.0

voices=(
  espeak-en-us=espeak:en-us
  espeak-en-us-m3=espeak:en-us+m3
  espeak-en-us-f3=espeak:en-us+f3
  espeak-en-gb=espeak:en-gb
  espeak-en-us-130=espeak:en-us:130
  espeak-en-us-180=espeak:en-us:180
  flite-slt=flite:slt
  flite-rms=flite:rms
  flite-awb=flite:awb
  flite-kal=flite:kal
)

# id <TAB> intent <TAB> arguments <TAB> reply <TAB> reply text <TAB> utterance…
sessions=$(cat <<'EOF'
light-off	ChangeDeviceState	{"device":"kitchen-light","state":false}	success	Okay, done.	turn off the kitchen light
fan-on	ChangeDeviceState	{"device":"fan","state":true}	success	Okay, done.	switch on the ceiling fan
timer-five	SetTimer	{"duration":300}	success	Your five minute timer is set.	set a timer for five minutes
timer-cancel	CancelTimer	{}	success	Okay, the timer is canceled.	cancel my timer
workout-run	StartWorkout	{"workout":"run"}	success	Starting your run. Have a great workout!	start a running workout
latte	OrderCoffee	{"beverage":"latte","quantity":1,"size":"large"}	success	Your large latte is on its way.	order a large latte
photos	SearchPhotos	{"album":"holidays"}	success	Here's what I found.	show me my holiday photos
landmark-nearest	FindClosestLandmark	{}	success	Here's the closest landmark.	find the nearest landmark
landmark-open	OpenLandmark	{"landmark":"golden-gate-bridge"}	success	Opening Golden Gate Bridge.	open the golden gate bridge
map	NavigateToSection	{"section":"map"}	success	Opening Map.	go to the map
ride-airport	RequestRide	{"destination":"airport"}	requiresAuthentication	Please sign in first so I can book your ride.	take me to the airport
timer-ask	SetTimer	{"duration":600}	success	Your ten minute timer is set.	set a timer	ten minutes
coffee-size	OrderCoffee	{"beverage":"cappuccino","quantity":1,"size":"medium"}	success	Your medium cappuccino is on its way.	order a cappuccino	medium
workout-ask	StartWorkout	{"workout":"yoga"}	success	Starting your yoga. Have a great workout!	start a workout	yoga
ride-ask	RequestRide	{}	requiresAuthentication	Please sign in first so I can book your ride.	book a ride	the train station
message-second	SendMessage	{"content":"running late","recipient":"alex-jones"}	success	Okay, I sent it to Alex Jones.	send a message to alex	the second one	running late	yes
message-name	SendMessage	{"content":"see you soon","recipient":"alex-smith"}	success	Okay, I sent it to Alex Smith.	text alex saying see you soon	alex smith	yes
message-no	SendMessage	{"content":"dinner is ready","recipient":"mom"}	canceled	Okay, I won't.	tell mom that dinner is ready	no
drink-cancel	OrderCoffee	{}	canceled	Okay, I've canceled that.	order a drink	cancel
message-never-mind	SendMessage	{"recipient":"grandma"}	canceled	Okay, I've canceled that.	send a message to grandma	never mind
EOF
)

# speak OUT VOICE TEXT: OUT (16 kHz mono float WAV), synthesiser silence
# trimmed from both ends, peak at -3 dBFS. VOICE is espeak:NAME[:SPEED] or
# flite:NAME. As `speak` in Tests/Fixtures/synthesis.sh, with a speed and a level.
speak() {
  local target=$1 voice=$2 text=$3 raw="$1.raw.wav" name speed
  case "$voice" in
    espeak:*)
      name=${voice#espeak:}; speed=
      if [[ $name == *:* ]]; then speed=${name#*:}; name=${name%%:*}; fi
      espeak-ng -v "$name" ${speed:+-s "$speed"} -w "$raw" "$text" ;;
    flite:*) flite -voice "${voice#flite:}" -t "$text" -o "$raw" ;;
    *) echo "unknown voice $voice" >&2; exit 1 ;;
  esac
  sox -R "$raw" "${float[@]}" "$target" silence 1 0.005 -50d reverse silence 1 0.005 -50d reverse gain -n -3
  rm -f "$raw"
}

# Seconds (3 decimals) of a count of samples.
seconds() { printf '%d.%03d' $(($1 / rate)) $((($1 % rate) * 1000 / rate)); }

# Pauses (zeros; the floor goes under them) and the noise floor, made once.
zeros() { sox -R -r "$rate" -c 1 -n "${float[@]}" "$work/$1.wav" trim 0 "$2"; }
zeros lead "$lead"; zeros pause "$pause"; zeros tail "$tail"
floor_seconds=60
sox -R -r "$rate" -c 1 -n "${float[@]}" "$work/floor.wav" synth "$floor_seconds" pinknoise norm -55
lead_n=$(soxi -s "$work/lead.wav") pause_n=$(soxi -s "$work/pause.wav") tail_n=$(soxi -s "$work/tail.wav")

manifest="$work/sessions.tsv"
printf 'voice\tsession\tfile\tutterances\ttimes\tintent\targuments\treply\treply_text\n' > "$manifest"
declare -A clip_samples
count=0
for entry in "${voices[@]}"; do
  voice=${entry%%=*} synth=${entry#*=}
  mkdir -p "$out/$voice" "$work/$voice"
  clip=0
  declare -A clips=()
  while IFS=$'\t' read -r -a fields; do
    id=${fields[0]} intent=${fields[1]} arguments=${fields[2]} reply=${fields[3]} reply_text=${fields[4]}
    texts=("${fields[@]:5}")
    parts=("$work/lead.wav") at=$lead_n said="" times=""
    for i in "${!texts[@]}"; do
      text=${texts[$i]}
      # Each text is synthesised once per voice.
      if [[ -z ${clips[$text]:-} ]]; then
        clip=$((clip + 1))
        clips[$text]="$work/$voice/$clip.wav"
        speak "${clips[$text]}" "$synth" "$text"
        clip_samples[${clips[$text]}]=$(soxi -s "${clips[$text]}")
      fi
      n=${clip_samples[${clips[$text]}]}
      if ((i > 0)); then
        parts+=("$work/pause.wav"); at=$((at + pause_n)); said+=" | "; times+=" | "
      fi
      parts+=("${clips[$text]}")
      said+=$text
      times+="$(seconds "$at")-$(seconds $((at + n)))"
      at=$((at + n))
    done
    parts+=("$work/tail.wav"); at=$((at + tail_n))
    if ((at > floor_seconds * rate)); then echo "$voice/$id is longer than the noise floor" >&2; exit 1; fi
    sox -R "${parts[@]}" "$work/speech.wav"
    sox -R -m -v 1 "$work/speech.wav" -v 1 "$work/floor.wav" -b 16 "$out/$voice/$id.wav" trim 0 "${at}s" dither -s
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$voice" "$id" "$voice/$id.wav" "$said" "$times" \
      "$intent" "$arguments" "$reply" "$reply_text" >> "$manifest"
    count=$((count + 1))
  done <<< "$sessions"
  unset clips
done
mv "$manifest" "$out/sessions.tsv"
echo "wrote $count sessions in ${#voices[@]} voices to $out (manifest $out/sessions.tsv)"
