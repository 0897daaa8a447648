// Package placement says where a UUID key lands in the systems that spread
// keys by a hash of their bytes: the partition a Kafka producer picks, the
// slot of a Redis Cluster, and the token of Cassandra and ScyllaDB. Each
// system hashes the bytes of the key as the client serialized them, so the
// answer depends on the form of the key (36 characters of text or 16 raw
// bytes) and, for Kafka, on the client family, whose default partitioners
// differ:
//
//   - [Murmur2]: the Java client, kafkajs, franz-go and kafka-go's
//     Murmur2Balancer (and librdkafka's murmur2_random);
//   - [CRC32]: librdkafka's default, consistent_random (and so
//     confluent-kafka-go, confluent-kafka-python and node-rdkafka), sarama's
//     NewConsistentCRCHashPartitioner and kafka-go's CRC32Balancer;
//   - [FNV1a]: sarama's default, NewHashPartitioner, kafka-go's Hash (and
//     librdkafka's fnv1a).
//
// For f79c3e09-677c-4bbd-a479-3f349cb785e7 over 32 partitions they pick 17,
// 22 and 31 for the key as Kafka's UUIDSerializer writes it (the canonical
// text), and 19, 3 and 7 for its 16 bytes: producers of one topic in two
// families split one key's events across partitions.
//
// [RedisSlot] is the Redis Cluster hash slot of any key, with hash tags
// honoured, and [RedisSlotForm] and [RedisSlotBinary] that of a UUID key in
// a text form or as bytes. [CassandraToken] is the Murmur3Partitioner token
// of a partition key that is one uuid or timeuuid column, and
// [CassandraKeyToken] that of any partition key, composite ones included.
//
// Every function is pure and safe for concurrent use, and none allocates
// unless it returns an error. The only errors are those of arguments no
// system accepts (a partition count that is not from 1 to math.MaxInt32,
// a partition key without columns or with one longer than 65535 bytes),
// reported as errors, never as panics.
package placement

import (
	"strconv"

	"github.com/afb7af96/uuid/internal/operr"
)

// ErrCount is matched, with [errors.Is], by the error of a Kafka
// partition function given a partition count below 1 or above
// math.MaxInt32, which no Kafka topic has. It is the same value as
// keyrange.ErrCount: one kind, a count out of its range, across the module.
var ErrCount error = operr.ErrCount

// countError is the error for partition count n.
func countError(n int) error {
	s := strconv.Itoa(n)
	return &operr.Error{Pkg: "placement", Input: s, Problem: "partition count " + s + " is not from 1 to 2147483647", Kind: ErrCount}
}
