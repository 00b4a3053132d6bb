# The two quick-start commands of the README, plus the benchmarks.
.PHONY: demo test bench deps

deps:
	./scripts/install-deps

# The main job on the built-in default model.
demo: deps
	swift build --product voicecmd
	printf '%s\n' "please set a timer for an hour and a half" "send a message to Alex saying running late" | .build/debug/voicecmd match

test: deps
	swift test

bench: deps
	swift build -c release --product voicecmd-bench
	.build/release/voicecmd-bench match --commands ../shared/bench/home.json --sentences ../shared/bench/home-sentences.txt
	.build/release/voicecmd-bench generated --intents 1000 --phrases 10 --entities 1000
