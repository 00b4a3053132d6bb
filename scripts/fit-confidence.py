#!/usr/bin/env python3
"""Fits voicecmd's utterance confidence: the probability that a grammar
result is the command the person said, from the recogniser's evidence
(RecognitionEvidence), as a small ensemble of monotonic decision trees.

Input: JSON Lines from `voicecmd-bench evidence` (one line per transcript,
labelled right, wrong, out or noise), one file per set, named for the set
(`barista12.jsonl`). Commands heard right are the positives; commands heard
wrong, speech the model has no command for, and noise, the negatives.
Two models are fitted: on PocketSphinx's evidence, and with the neural
second opinion (Moonshine's transcript compared with the command) as well,
for recognisers that have it.

    scripts/fit-confidence.py DIR [--write]

reads DIR/*.jsonl, prints how each set fares when it is left out of the fit
(the sets are grouped in FOLDS: a voice family, or a kind of other speech,
is judged by a model that never saw it), then fits on everything and prints
each set's acceptance per threshold. With --write it writes the fitted
trees to Sources/SpeechFront/Recognition/ConfidenceTable.swift.

Needs numpy and scikit-learn from PyPI (pip install -r scripts/fit-requirements.txt,
pinned there); the trees are read by ConfidenceModel.swift, which needs
neither.
"""
import glob
import json
import math
import os
import sys

import numpy as np
import sklearn
from sklearn.ensemble import HistGradientBoostingClassifier

# Feature name → (how it is computed from a JSON row, its direction:
# -1 never raises the confidence as it grows, +1 never lowers it, 0 free).
# ConfidenceModel.features computes the same from the evidence, in this order.
LEAST_LOOP_FIT = 0.5
FEATURES = [
    ("word_margin", lambda r: r["word_margin"], -1),
    ("path_margin", lambda r: r["path_margin"], -1),
    ("worst_word_margin", lambda r: r["worst_word_margin"], -1),
    ("phone_distance", lambda r: r["phone_distance"], -1),
    ("worst_word_phone_distance", lambda r: r["worst_word_phone_distance"], -1),
    ("unexplained", lambda r: r["unexplained"], -1),
    ("loop_fit", lambda r: max(LEAST_LOOP_FIT, -r["loop_fit"]), 0),
    ("phones_per_second", lambda r: r["phones"] * 100 / r["word_frames"] if r["word_frames"] > 0 else 0, 0),
]
# The neural second opinion's (SecondOpinion.swift), after those, in the
# model fitted on transcripts that have one.
SECOND_OPINION = [
    ("second_distance", lambda r: r["second_distance"], -1),
    ("second_extra", lambda r: r["second_extra"], -1),
]
# Sets of other speech (every acceptance is false).
OUT_OF_GRAMMAR = ("sc-", "wake-", "barista-home", "voices-default-sc", "kitchen-")
# Held out together: one voice family and kinds of other speech at a time.
FOLDS = [
    ["voices:espeak", "voices18:espeak", "sc-barista", "wake-home"],
    ["voices:flite", "voices18:flite", "sc-home", "wake-barista", "barista-home"],
    ["barista", "barista12", "barista6", "voices-default-sc"],
    ["kitchen-home", "kitchen-default"],
]
TREES = dict(max_iter=150, max_depth=3, learning_rate=0.1, min_samples_leaf=20, l2_regularization=1.0)
THRESHOLDS = [0.2, 0.25, 0.3, 0.4, 0.5, 0.6]


def load(directory):
    """Set name → rows with a matched command and evidence; the voice sets
    split by family (voices:espeak, voices:flite). Also each set's count of
    clips heard (matched or not), the denominator of acceptance."""
    sets, totals = {}, {}
    for path in sorted(glob.glob(os.path.join(directory, "*.jsonl"))):
        name = os.path.basename(path)[:-len(".jsonl")]
        rows = []
        with open(path) as lines:
            for line in lines:
                if line.startswith("{") and line.endswith("}\n"):
                    rows.append(json.loads(line))
        if name.startswith("voices") and name != "voices-default-sc":
            for family in ("espeak", "flite"):
                part = [row for row in rows if os.path.basename(row["file"]).startswith(family)]
                sets[f"{name}:{family}"] = [row for row in part if row.get("matched") and "word_margin" in row]
                totals[f"{name}:{family}"] = len(part)
        else:
            sets[name] = [row for row in rows if row.get("matched") and "word_margin" in row]
            totals[name] = len(rows)
    return sets, totals


