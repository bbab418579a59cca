"""`python -m bench`: run the rules-engine benchmark."""

import sys


def run() -> int:
    try:
        from bench.rules_bench import main
    except ModuleNotFoundError as exc:
        if exc.name != "bench.rules_bench":
            raise
        print("bench/rules_bench.py is not written yet: there is no benchmark to run.")
        return 1
    result = main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(run())
