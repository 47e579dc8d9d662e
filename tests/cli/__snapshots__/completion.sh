# bash completion for bulwark; install: source <(bulwark completion bash)
_bulwark() {
  local IFS=$'\n' line out
  COMPREPLY=()
  out=$(bulwark __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  for line in $out; do
    COMPREPLY+=("${line%%$'\t'*}")
  done
}
complete -o default -F _bulwark bulwark
