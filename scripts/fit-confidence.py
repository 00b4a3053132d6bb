#!/usr/bin/env python3
"""Fits voicecmd's utterance confidence: a logistic model of "this is the
command the person said" on the recogniser's evidence (RecognitionEvidence).

Input: JSON Lines from `voicecmd-bench evidence` (one line per transcript,
with its label: right, wrong, out or noise), any number of files. Commands
heard right are the positives; commands heard wrong, speech the model has
no command for and noise are the negatives.

    scripts/fit-confidence.py FIT.jsonl ... [--test TEST.jsonl ...]

prints the weights for Sources/SpeechFront/Recognition/ConfidenceModel.swift
and, per file, how many transcripts a threshold would accept. Pure Python
(no numpy): a few thousand rows fit in seconds.
"""
import json
import math
import sys

# The features, as ConfidenceModel computes them from the evidence: the
# acoustic margin over the words and the path margin, each relative to how
# well free phones fit the voice at all (a voice unlike the acoustic model's
# speakers widens every margin, in and out of the grammar alike).
FEATURES = ["relative_word_margin", "relative_path_margin"]
# The loop's fit is taken as at least this (nats per frame), so that a
# near-perfect fit does not blow the ratios up.
LEAST_FIT = 0.5


def features(row):
    fit = max(LEAST_FIT, -row["loop_fit"])
    return [row["word_margin"] / fit, row["path_margin"] / fit]


def load(paths):
    rows = []
    for path in paths:
        with open(path) as lines:
            for line in lines:
                if not line.startswith("{"):
                    continue
                row = json.loads(line)
                if "word_margin" not in row or not row.get("matched"):
                    continue
                row["source"] = path
                rows.append(row)
    return rows


def fit(rows, l2=0.01, steps=4000, rate=0.5):
    """Logistic regression by gradient descent on standardised features;
    each class weighted to the same total, so that the fit does not depend
    on how many clips of each kind the development sets happen to hold."""
    xs = [features(row) for row in rows]
    ys = [1.0 if row["label"] == "right" else 0.0 for row in rows]
    count = len(FEATURES)
    means = [sum(x[i] for x in xs) / len(xs) for i in range(count)]
    scales = [max(1e-6, math.sqrt(sum((x[i] - means[i]) ** 2 for x in xs) / len(xs))) for i in range(count)]
    zs = [[(x[i] - means[i]) / scales[i] for i in range(count)] for x in xs]
    positives = sum(ys)
    negatives = len(ys) - positives
    weights_per_row = [0.5 / positives if y else 0.5 / negatives for y in ys]
    w = [0.0] * count
    b = 0.0
    for _ in range(steps):
        gw = [l2 * wi for wi in w]
        gb = 0.0
        for z, y, weight in zip(zs, ys, weights_per_row):
            p = 1 / (1 + math.exp(-(b + sum(wi * zi for wi, zi in zip(w, z)))))
            error = (p - y) * weight
            gb += error
            for i in range(count):
                gw[i] += error * z[i]
        w = [wi - rate * gi for wi, gi in zip(w, gw)]
        b -= rate * gb
    # Back to the raw features' scale.
    raw = [w[i] / scales[i] for i in range(count)]
    bias = b - sum(w[i] * means[i] / scales[i] for i in range(count))
    return raw, bias


def probability(row, raw, bias):
    return 1 / (1 + math.exp(-(bias + sum(wi * xi for wi, xi in zip(raw, features(row))))))


def main(arguments):
    split = arguments.index("--test") if "--test" in arguments else len(arguments)
    fitted, tested = arguments[:split], arguments[split + 1:]
    paths = fitted + tested
    rows = load(paths)
    raw, bias = fit([row for row in rows if row["source"] in fitted])
    print("bias", round(bias, 4))
    for name, weight in zip(FEATURES, raw):
        print(f"{name:20s} {weight:+.4f}")
    print()
    for threshold in [0.2, 0.3, 0.4]:
        print(f"threshold {threshold}")
        for path in paths:
            subset = [row for row in rows if row["source"] == path]
            accepted = [row for row in subset if probability(row, raw, bias) >= threshold]
            right = sum(1 for row in accepted if row["label"] == "right")
            role = "fit " if path in fitted else "test"
            print(f"  {role} {path:40s} accepted {len(accepted):4d} of {len(subset):4d} (right {right})")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
