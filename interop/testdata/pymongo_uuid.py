# Reads, per line on stdin, a UUID's 32 hex digits and four BSON documents
# {u: <binary>} in hex, written by the Go side in the representations
# standard, csharpLegacy, javaLegacy and pythonLegacy. Writes, per line, for
# each representation the UUID PyMongo's bson decodes from that document
# with that uuid_representation, then the hex of the document
# bson.encode({u: Binary.from_uuid(u, representation)}) gives.
# Needs the bson package of PyMongo 3.11 or later (Debian: python3-bson).
import sys
import uuid

import bson
from bson.binary import Binary, UuidRepresentation
from bson.codec_options import CodecOptions

reps = [UuidRepresentation.STANDARD, UuidRepresentation.CSHARP_LEGACY,
        UuidRepresentation.JAVA_LEGACY, UuidRepresentation.PYTHON_LEGACY]
opts = [CodecOptions(uuid_representation=r) for r in reps]
out = sys.stdout
for line in sys.stdin:
    f = line.split()
    u = uuid.UUID(hex=f[0])
    decoded = []
    for doc, o in zip(f[1:5], opts):
        v = bson.decode(bytes.fromhex(doc), codec_options=o)["u"]
        decoded.append(v.hex if isinstance(v, uuid.UUID) else "not-a-uuid:" + type(v).__name__)
    encoded = [bson.encode({"u": Binary.from_uuid(u, r)}).hex() for r in reps]
    out.write(" ".join(decoded + encoded) + "\n")
