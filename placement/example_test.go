package placement_test

import (
	"errors"
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
)

// The partition each family of Kafka clients picks for one key over 32
// partitions, as text (Kafka's UUIDSerializer) and as 16 bytes.
func ExamplePartitioner() {
	id := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for _, p := range []placement.Partitioner{placement.Murmur2, placement.CRC32, placement.FNV1a} {
		text, _ := p.PartitionText(id, 32)
		binary, _ := p.PartitionBinary(id, 32)
		fmt.Println(p, text, binary)
	}
	_, err := placement.Murmur2.PartitionText(id, 0)
	fmt.Println(errors.Is(err, placement.ErrCount))
	// Output:
	// murmur2 17 19
	// crc32 22 3
	// fnv1a 31 7
	// true
}

// The Redis Cluster slot of a UUID key in each text form and as bytes,
// and of keys that carry it in a hash tag.
func ExampleRedisSlot() {
	id := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	fmt.Println(placement.RedisSlotForm(id, uuid.FormCanonical), placement.RedisSlotForm(id, uuid.FormHex),
		placement.RedisSlotForm(id, uuid.FormBraced), placement.RedisSlotForm(id, uuid.FormURN))
	fmt.Println(placement.RedisSlotBinary(id))
	fmt.Println(placement.RedisSlot("user:{" + id.String() + "}:cart"))
	fmt.Println(placement.RedisSlot("cart:" + id.String()))
	// Output:
	// 13774 2986 13774 12650
	// 10111
	// 13774
	// 16176
}

// The token of a row keyed by a uuid column alone, and by a uuid and an
// int (PRIMARY KEY ((id, bucket), …)) with bucket 7.
func ExampleCassandraToken() {
	id := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	fmt.Println(placement.CassandraToken(id))
	token, err := placement.CassandraKeyToken(id[:], []byte{0, 0, 0, 7})
	fmt.Println(token, err)
	// Output:
	// -7918365142902392712
	// -7146628604770578189 <nil>
}
