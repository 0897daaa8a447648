"""check.py reads the lines cmd/vectors prints on standard input and
checks the Kafka partitions against librdkafka itself, loaded with ctypes
(Debian's librdkafka1): its exported partitioners murmur2_random,
consistent_random (the default) and fnv1a_random, called as a producer
calls them for a record with a key. None of them reads its topic argument
for a non-empty key, so no broker or topic is needed. It prints the count
of checks and of disagreements for each, and exits 1 if any disagrees or
there is nothing to check."""

import ctypes
import ctypes.util
import sys

name = ctypes.util.find_library("rdkafka") or "librdkafka.so.1"
lib = ctypes.CDLL(name)
lib.rd_kafka_version_str.restype = ctypes.c_char_p

partitioners = {}
for fn in ("murmur2_random", "consistent_random", "fnv1a_random"):
    f = getattr(lib, "rd_kafka_msg_partitioner_" + fn)
    f.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p]
    f.restype = ctypes.c_int32
    partitioners[fn] = f

# The fields of each line that hold placement's partitions, text then
# bytes, for each partitioner (see cmd/vectors).
fields = {"murmur2_random": (2, 3), "consistent_random": (14, 15), "fnv1a_random": (16, 17)}
stats = {fn: [0, 0] for fn in partitioners}
counts = None
for line in sys.stdin:
    f = line.split()
    if f[0] == "counts":
        counts = [int(c) for c in f[1:]]
        continue
    text = f[0].encode()
    raw = bytes.fromhex(f[0].replace("-", ""))
    for fn, part in partitioners.items():
        s = stats[fn]
        for key, i in ((text, fields[fn][0]), (raw, fields[fn][1])):
            want = f[i].split(",")
            for n, w in zip(counts, want):
                got = part(None, key, len(key), n, None, None)
                s[0] += 1
                if str(got) != w:
                    s[1] += 1
                    if s[1] <= 5:
                        print(f"librdkafka {fn}: {f[0]} ({'text' if key is text else 'bytes'}) over {n}: "
                              f"librdkafka says {got}, placement {w}", file=sys.stderr)

version = lib.rd_kafka_version_str().decode()
failed = False
for fn, (checked, bad) in stats.items():
    print(f"librdkafka {version} {fn}: {checked} checked, {bad} disagreements")
    failed = failed or bad > 0 or checked == 0
sys.exit(1 if failed else 0)
