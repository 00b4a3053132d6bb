# bash completion for voicecmd (voicecmd completions bash)
_voicecmd() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "transcribe listen match run shortcut check grammar wake init sample test manual completions help --help --version" -- "$cur"))
        return
    fi
    case "${COMP_WORDS[1]}" in
        transcribe)
            case "$prev" in
                --commands|--shortcuts|--dict|--lm) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --hmm) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --mode|--nbest|--jobs|-j|--min-confidence|--hearing|--voice-gate|--denoise) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --mode --nbest --jobs --min-confidence --hearing --voice-gate --denoise --json --hmm --dict --lm --verbose --help -j -v -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        listen)
            case "$prev" in
                --commands|--shortcuts|--input|-i|--dict|--lm) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --hmm) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --device|-d|--trailing-silence|--max-utterance|--wake|-w|--wake-threshold|--voice|--min-confidence|--hearing|--voice-gate|--denoise|--answer-timeout) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --device --list-devices --input --fast --trailing-silence --max-utterance --wake --wake-threshold --speak --voice --min-confidence --hearing --voice-gate --denoise --answer-timeout --json --hmm --dict --lm --verbose --help -d -i -w -s -v -h" -- "$cur"))
            fi ;;
        match)
            case "$prev" in
                --commands|--shortcuts) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --all --explain --json --help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        run)
            case "$prev" in
                --commands|--shortcuts) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --answer-timeout) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --answer-timeout --json --help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        shortcut)
            case "$prev" in
                --commands|--shortcuts) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --ask) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --ask --json --help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        check)
            case "$prev" in
                --commands|--shortcuts) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        grammar)
            case "$prev" in
                --commands|--shortcuts) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --fsg --help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        wake)
            case "$prev" in
                --output|-o) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --clips) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--clips --output --unless-trained --help -o -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        init)
            case "$prev" in
                --template|-t) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--template --help -t -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        sample)
            case "$prev" in
                --commands|--shortcuts) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --count|-n) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --count --help -n -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        test)
            case "$prev" in
                --commands|--shortcuts|--dict|--lm) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --hmm) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --jobs|-j|--min-confidence|--hearing|--voice-gate|--denoise) return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--commands --shortcuts --jobs --min-confidence --hearing --voice-gate --denoise --hmm --dict --lm --help -j -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        manual)
            case "$prev" in
                --folder) COMPREPLY=($(compgen -d -- "$cur")); return ;;
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--folder --help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
        completions)
            case "$prev" in
            esac
            if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--help -h" -- "$cur"))
            else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    esac
}
complete -o filenames -F _voicecmd voicecmd
