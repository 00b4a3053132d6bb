# Sourced by the fixture scripts (Tests/*/Fixtures/make-*.sh): speech from
# synthetic voices and a synthesised kitchen, with sox, espeak-ng and flite.
# No recordings; every run makes the same audio (sox -R).

rate=16000
float=(-r "$rate" -c 1 -e floating-point -b 32)

rms() { sox -R "$1" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}'; }
peak() { sox -R "$1" -n stat 2>&1 | awk '/Maximum amplitude/ {print $3}'; }

# speak OUT VOICE TEXT: OUT.wav, 16 kHz mono float, synthesiser silence
# (below -50 dBFS) trimmed from both ends. VOICE is espeak:<name> or
# flite:<name>.
speak() {
  local out=$1 voice=$2 text=$3 raw="$1.raw.wav"
  case "$voice" in
    espeak:*:*) local name=${voice#espeak:}; espeak-ng -v "${name%%:*}" -s "${name#*:}" -w "$raw" "$text" ;;
    espeak:*) espeak-ng -v "${voice#espeak:}" -w "$raw" "$text" ;;
    flite:*) flite -voice "${voice#flite:}" -t "$text" -o "$raw" ;;
    *) echo "unknown voice $voice" >&2; exit 1 ;;
  esac
  sox -R "$raw" "${float[@]}" "$out.wav" \
    silence 1 0.005 -50d reverse silence 1 0.005 -50d reverse
}

# kitchen_noise OUT LENGTH: a kitchen's steady background, LENGTH long (as
# sox takes it: 12.5, or 200000s in samples), float: OUT.fan.wav, an
# extractor fan (brown noise low-passed at 500 Hz, slowly swelling);
# OUT.water.wav, running water (pink noise band-passed to 250 Hz-5 kHz, with
# a slow tremolo); OUT.hum.wav, a fridge hum (100 and 200 Hz), each at
# -20 dBFS peak; and OUT.wav, the three mixed with weights 1, 0.6 and 0.08.
kitchen_noise() {
  local out=$1 length=$2
  sox -R -r "$rate" -c 1 -n "${float[@]}" "$out.fan.wav" synth "$length" brownnoise \
    lowpass 500 tremolo 0.15 25 norm -20
  sox -R -r "$rate" -c 1 -n "${float[@]}" "$out.water.wav" synth "$length" pinknoise \
    sinc 250-5000 tremolo 0.4 35 norm -20
  sox -R -r "$rate" -c 1 -n "${float[@]}" "$out.hum.wav" synth "$length" sine 100 synth sine mix 200 \
    norm -20
  sox -R -m -v 1 "$out.fan.wav" -v 0.6 "$out.water.wav" -v 0.08 "$out.hum.wav" \
    "${float[@]}" "$out.wav"
}
