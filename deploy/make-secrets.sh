#!/bin/sh
# Writes the secrets deploy/compose.yaml mounts, once: random values, each file mode 0600.
# Existing files are kept (the pepper must never change once admins have passwords).
#   sh deploy/make-secrets.sh                 # into deploy/secrets/
#   SMTP_URL=smtp://user:pass@mail:587 sh deploy/make-secrets.sh
#   SECRETS_DIR=/elsewhere sh deploy/make-secrets.sh
# The containers run as uid 1000 (the image's `node` user), and Docker Compose mounts file
# secrets as they are on the host: run it as root (the files are then given to uid 1000) or
# `sudo chown 1000 deploy/secrets/*` afterwards. Bulwark refuses a secret file others can read.
set -eu
umask 077
dir=${SECRETS_DIR:-$(dirname "$0")/secrets}
mkdir -p "$dir"
random() { od -An -tx1 -N32 /dev/urandom | tr -d ' \n'; }
write() {
  if [ -s "$dir/$1" ]; then echo "kept    $dir/$1"; return; fi
  printf '%s\n' "$2" > "$dir/$1"
  chmod 600 "$dir/$1"
  echo "created $dir/$1"
}
write postgres_password "$(random)"
write database_url "postgres://bulwark:$(tr -d '\n' < "$dir/postgres_password")@postgres:5432/bulwark"
write jwt_secret "$(random)"
write session_secret "$(random)"
write password_pepper "$(random)"
write metrics_token "$(random)"
write smtp_url "${SMTP_URL:-smtp://mail.example.com:587}"
if [ "$(id -u)" = 0 ]; then chown 1000 "$dir"/*; fi
if [ -z "${SMTP_URL:-}" ] && grep -q mail.example.com "$dir/smtp_url"; then
  echo "note: edit $dir/smtp_url to name your mail server (smtp://user:pass@host:587 or smtps://…)"
fi
