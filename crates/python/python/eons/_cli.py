"""The ``eons`` command the package installs: the repository's ``eons``
program (play, sim, replay, check, bench, tournament, games) run inside
the extension, without ``eons serve``."""

import signal
import sys


def main():
    """Runs ``eons`` with the process's arguments and exits with its code."""
    from eons import _eons

    # Ctrl-C stops the program at once, as it stops the native binary:
    # Python's own handler would wait for the Rust code to return.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(_eons.run_cli(["eons", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
