#!/usr/bin/env bash
# Writes the fuzzers' seed corpora in Fuzz/Seeds: a few valid and broken
# inputs per target (models, phrases, spoken values, sentences, audio
# headers and short clips). Run again to regenerate them byte for byte.
set -euo pipefail
cd "$(dirname "$0")/Seeds"
mkdir -p ModelReader TemplateParser ValueParsers Matcher AudioReaders Shortcuts WakeNetworkFile
python3 - <<'PY'
import json, struct
def write(path, text):
    with open(path, 'wb') as f:
        f.write(text if isinstance(text, bytes) else text.encode())
write('ModelReader/small.json', json.dumps({
    "application": "Lights", "applicationSynonyms": ["lamps"], "fillers": ["please"],
    "types": {"Room": {"kind": "enum", "cases": {"kitchen": {"title": "Kitchen", "synonyms": ["galley"]}, "hall": {}}},
              "Contact": {"kind": "entity", "entities": [{"id": "a", "name": "Alex Smith", "synonyms": ["Alex"]}]}},
    "intents": {
        "TurnOn": {"parameters": {"room": {"type": "Room"}, "minutes": {"type": "integer", "min": 1, "max": 90, "required": False}},
                   "phrases": ["turn on [the] \\(room) light [for \\(minutes) minutes]", "(switch|put) \\(room) on"],
                   "confirmation": "Turn on \\(room)?", "replies": {"success": "The \\(room) light is on."}},
        "Call": {"parameters": {"who": {"type": "Contact"}, "when": {"type": "duration"}, "cost": {"type": "currency"}},
                 "phrases": ["call \\(who) in \\(when)", "pay \\(who) \\(cost)"],
                 "handler": {"program": "echo", "arguments": ["\\(who)"], "timeout": 5}}}}, indent=1))
write('ModelReader/summary.json', '{"application": "A", "include": ["x.json"], "intents": {"Go": {"parameters": {"n": {"type": "integer", '
      '"required": false}}, "phrases": ["go [\\\\(n)]"], "summary": "Go[ \\\\(n) times]", "confirmation": "Go?"}}}')
write('ModelReader/ranges.json', json.dumps({
    "application": "Ranges", "intents": {
        "Set": {"parameters": {"n": {"type": "integer", "min": -10, "max": 1500}, "x": {"type": "number", "min": -2.5, "max": 100},
                               "o": {"type": "ordinal", "min": 1, "max": 31}, "d": {"type": "duration", "min": 60, "max": 5400},
                               "c": {"type": "currency", "min": 0.99, "max": 20.5}},
                "phrases": ["set \\(n) to \\(x) [on the \\(o)] [for \\(d)] [at \\(c)]"]}}}, indent=1))
write('ModelReader/minimal.json', '{"application": "A", "intents": {"Go": {"phrases": ["go"]}}}')
write('ModelReader/errors.json', '{"application": "", "intents": {"Go": {"phrases": ["go \\\\(nothing)", "(a|", "[b]"], '
      '"parameters": {"x": {"type": "nope"}}}}, "extra": 1}')
phrases = ["(start|set) a \\(duration) timer [called \\(label)]",
           "navigate to \\(section) in \\(.applicationName) [(now|(right|straight) away)]",
           "go [(a|b)(a|b)(a|b)]", "turn \\(device) (on|off)", "what's the weather [like] [in \\(city)]"]
for index, text in enumerate(phrases):
    write(f'TemplateParser/{index}.txt', text)
values = ["twenty five", "one hundred and three", "minus four point five", "an hour and a half",
          "two minutes thirty seconds", "three dollars and fifty cents", "$3.50", "the twenty first",
          "a quarter of an hour", "yes please no", "nineteen eighty four thousand"]
for index, text in enumerate(values):
    write(f'ValueParsers/{index}.txt', text)
sentences = ["please turn off the kitchen light", "send a message to Alex saying running late",
             "set a timer for an hour and a half", "what's the weather in Paris tomorrow",
             "play some jazz in the living room", "turn the the the light",
             "ask courier to send a message to priya", "send a message to alex with the assistant please"]
for index, text in enumerate(sentences):
    write(f'Matcher/{index}.txt', text)
write('Shortcuts/file.json', json.dumps({"shortcuts": [
    {"phrase": "coffee time", "application": "Cafe", "intent": "Order", "sentence": "order a big coffee", "ask": []},
    {"phrase": "remind me", "application": "Cafe", "intent": "Timer", "sentence": "set a timer", "ask": ["length"]},
    {"phrase": "my usual \\(size)", "application": "Cafe", "intent": "Order", "sentence": "order a small coffee with two shots"}]}, indent=2))
write('Shortcuts/summary.txt', 'Order a \\(size) coffee[ with \\(shots) shots[ and \\(milk)]]')
write('Shortcuts/broken.json', '{"shortcuts": [{"phrase": 1}, [], "x"]')
# A wake network of one hidden unit (16 x 96 inputs), and one cut short.
header = b"voicecmd-wake-network 1\n" + json.dumps({"phrase": "hey computer", "hidden": 1,
    "embedding": "speech-embedding openwakeword-0.4.0"}).encode() + b"\n"
weights = struct.pack("<%df" % (1536 + 3), *[((i * 37) % 100) / 1000.0 for i in range(1536 + 3)])
open('WakeNetworkFile/one-unit.wakenet', 'wb').write(header + weights)
open('WakeNetworkFile/cut.wakenet', 'wb').write(header + weights[:100])
def wav(rate, channels, bits, frames, encoding=1):
    data = bytes((i * 37) % 256 for i in range(frames * channels * bits // 8))
    header = (b'RIFF' + struct.pack('<I', 36 + len(data)) + b'WAVEfmt '
              + struct.pack('<IHHIIHH', 16, encoding, channels, rate, rate * channels * bits // 8, channels * bits // 8, bits)
              + b'data' + struct.pack('<I', len(data)))
    return header + data
write('AudioReaders/mono16k.wav', wav(16000, 1, 16, 400))
write('AudioReaders/stereo44k.wav', wav(44100, 2, 16, 300))
write('AudioReaders/float8k.wav', wav(8000, 1, 32, 200, encoding=3))
write('AudioReaders/raw.pcm', bytes((i * 13) % 256 for i in range(801)))
PY
sox -R -n -r 16000 -b 16 -c 1 AudioReaders/tone.flac synth 0.1 sine 440
sox -R -n -r 22050 -c 1 AudioReaders/tone.ogg synth 0.1 sine 440
