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
	# A phone's contacts, 1,000 to 1,000,000: loaded, matched, heard (up to 100,000) and changed while listening.
	.build/release/voicecmd-bench entities
	# The same at 100,000 with a real list's variety of words (33,000 rather than 700).
	.build/release/voicecmd-bench entities --counts 100000 --diverse-names
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
	# Speech that is no command, in 13 voices of five families (its synthesisers: see the script's head; the sets are skipped without them).
	[ -f .build/other-speech/other-speech.tsv ] || Benchmarks/voices/make-other-speech.sh .build/other-speech || true
	.build/release/voicecmd-bench rejection --corpora ../shared/corpora --limit 100 --noise-minutes 3 --plot .build/rejection.svg
	# The likelihood ratio of the likeliest command inside the grammar against Moonshine's free transcript, per set.
	.build/release/voicecmd-bench likelihood --hearing base --limit 60

# Installing: the release binary (the Swift runtime linked in, so it runs
# without the toolchain), its manual pages and shell completions, the
# built-in model as a starting point, and the optional neural parts
# unpacked by the set-up step. PREFIX=/usr/local by default; DESTDIR stages.
PREFIX ?= /usr/local
DESTDIR ?=
root = $(DESTDIR)$(PREFIX)
# BINARY=path installs a binary built already instead (CI checks the
# install with the debug build its tests made, not building twice).
BINARY ?=
release = $(if $(BINARY),$(BINARY),.build/release/voicecmd)
.PHONY: install uninstall deb release-binary

release-binary:
	$(if $(BINARY),test -x "$(BINARY)",swift build -c release --static-swift-stdlib --product voicecmd)

install: release-binary
	rm -rf .build/install-pages && mkdir -p .build/install-pages
	$(release) manual --folder .build/install-pages
	install -d "$(root)/bin" "$(root)/share/man/man1" "$(root)/share/voicecmd/models" "$(root)/lib/voicecmd" \
		"$(root)/share/bash-completion/completions" "$(root)/share/zsh/site-functions" \
		"$(root)/share/fish/vendor_completions.d" "$(root)/share/doc/voicecmd"
	install -m 755 $(release) "$(root)/bin/voicecmd"
	install -m 644 .build/install-pages/*.1 "$(root)/share/man/man1/"
	$(release) completions bash > "$(root)/share/bash-completion/completions/voicecmd"
	$(release) completions zsh > "$(root)/share/zsh/site-functions/_voicecmd"
	$(release) completions fish > "$(root)/share/fish/vendor_completions.d/voicecmd.fish"
	install -m 644 Models/default.json Models/default.dict "$(root)/share/voicecmd/models/"
	install -m 644 LICENSE README.md docs/how-it-works.md "$(root)/share/doc/voicecmd/"
	cp -R ThirdParty "$(root)/share/doc/voicecmd/"
	if [ -d .build/vendor ]; then cp -R .build/vendor "$(root)/lib/voicecmd/"; fi
	# What uninstall removes: these files, and nothing else.
	{ echo bin/voicecmd; for page in .build/install-pages/*.1; do echo "share/man/man1/$${page##*/}"; done; \
	  echo share/bash-completion/completions/voicecmd; echo share/zsh/site-functions/_voicecmd; \
	  echo share/fish/vendor_completions.d/voicecmd.fish; echo share/voicecmd/models/default.json; \
	  echo share/voicecmd/models/default.dict; \
	  cd "$(root)" && find share/doc/voicecmd lib/voicecmd/vendor -type f 2>/dev/null; true; } > "$(root)/lib/voicecmd/installed-files"

# Removes the files install wrote (listed in lib/voicecmd/installed-files),
# then the folders that are left empty.
uninstall:
	@test -f "$(root)/lib/voicecmd/installed-files" || { echo "nothing to uninstall: $(root)/lib/voicecmd/installed-files is missing" >&2; exit 1; }
	cd "$(root)" && while IFS= read -r file; do rm -f "./$$file"; done < lib/voicecmd/installed-files
	rm -f "$(root)/lib/voicecmd/installed-files"
	-find "$(root)/share/doc/voicecmd" "$(root)/lib/voicecmd" "$(root)/share/voicecmd" -depth -type d -empty -delete 2>/dev/null

# A Debian package of the same install (PREFIX=/usr), built with dpkg-deb:
# build/voicecmd_<version>_<arch>.deb.
deb_version = $(shell $(release) --version 2>/dev/null || echo 0.0.0)
deb_arch = $(shell dpkg --print-architecture)
deb_root = .build/deb/voicecmd
deb: release-binary
	rm -rf "$(deb_root)" && mkdir -p "$(deb_root)/DEBIAN" build
	$(MAKE) install PREFIX=/usr DESTDIR="$(CURDIR)/$(deb_root)"
	sed -e "s/@VERSION@/$(deb_version)/" -e "s/@ARCH@/$(deb_arch)/" \
		-e "s/@SIZE@/$$(du -sk $(deb_root) | cut -f1)/" packaging/control > "$(deb_root)/DEBIAN/control"
	dpkg-deb --root-owner-group --build "$(deb_root)" "build/voicecmd_$(deb_version)_$(deb_arch).deb"
