# Sourced by scripts/test.sh and scripts/e2e-clock.sh: one way to need a Debian package.
# need_debian_package <command or path> <package> <what it is for>: installs the package with apt-get
# when the command is missing and we run as root; otherwise stops and says what to install.
need_debian_package() {
  local command="$1" package="$2" purpose="$3"
  if [ -x "$command" ] || command -v "$command" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's $package for $purpose…"
    (apt-get install -y -qq "$package" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$package" >/dev/null; })
  else
    echo "$package is missing ($purpose): run 'sudo apt-get install -y $package', then run the tests again." >&2
    exit 1
  fi
}
