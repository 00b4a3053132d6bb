#!/usr/bin/env python3
"""command-clips.py VOICES OUT: the commands of the synthetic voice sessions
(make-voices.sh) as a corpus of single commands, for `voicecmd-bench
evidence` and `asr` (OUT/manifest.tsv with file and transcript columns).

Each session's first utterance is cut from its recording with half a second
of the session's noise floor on each side (less where the recording has
less), so the clip is what an endpointer would hand over. Needs sox.
"""
import csv
import os
import subprocess
import sys

PAD = 0.5


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: command-clips.py VOICES OUT")
    voices, out = sys.argv[1], sys.argv[2]
    os.makedirs(os.path.join(out, "wav"), exist_ok=True)
    rows = []
    with open(os.path.join(voices, "sessions.tsv")) as manifest:
        for session in csv.DictReader(manifest, delimiter="\t"):
            said = session["utterances"].split(" | ")[0]
            start, end = (float(t) for t in session["times"].split(" | ")[0].split("-"))
            name = f"{session['voice']}-{session['session']}.wav"
            subprocess.run(["sox", os.path.join(voices, session["file"]), os.path.join(out, "wav", name),
                            "trim", str(max(0.0, start - PAD)), f"={end + PAD}"], check=True)
            rows.append((f"wav/{name}", said.lower()))
    with open(os.path.join(out, "manifest.tsv"), "w") as manifest:
        manifest.write("file\ttranscript\n")
        for file, said in rows:
            manifest.write(f"{file}\t{said}\n")
    print(f"{len(rows)} clips in {out}")


main()