def matrix(rows, features):
    return np.array([[compute(row) for _, compute, _ in features] for row in rows])


def fit(sets, names, features):
    """Positives and negatives weigh the same in all, and within each, every set the same."""
    rows, weights, labels = [], [], []
    for positive in (True, False):
        groups = [[row for row in sets[name] if (row["label"] == "right") == positive] for name in names]
        groups = [group for group in groups if group]
        for group in groups:
            for row in group:
                rows.append(row)
                labels.append(positive)
                weights.append(1.0 / len(groups) / len(group))
    model = HistGradientBoostingClassifier(monotonic_cst=[direction for _, _, direction in features], random_state=0, **TREES)
    model.fit(matrix(rows, features), np.array(labels), sample_weight=np.array(weights))
    return model


def accepted(model, features, sets, totals, name, threshold):
    rows = sets[name]
    if not rows:
        return f"{name} 0/{totals[name]}"
    p = model.predict_proba(matrix(rows, features))[:, 1]
    if name.startswith(OUT_OF_GRAMMAR):
        return f"{name} {int((p >= threshold).sum())}/{totals[name]} false"
    right = np.array([row["label"] == "right" for row in rows])
    return f"{name} {int(((p >= threshold) & right).sum())}/{totals[name]} right (heard right {int(right.sum())})"


def table(model):
    lines = [f"baseline {float(np.ravel(model._baseline_prediction)[0])!r}"]
    for index, predictors in enumerate(model._predictors):
        for node in predictors[0].nodes:
            lines.append(f"{index} {int(node['feature_idx'])} {float(node['num_threshold'])!r} {int(node['left'])} "
                         f"{int(node['right'])} {float(node['value'])!r} {int(node['is_leaf'])}")
    return lines


def write(model, second, path):
    def names(features):
        return ", ".join(f'"{name}"' for name, _, _ in features)
    with open(path, "w") as swift:
        swift.write("// Generated by scripts/fit-confidence.py (scikit-learn "
                    f"{sklearn.__version__}); do not edit.\n\n"
                    "/// The fitted trees of `ConfidenceModel`: on PocketSphinx's evidence,\n"
                    "/// and with the neural second opinion's after it.\n"
                    "enum ConfidenceTable {\n"
                    f"    static let features = [{names(FEATURES)}]\n"
                    f"    static let secondOpinionFeatures = [{names(FEATURES + SECOND_OPINION)}]\n")
        for name, fitted in (("trees", model), ("secondOpinionTrees", second)):
            swift.write(f"\n    static let {name} = \"\"\"\n")
            for line in table(fitted):
                swift.write(f"        {line}\n")
            swift.write("        \"\"\"\n")
        swift.write("}\n")


def report(sets, totals, features, title):
    """Each fold judged by a model fitted without it, then the model fitted on everything."""
    everything = [name for name in sets if sets[name]]
    print(f"== {title}")
    for fold in FOLDS:
        held = [name for name in fold if name in sets]
        if not held:
            continue
        model = fit(sets, [name for name in everything if name not in held], features)
        print("left out:", ", ".join(held))
        for threshold in THRESHOLDS:
            print(f"  {threshold:.2f}  " + "  ".join(accepted(model, features, sets, totals, name, threshold) for name in held))
    model = fit(sets, everything, features)
    print("fitted on everything:")
    for threshold in THRESHOLDS:
        print(f"  {threshold:.2f}  " + "  ".join(accepted(model, features, sets, totals, name, threshold) for name in sorted(sets)))
    return model


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    sets, totals = load(arguments[0])
    model = report(sets, totals, FEATURES, "PocketSphinx's evidence")
    # The second opinion's model, on the transcripts that have one.
    with_second = {name: [row for row in rows if "second_distance" in row] for name, rows in sets.items()}
    second = report(with_second, totals, FEATURES + SECOND_OPINION, "with the second opinion")
    if "--write" in arguments:
        path = os.path.join(os.path.dirname(__file__), "..", "Sources", "SpeechFront", "Recognition", "ConfidenceTable.swift")
        write(model, second, os.path.normpath(path))
        print("wrote", os.path.normpath(path))


if __name__ == "__main__":
    main(sys.argv[1:])
