package placement

// The hashes and steps behind the placements, for the vectors and the
// slow references of the tests.
var (
	Murmur2Hash = murmur2
	FNV1aHash   = fnv1a
	CRC16Table  = crc16Table
	CRC32Table  = crc32Table
	Normalize   = normalize
)

// CRC16 returns the CRC16-XMODEM of key, as Redis Cluster computes it.
func CRC16(key []byte) uint16 { return crc16(key, 0, len(key)) }
