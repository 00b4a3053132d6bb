#compdef voicecmd
# zsh completion for voicecmd (voicecmd completions zsh)
_voicecmd() {
    local -a subcommands
    subcommands=(
        'transcribe:Recognise recordings offline and match each utterance to a command.'
        'listen:Listen to a microphone or a stream of speech and carry out each command, follow-up questions answered by voice.'
        'match:Match text to the best intent and its arguments.'
        'run:Run a command typed as text\: match, resolve, confirm, handle and reply.'
        'shortcut:Add, list or remove personal shortcuts.'
        'check:Validate a command model and summarise it.'
        'grammar:Print the recognition grammar (JSGF) of a command model.'
        'wake:Train a wake phrase'\''s detector.'
        'init:Write a working command model to start from\: a template, its handler, its test cases and a README.'
        'sample:Print example sentences of a model with the intent and values each should give.'
        'test:Check a model against test cases\: sentences or recordings with the intent and values each should give.'
        'manual:Print the manual page (roff) of voicecmd or of a subcommand.'
        'completions:Print the shell completion script for bash, zsh or fish.'
    )
    if (( CURRENT == 2 )); then
        _describe 'subcommand' subcommands
        return
    fi
    case $words[2] in
        transcribe) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            '--mode[grammar (the commands only), lm (general English, then the matcher) or auto (default\: the commands, free text through the language model, speech that fits no command rejected).]:mode: ' \
            '--nbest[Also report up to n alternative hypotheses.]:n: ' \
            {-j,--jobs}'[Recognise n files at once (default 1).]:n: ' \
            '--min-confidence[Reject a command heard with less confidence than this, from 0 to 1\: higher turns away more other speech, and more unfamiliar voices. Default\: 0.4, or 0.25 without the neural second opinion.]:ratio: ' \
            '--hearing[The neural recogniser whose second opinion judges commands\: tiny (less memory and time) or base (hears more of what was said). Default\: $VOICECMD_HEARING, then tiny.]:model: ' \
            '--voice-gate[What keeps noise from the decoder\: silero (Silero'\''s voice-activity network), energy (the level detector alone) or auto (default\: silero when it is installed).]:mode: ' \
            '--denoise[Suppress noise with RNNoise first\: on, off or auto (default\: audio whose background is loud against the speech, judged on its opening).]:mode: ' \
            '--json[Print one JSON object per line (JSON Lines).]' \
            '--hmm[Acoustic model directory (default\: $VOICECMD_HMM, then pocketsphinx-en-us).]:dir:_files -/' \
            '--dict[Pronunciation dictionary (default\: $VOICECMD_DICT, then pocketsphinx-en-us).]:file:_files' \
            '--lm[Language model (default\: $VOICECMD_LM, then pocketsphinx-en-us).]:file:_files' \
            {-v,--verbose}'[Show PocketSphinx'\''s log.]' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        listen) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            {-d,--device}'[The PulseAudio source to record from. Default\: the default source.]:name: ' \
            '--list-devices[List the sources the PulseAudio server offers, and exit.]' \
            {-i,--input}'[The recording to listen to, or '\''-'\'' for raw PCM on standard input.]:file:_files' \
            '--fast[Play --input FILE as fast as it can be decoded instead of at real time.]' \
            '--trailing-silence[Silence that ends an utterance. Default\: 0.8.]:seconds: ' \
            '--max-utterance[The longest utterance; longer speech is cut. Default\: 15.]:seconds: ' \
            {-w,--wake}'[Only a command said after this phrase ("hey computer"), in the same breath or next, is carried out. Its detector, trained by voicecmd wake train, is used when there is one.]:phrase: ' \
            '--wake-threshold[How sure the wake phrase must be, from 0 to 1 (how much of it the neural recogniser heard, or PocketSphinx'\''s confidence in it said alone; averaged with the trained detector'\''s certainty when there is one)\: lower wakes on more real phrases and more other speech. Default\: 0.75.]:ratio: ' \
            {-s,--speak}'[Speak questions and replies aloud (espeak-ng, or flite with --voice); the microphone is not listened to meanwhile.]' \
            '--voice[Speak with this flite voice (slt, rms, awb, kal) instead of espeak-ng.]:name: ' \
            '--min-confidence[Reject a command heard with less confidence than this, from 0 to 1\: higher turns away more other speech, and more unfamiliar voices. Default\: 0.4, or 0.25 without the neural second opinion.]:ratio: ' \
            '--hearing[The neural recogniser whose second opinion judges commands\: tiny (less memory and time) or base (hears more of what was said). Default\: $VOICECMD_HEARING, then tiny.]:model: ' \
            '--voice-gate[What keeps noise from the decoder\: silero (Silero'\''s voice-activity network), energy (the level detector alone) or auto (default\: silero when it is installed).]:mode: ' \
            '--denoise[Suppress noise with RNNoise first\: on, off or auto (default\: audio whose background is loud against the speech, judged on its opening).]:mode: ' \
            '--answer-timeout[How long to wait for each follow-up answer. Default\: 30.]:seconds: ' \
            '--json[Print one JSON object per line (JSON Lines).]' \
            '--hmm[Acoustic model directory (default\: $VOICECMD_HMM, then pocketsphinx-en-us).]:dir:_files -/' \
            '--dict[Pronunciation dictionary (default\: $VOICECMD_DICT, then pocketsphinx-en-us).]:file:_files' \
            '--lm[Language model (default\: $VOICECMD_LM, then pocketsphinx-en-us).]:file:_files' \
            {-v,--verbose}'[Show PocketSphinx'\''s log.]' \
            {-h,--help}'[Show help information.]' ;;
        match) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            '--all[Print every candidate intent, best first.]' \
            '--explain[For an utterance that matches no intent, show the nearest phrases and where each parts from it.]' \
            '--json[Print one JSON object per line (JSON Lines).]' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        run) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            '--answer-timeout[How long to wait for each follow-up answer. Default\: 30.]:seconds: ' \
            '--json[Print one JSON object per line (JSON Lines).]' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        shortcut) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            '*--ask[add\: leave this required parameter open, to be asked each time.]:parameter: ' \
            '--json[Print one JSON object per line (JSON Lines).]' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        check) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        grammar) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            '--fsg[Print the minimised finite-state grammar PocketSphinx searches instead of JSGF.]' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        wake) _arguments -s \
            '--clips[Synthetic recordings of the phrase, and as many of other speech and noise. Default\: 3000.]:count: ' \
            {-o,--output}'[Write the detector here instead of the cache.]:file:_files' \
            '--unless-trained[Do nothing when the cache already has a detector for the phrase made by this version'\''s training.]' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        init) _arguments -s \
            {-t,--template}'[lights (default), timer, music, messages or coffee.]:name: ' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        sample) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            {-n,--count}'[Sentences per phrase, at most (default 1).]:n: ' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        test) _arguments -s \
            '*--commands[A command model (JSON), or a folder of them; repeat it to hear several applications at once. Default\: the built-in model.]:file:_files' \
            '--shortcuts[Personal shortcuts (default\: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).]:file:_files' \
            {-j,--jobs}'[Recognise n recordings at once (default 1).]:n: ' \
            '--min-confidence[Reject a command heard with less confidence than this, from 0 to 1\: higher turns away more other speech, and more unfamiliar voices. Default\: 0.4, or 0.25 without the neural second opinion.]:ratio: ' \
            '--hearing[The neural recogniser whose second opinion judges commands\: tiny (less memory and time) or base (hears more of what was said). Default\: $VOICECMD_HEARING, then tiny.]:model: ' \
            '--voice-gate[What keeps noise from the decoder\: silero (Silero'\''s voice-activity network), energy (the level detector alone) or auto (default\: silero when it is installed).]:mode: ' \
            '--denoise[Suppress noise with RNNoise first\: on, off or auto (default\: audio whose background is loud against the speech, judged on its opening).]:mode: ' \
            '--hmm[Acoustic model directory (default\: $VOICECMD_HMM, then pocketsphinx-en-us).]:dir:_files -/' \
            '--dict[Pronunciation dictionary (default\: $VOICECMD_DICT, then pocketsphinx-en-us).]:file:_files' \
            '--lm[Language model (default\: $VOICECMD_LM, then pocketsphinx-en-us).]:file:_files' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        manual) _arguments -s \
            '--folder[Write every page into this folder instead (voicecmd.1 and voicecmd-<subcommand>.1), as make install does.]:dir:_files -/' \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
        completions) _arguments -s \
            {-h,--help}'[Show help information.]' \
            '*:argument:_files' ;;
    esac
}
_voicecmd "$@"
