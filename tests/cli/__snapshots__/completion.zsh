#compdef bulwark
# zsh completion for bulwark; install: source <(bulwark completion zsh), after compinit
_bulwark() {
  local -a lines candidates
  local line name
  lines=("${(@f)$(bulwark __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
  for line in $lines; do
    [[ -z $line ]] && continue
    name=${line%%$'\t'*}
    candidates+=("${name//:/\\:}:${line#*$'\t'}")
  done
  if (( ${#candidates} )); then
    _describe -V bulwark candidates
  else
    _files
  fi
}
if [[ "${funcstack[1]}" == "_bulwark" ]]; then
  _bulwark "$@"
else
  compdef _bulwark bulwark
fi
