# zsh-complete.zsh FPATH_DIR BIN_DIR LINE: types LINE and two tabs into an interactive zsh (under zpty) that
# loaded the completion in FPATH_DIR through compinit, with BIN_DIR first on PATH, and prints what zsh showed
# (escape sequences removed): the completed line and the list of candidates. For Tests/e2e/cli.sh.
zmodload zsh/zpty
zpty -b z 'zsh -f -i'
zpty -w z "PS1='> '; PATH=${(q)2}:\$PATH; fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D; zstyle ':completion:*' list-prompt ''; LISTMAX=1000; print READY"
# Once for the echo of the line typed, once for the output of print.
zpty -r -m z line '*READY*'
zpty -r -m z line '*READY*'
zpty -w -n z "$3"$'\t\t'
sleep 3
out=""
while zpty -r -t z line; do out+=$line; done
zpty -d z
print -r -- "$out" | tr -d '\r' | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g'
