#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Targets, one per file) with
# AddressSanitizer and runs each for a set time on a copy of its seed corpus
# (Fuzz/Seeds/<target>, committed; what the run adds stays in .build/fuzz).
#
#   Fuzz/run.sh [SECONDS] [TARGET ...]     default: 60 s, every target
#
# A crash, a leak, an input slower than 10 s or a run over 2 GB stops a
# target and leaves the input in .build/fuzz/artifacts; the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
out=.build/fuzz
mkdir -p "$out/lib" "$out/bin" "$out/artifacts"

# The libraries, instrumented: PhraseMatcher (pure Swift) and SpeechFront
# (its C libraries through the same module maps as the package's).
flags=(-sanitize=fuzzer,address -parse-as-library -enable-testing -package-name voicecmd -O -g -swift-version 6)
c_flags=(-I Sources/CPocketSphinx -I Sources/CAudio -I Sources/CFlite -I Sources/CSherpaOnnx -I Sources/CMappedFiles)
for flag in $(pkg-config --cflags pocketsphinx sndfile samplerate); do c_flags+=(-Xcc "$flag"); done
# Each is rebuilt when a source of it (or this script) is newer than the library.
stale() { [ ! -f "$1" ] || [ -n "$(find "$2" Fuzz/run.sh -newer "$1" -print -quit)" ]; }
if stale "$out/lib/libPhraseMatcher.a" Sources/PhraseMatcher; then
  swiftc "${flags[@]}" -module-name PhraseMatcher -emit-library -static -emit-module \
    -emit-module-path "$out/lib/PhraseMatcher.swiftmodule" -o "$out/lib/libPhraseMatcher.a" \
    $(find Sources/PhraseMatcher -name '*.swift' | sort)
  rm -f "$out/lib/libSpeechFront.a"
fi
if stale "$out/lib/libSpeechFront.a" Sources/SpeechFront; then
  swiftc "${flags[@]}" "${c_flags[@]}" -I "$out/lib" -module-name SpeechFront -emit-library -static -emit-module \
    -emit-module-path "$out/lib/SpeechFront.swiftmodule" -o "$out/lib/libSpeechFront.a" \
    $(find Sources/SpeechFront -name '*.swift' | sort)
fi
libraries=$(pkg-config --libs-only-L --libs-only-l pocketsphinx sndfile samplerate libpulse-simple)

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for file in Fuzz/Targets/*Fuzz.swift; do targets+=("$(basename "$file" Fuzz.swift)"); done
fi
# Swift's own crash reporter would stand in the sanitizers' way. Leaks are
# looked for after each input that allocated more than it freed (libFuzzer's
# -detect_leaks), not at exit: what a target builds once and keeps (the
# matcher's model) is reached through Swift's tagged pointers, which
# LeakSanitizer does not follow. libvorbis (through libsndfile) leaks when it
# gives up on a broken Ogg header: a third-party leak, suppressed by name in
# lsan-suppressions.txt.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0:leak_check_at_exit=0"
status=0
for target in "${targets[@]}"; do
  swiftc "${flags[@]}" "${c_flags[@]}" -I "$out/lib" -module-name "${target}Fuzz" \
    "Fuzz/Targets/${target}Fuzz.swift" -use-ld=lld -L "$out/lib" -lSpeechFront -lPhraseMatcher \
    $libraries -lflite_cmulex -lflite -o "$out/bin/$target"
  corpus="$out/corpus/$target"
  mkdir -p "$corpus"
  cp -n Fuzz/Seeds/"$target"/* "$corpus"/ 2>/dev/null || true
  echo "== $target: $seconds s" >&2
  if ! "$out/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" "$corpus" 2> "$out/$target.log"; then
    status=1
    grep -v "^INFO\|^#[0-9]" "$out/$target.log" | tail -40 >&2
    echo "FAILED: $target (all of it in $out/$target.log, the input in $out/artifacts)" >&2
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE" "$out/$target.log" >&2 || true
done
exit $status
