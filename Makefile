# The two quick-start commands of the README, plus the benchmarks.
.PHONY: demo test bench deps

deps:
	./scripts/install-deps

# The main job on the built-in default model: a recording heard and
# understood, two typed sentences matched, and a request carried through
# its follow-up questions (answers piped in), and a spoken conversation heard.
demo: deps
	swift build --product voicecmd
	.build/debug/voicecmd transcribe Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac
	printf '%s\n' "please turn off the kitchen light" "send a message to Alex saying running late" | .build/debug/voicecmd match
	printf '%s\n' "the second one" "running late" "yes" | .build/debug/voicecmd run send a message to Alex
	.build/debug/voicecmd listen --fast --input Tests/VoiceCommandsTests/Fixtures/sessions/conversation.flac

# The tests, then the embedding example: a package of its own, built
# against the public API alone and run on its recording.
test: deps
	swift test
	swift build --package-path Examples/MusicPlayer
	Examples/MusicPlayer/.build/debug/music-player | diff -u Examples/MusicPlayer/expected-output.txt -

bench: deps
	swift build -c release --product voicecmd-bench
	.build/release/voicecmd-bench match --commands ../shared/bench/home.json --sentences ../shared/bench/home-sentences.txt
	.build/release/voicecmd-bench generated --intents 1000 --phrases 10 --entities 1000
	.build/release/voicecmd-bench applications --applications 10 --intents 100
	.build/release/voicecmd-bench listen --clip Tests/VoiceCommandsTests/Fixtures/sessions/kitchen-five.flac --minutes 30 --realtime 60
	Benchmarks/virtual-microphone.sh .build/release/voicecmd-bench microphone --clip Tests/VoiceCommandsTests/Fixtures/sessions/kitchen-five.flac --minutes 60
	# The wake phrases' detectors, trained from synthetic speech once and cached.
	swift build -c release --product voicecmd
	.build/release/voicecmd wake train alexa --unless-trained
	.build/release/voicecmd wake train snowboy --unless-trained
	.build/release/voicecmd-bench wake --corpora ../shared/corpora --minutes 60
	# Ten synthetic voices, quiet and at 18 dB; the recordings are made in .build/voices when missing.
	.build/release/voicecmd-bench voices --dir .build/voices --noise ../shared/corpora/noise/kitchen.wav --snr 18
	for snr in clean 24 18 12 6; do \
	  if [ $$snr = clean ]; then noise=""; else noise="--noise ../shared/corpora/noise/kitchen.wav --snr $$snr"; fi; \
	  .build/release/voicecmd-bench asr --commands ../shared/bench/barista.json --corpus ../shared/corpora/barista-dev $$noise --json | tail -1; \
	done
	.build/release/voicecmd-bench stream --commands ../shared/bench/barista.json --corpus ../shared/corpora/barista-dev --noise ../shared/corpora/noise/kitchen.wav --snr 6
	.build/release/voicecmd-bench asr --commands Benchmarks/models/speech-commands.json --corpus ../shared/corpora/speech-commands
	.build/release/voicecmd-bench asr --commands Benchmarks/models/misc-commands.json --corpus ../shared/corpora/misc-commands
	.build/release/voicecmd-bench rejection --corpora ../shared/corpora --limit 100 --noise-minutes 3 --plot .build/rejection.svg
