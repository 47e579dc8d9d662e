# fish completion for bulwark; install: bulwark completion fish > ~/.config/fish/completions/bulwark.fish
function __bulwark_complete
    set -l words (commandline -opc) (commandline -ct)
    bulwark __complete $words[2..-1] 2>/dev/null
end
complete -c bulwark -f -a '(__bulwark_complete)'
