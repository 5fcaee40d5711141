#!/usr/bin/env python3
"""Parses a Prometheus text exposition (format 0.0.4) file with prometheus_client's parser, the
reference reader, and prints its families as JSON: [{name, type, help, samples: [{name, labels, value}]}].

  scripts/ci/check-prometheus-text.py FILE

Also refuses what node_exporter's textfile collector refuses and the parser lets through: a
missing final newline, a sample timestamp, a family declared twice. Exit 0 valid, 1 invalid,
3 prometheus_client missing (python3 -m pip install prometheus-client).
"""
import json
import sys

try:
    from prometheus_client.parser import text_string_to_metric_families
except ImportError:
    print("check-prometheus-text: needs prometheus_client (python3 -m pip install prometheus-client)", file=sys.stderr)
    sys.exit(3)


def main():
    if len(sys.argv) != 2:
        print("usage: check-prometheus-text.py FILE", file=sys.stderr)
        return 64
    if sys.argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 0 if sys.argv[1] in ("-h", "--help") else 64
    try:
        with open(sys.argv[1], encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"check-prometheus-text: {sys.argv[1]}: cannot read: {error}", file=sys.stderr)
        return 1
    if not text.endswith("\n"):
        print("check-prometheus-text: no final newline", file=sys.stderr)
        return 1
    try:
        families = list(text_string_to_metric_families(text))
    except Exception as error:  # the parser raises ValueError and friends on malformed lines
        print(f"check-prometheus-text: {error}", file=sys.stderr)
        return 1
    names = [family.name for family in families]
    if len(names) != len(set(names)):
        print(f"check-prometheus-text: a family is declared twice: {names}", file=sys.stderr)
        return 1
    out = []
    for family in families:
        samples = []
        for sample in family.samples:
            if sample.timestamp is not None:
                print(f"check-prometheus-text: {sample.name} has a timestamp", file=sys.stderr)
                return 1
            samples.append({"name": sample.name, "labels": sample.labels, "value": sample.value})
        out.append({"name": family.name, "type": family.type, "help": family.documentation, "samples": samples})
    json.dump(out, sys.stdout, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
