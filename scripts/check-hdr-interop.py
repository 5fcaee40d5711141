#!/usr/bin/env python3
"""Cross-check authz-bench's HdrHistogram encoding with HdrHistogram's Python port (module `hdrh`).

Commands (all print one JSON document on stdout):
  decode BASE64_OR_@FILE        decode a V2 compressed base64 payload (`HISTF...`)
  hlog FILE                     read an .hlog interval log, one summary per interval
  encode LOWEST HIGHEST DIGITS VALUE[:COUNT]...
                                record values with hdrh and print its base64 payload

A summary holds count, min, max, mean, stddev, percentiles (hdrh's get_value_at_percentile for
PERCENTILES) and the recorded slots as [highest equivalent value, count] pairs.

Exit codes: 0 ok, 2 usage or decoding error, 3 the `hdrh` module is missing
(install it with `python3 -m pip install hdrhistogram`).
"""
import json
import sys

PERCENTILES = [0.0, 50.0, 90.0, 99.0, 99.9, 99.99, 100.0]

try:
    from hdrh.histogram import HdrHistogram
    from hdrh.log import HistogramLogReader
except ImportError:
    sys.stderr.write("check-hdr-interop: the hdrh module is missing; run: python3 -m pip install hdrhistogram\n")
    sys.exit(3)


def summary(histogram):
    """The numbers the Swift side compares with its own."""
    slots = [[item.value_iterated_to, item.count_at_value_iterated_to]
             for item in histogram.get_recorded_iterator()]
    return {
        "lowest": histogram.lowest_trackable_value,
        "highest": histogram.highest_trackable_value,
        "digits": histogram.significant_figures,
        "count": histogram.get_total_count(),
        "min": histogram.get_min_value(),
        "max": histogram.get_max_value(),
        "mean": histogram.get_mean_value(),
        "stddev": histogram.get_stddev(),
        "percentiles": {repr(p): histogram.get_value_at_percentile(p) for p in PERCENTILES},
        "slots": slots,
    }


def decode(argument):
    text = argument
    if argument.startswith("@"):
        with open(argument[1:], "r", encoding="utf-8") as handle:
            text = handle.read().strip()
    return summary(HdrHistogram.decode(text))


def read_hlog(path):
    reader = HistogramLogReader(path, HdrHistogram(1, 2, 1))
    intervals = []
    while True:
        histogram = reader.get_next_interval_histogram()
        if histogram is None:
            break
        entry = summary(histogram)
        entry["tag"] = histogram.get_tag()
        entry["startMillis"] = histogram.get_start_time_stamp()
        entry["endMillis"] = histogram.get_end_time_stamp()
        intervals.append(entry)
    reader.close()
    return {"startTimeSeconds": reader.start_time_sec, "intervals": intervals}


def encode(lowest, highest, digits, values):
    histogram = HdrHistogram(int(lowest), int(highest), int(digits))
    for item in values:
        value, _, count = item.partition(":")
        if not histogram.record_value(int(value), int(count or 1)):
            raise ValueError("value %s is outside the histogram's range" % value)
    return {"base64": histogram.encode().decode("ascii"), "summary": summary(histogram)}


def main(argv):
    try:
        if len(argv) == 2 and argv[0] == "decode":
            result = decode(argv[1])
        elif len(argv) == 2 and argv[0] == "hlog":
            result = read_hlog(argv[1])
        elif len(argv) >= 4 and argv[0] == "encode":
            result = encode(argv[1], argv[2], argv[3], argv[4:])
        else:
            sys.stderr.write(__doc__)
            return 2
    except Exception as error:  # pylint: disable=broad-except
        sys.stderr.write("check-hdr-interop: %s: %s\n" % (type(error).__name__, error))
        return 2
    json.dump(result, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
